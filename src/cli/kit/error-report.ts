// What an error means to the user: its exit code, one plain message, a hint, and the API's status
// and body when there was an answer. main.ts reports the error that ends a command with it, and
// a --from-file run (kit/bulk.ts) each record's error, so both read the same.
import { ApiError } from '../../client/api-error.js';
import { DryRunStop } from '../../client/client.js';
import { TransportError } from '../../client/transport.js';
import { CommanderError } from 'commander';
import { CancelledError, CliError, EXIT, UsageError, WaitTimeoutError, exitCodeForStatus, explainApiError, extensionMissing, hintForUnreachable } from './errors.js';
import type { FlagOfField } from './flag-fields.js';

export interface Reported {
  code: number;
  message: string;
  hint?: string;
  status?: number;
  body?: unknown;
}

export function classify(error: unknown, flagFor?: FlagOfField): Reported | null {
  if (error instanceof DryRunStop) return { code: EXIT.ok, message: '' };
  if (error instanceof CommanderError) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return null;
    // commander's message names the flag or argument; it is printed here, like every other error.
    return { code: error.exitCode === 0 ? 0 : EXIT.usage, message: error.message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' '), hint: 'see --help for usage' };
  }
  if (error instanceof UsageError) return { code: EXIT.usage, message: error.message, hint: 'see --help for usage' };
  if (error instanceof CancelledError) return { code: EXIT.usage, message: error.message };
  if (error instanceof WaitTimeoutError) return { code: EXIT.timedOut, message: error.message };
  if (error instanceof CliError) return { code: error.exitCode, message: error.message, ...(error.hint ? { hint: error.hint } : {}) };
  if (error instanceof ApiError) {
    const missing = extensionMissing(error.status, error.path, error.body);
    if (missing) return { code: missing.exitCode, message: missing.message, status: error.status, ...(missing.hint ? { hint: missing.hint } : {}) };
    const { message, hint } = explainApiError(error.status, error.body, error.method, error.path, error.requestBody, flagFor);
    return { code: exitCodeForStatus(error.status, error.body), message, status: error.status, body: error.body, ...(hint ? { hint } : {}) };
  }
  if (error instanceof TransportError) return { code: error.timedOut ? EXIT.timedOut : EXIT.unavailable, message: error.message, ...(error.timedOut ? {} : { hint: hintForUnreachable() }) };
  if (error instanceof Error && error.name === 'ExitPromptError') return { code: EXIT.interrupted, message: 'interrupted' };
  if (error instanceof Error && error.name === 'AbortPromptError') return { code: EXIT.usage, message: 'cancelled' };
  // A state this user may not write (or a read-only file system) is no bug of ours: say what to check.
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && /^(SQLITE_READONLY|SQLITE_PERM|EROFS|EACCES|EPERM)/.test(code)) {
    return { code: EXIT.failure, message: error instanceof Error ? error.message : String(error), hint: 'the state cannot be written here: check the owner and permissions of its directory and files, and that its file system is not read-only' };
  }
  return { code: EXIT.failure, message: error instanceof Error ? error.message : String(error), hint: 'this is unexpected; HOSTCTL_DEBUG=stack shows where it happened' };
}
