// The platform's error shapes. Parameter validation and unknown routes answer `{"error": text}`;
// everything raised by the service answers `{"message": string | object | array}`. Handlers throw
// ApiError; the app turns it into a response in one place.

export type ErrorBody = Record<string, unknown>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
    /** A plain-text body instead of JSON (the moved-resource answer). */
    readonly text?: string,
  ) {
    super(typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : `HTTP ${status}`);
  }
}

const withReason = (prefix: string, reason?: string): string => (reason ? `${prefix} - ${reason}` : prefix);

/** `{"error": text}`: parameter validation (Grape) wording. */
export const paramError = (text: string, status = 400): ApiError => new ApiError(status, { error: text });

export const routeNotFound = (): ApiError => new ApiError(404, { error: '404 Not Found' });

export const notFound = (resource?: string): ApiError =>
  new ApiError(404, { message: resource ? `404 ${resource} Not Found` : '404 Not Found' });

/** The shape of a record lookup that escaped a handler (lower-case "found"). */
export const recordNotFound = (): ApiError => new ApiError(404, { message: '404 Not found' });

export const badRequest = (reason?: string): ApiError => new ApiError(400, { message: withReason('400 Bad request', reason) });

/** A service-level failure whose message is the whole text (`{"message": "Tag name invalid"}`). */
export const failure = (status: number, message: unknown): ApiError => new ApiError(status, { message });

/**
 * A service failure whose body carries fields beside the message, e.g. the commit endpoints'
 * `{"message": "Sorry, we cannot revert this commit automatically…", "error_code": "conflict"}`.
 * The message comes first, as the platform writes it; `extra` cannot replace it.
 */
export const failureWith = (status: number, message: unknown, extra: ErrorBody): ApiError => new ApiError(status, Object.assign({ message }, extra, { message }));

/** `If-Unmodified-Since` older than the resource's last change. */
export const preconditionFailed = (): ApiError => new ApiError(412, { message: '412 Precondition Failed' });

export const unauthorized = (reason?: string): ApiError => new ApiError(401, { message: withReason('401 Unauthorized', reason) });

export const forbidden = (reason?: string): ApiError => new ApiError(403, { message: withReason('403 Forbidden', reason) });

/**
 * A caller a permission check refuses: 401 only without credentials; a signed-in caller who lacks
 * the role or right gets 403. Every route's permission refusal goes through this.
 */
export const refused = (actor: unknown): ApiError => (actor ? forbidden() : unauthorized());

export const methodNotAllowed = (message = '405 Method Not Allowed'): ApiError => new ApiError(405, { message });

export const conflict = (message = '409 Conflict'): ApiError => new ApiError(409, { message });

export const unprocessable = (message: unknown = '422 Unprocessable Entity'): ApiError => new ApiError(422, { message });

/** Model validation errors: `{"message": {"field": ["is invalid"]}}`. */
export const validationError = (fields: Record<string, string[]>, status = 400): ApiError => new ApiError(status, { message: fields });

export const invalidToken = (description: string): ApiError =>
  new ApiError(
    401,
    { error: 'invalid_token', error_description: description },
    { 'www-authenticate': `Bearer realm="hostctl", error="invalid_token", error_description="${description}"` },
  );

export const insufficientScope = (scopes: string[]): ApiError =>
  new ApiError(403, {
    error: 'insufficient_scope',
    error_description: 'The request requires higher privileges than provided by the access token.',
    scope: scopes.join(' '),
  });

/** 301 for a resource reached by an old path: plain-text body and the new URL in Location. */
export const movedPermanently = (location: string): ApiError =>
  new ApiError(301, {}, { location }, `This resource has been moved permanently to ${location}`);
