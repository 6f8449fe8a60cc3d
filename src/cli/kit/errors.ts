// CLI-side errors and the exit-code taxonomy. main.ts is the only place that maps errors to
// exit codes; everything else throws.

export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  conflict: 5,
  unavailable: 6,
  timedOut: 7,
  interrupted: 130,
} as const;

/** Wrong or missing flags/arguments; the message names the flag. */
export class UsageError extends Error {}

/** The user declined a confirmation or aborted a prompt. */
export class CancelledError extends Error {}

/** A --wait that ran out of time. */
export class WaitTimeoutError extends Error {}

/** A failure with its own exit code and an optional hint line. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failure,
    readonly hint?: string,
  ) {
    super(message);
  }
}

export function exitCodeForStatus(status: number): number {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404 || status === 410) return EXIT.notFound;
  if (status === 409 || status === 412 || status === 422) return EXIT.conflict;
  if (status === 429 || status === 502 || status === 503 || status === 504) return EXIT.unavailable;
  return EXIT.failure;
}

export function hintForStatus(status: number, body: unknown): string | undefined {
  const b = (body ?? {}) as Record<string, unknown>;
  if (b.error === 'insufficient_scope') return `the token lacks a scope this needs (${String(b.scope)}); create one with: hostctl tokens create --scope ...`;
  if (status === 401) return 'check the token of the current context: hostctl context show';
  return undefined;
}
