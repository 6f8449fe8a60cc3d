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

/** What each exit code means, for help and the man page. */
export const EXIT_MEANINGS: Record<number, string> = {
  [EXIT.ok]: 'success',
  [EXIT.failure]: 'failure (anything not listed below)',
  [EXIT.usage]: 'usage error (unknown or missing flag or argument, bad value), a confirmation that could not be asked, or a cancelled prompt',
  [EXIT.notFound]: 'not found',
  [EXIT.auth]: 'not authenticated or not allowed (a bad or missing token, a missing scope, a config file others can read)',
  [EXIT.conflict]: 'conflict or unprocessable (the resource exists already, or the request was refused as invalid)',
  [EXIT.unavailable]: 'rate limited or unavailable after retries, or the instance cannot be reached',
  [EXIT.timedOut]: 'timed out waiting for an operation',
  [EXIT.interrupted]: 'interrupted (Ctrl-C)',
};

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

/** Paths of the hostctl extensions (`/api/v4/hostctl/...`), which the platform itself lacks. */
export const EXTENSION_PREFIX = '/hostctl/';

/**
 * A 404 from an extension path that names no resource (the router's `{"error": ...}` shape):
 * the target is not a hostctl instance. Extension commands share this one message.
 */
export function extensionMissing(status: number, path: string, body: unknown): CliError | undefined {
  if (status !== 404 || !path.startsWith(EXTENSION_PREFIX)) return undefined;
  if (body && typeof body === 'object' && 'message' in body) return undefined;
  return new CliError(`this command needs a hostctl instance: the target has no ${path} endpoint (a GitLab-compatible server without the hostctl extensions)`, EXIT.notFound, 'choose a hostctl target: hostctl context list');
}
