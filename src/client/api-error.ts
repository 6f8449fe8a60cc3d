// An error answer from the API, with the platform's body kept intact.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string>,
    readonly method: string,
    readonly path: string,
    /** What the request sent (its JSON body, form fields or query), for messages that quote the refused value. */
    readonly requestBody?: unknown,
  ) {
    super(describeError(status, body));
  }
}

/** One line out of the platform's error bodies: `{"message": ...}`, `{"error": ...}`, text. */
export function describeError(status: number, body: unknown): string {
  if (typeof body === 'string') return body.trim() || `HTTP ${status}`;
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.error_description === 'string') return b.error_description;
    const m = b.message ?? b.error;
    if (typeof m === 'string') return m;
    if (Array.isArray(m)) return m.join('; ');
    if (m && typeof m === 'object') {
      return Object.entries(m as Record<string, unknown>)
        .map(([field, errs]) => `${field} ${Array.isArray(errs) ? errs.join(', ') : typeof errs === 'string' ? errs : JSON.stringify(errs)}`)
        .join('; ');
    }
  }
  return `HTTP ${status}`;
}

/**
 * A success answer whose body is not the shape the command needs (a list that is not an array,
 * a record that is null or text): an error naming the request and its status, never a blank
 * record or a crash further on.
 */
export class UnexpectedAnswerError extends Error {
  constructor(
    readonly status: number,
    readonly method: string,
    readonly path: string,
    expected: string,
    got: unknown,
  ) {
    super(`unexpected answer to ${method} ${path} (HTTP ${status}): expected ${expected}, got ${shapeOf(got)}`);
  }
}

function shapeOf(value: unknown): string {
  if (value === null || value === undefined) return 'an empty body';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a record';
  if (typeof value === 'string') return value.trim() === '' ? 'an empty body' : 'text';
  return `a ${typeof value}`;
}
