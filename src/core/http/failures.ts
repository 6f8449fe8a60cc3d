// Unexpected exceptions, sorted by what they mean for the caller. A lock another process holds
// is temporary (503 with Retry-After); a failing disk or a state that vanished is the server's
// fault (5xx with the platform's message), never the caller's (400) — except values a caller
// decoded into something the database cannot bind, which are bad input.
import { ApiError } from './errors.js';
import { WriteLockStalledError } from '../db/write-queue.js';
import { BodyAbortedError } from '../../shared/wire.js';

/** Seconds a caller should wait before retrying a request refused for a busy lock. */
export const RETRY_AFTER_SECONDS = 1;

export const serviceUnavailable = (): ApiError =>
  new ApiError(503, { message: '503 Service Unavailable' }, { 'retry-after': String(RETRY_AFTER_SECONDS) });

const LOCK_CODES = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_BUSY_TIMEOUT', 'SQLITE_LOCKED']);
const STORAGE_ERRNO = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOSPC', 'EDQUOT', 'EIO', 'EMFILE', 'ENFILE', 'ENOTDIR']);
const STORAGE_SQLITE = /^SQLITE_(READONLY|FULL|IOERR|CANTOPEN|CORRUPT|NOTADB|PERM)/;
const GIT_STORAGE_TEXT = /No space left on device|Read-only file system|Permission denied|Disk quota exceeded|Input\/output error|unable to create temporary file|insufficient permission/i;

const codeOf = (error: unknown): string => (error && typeof error === 'object' && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : '');

export const isLockBusy = (error: unknown): boolean => LOCK_CODES.has(codeOf(error));

export function isStorageFailure(error: unknown): boolean {
  const code = codeOf(error);
  if (STORAGE_ERRNO.has(code) || STORAGE_SQLITE.test(code)) return true;
  const stderr = error && typeof error === 'object' ? (error as { stderr?: unknown }).stderr : undefined;
  const message = error instanceof Error ? error.message : '';
  return GIT_STORAGE_TEXT.test(typeof stderr === 'string' ? stderr : '') || GIT_STORAGE_TEXT.test(message);
}

/** better-sqlite3's refusal of a bound value (an object or array decoded from a caller's input). */
const isBindRefusal = (error: unknown): boolean =>
  error instanceof TypeError && /can only bind|Too (few|many) parameter values|Missing named parameter/i.test(error.message);

/** The answer for an exception that is not an ApiError, or undefined for a plain 500. */
export function classify(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  // What the client got (if anything) is Node's 408 or nothing; serve's log line says which.
  if (error instanceof BodyAbortedError) return new ApiError(408, { message: '408 Request Timeout' }, { connection: 'close' });
  if (isLockBusy(error) || error instanceof WriteLockStalledError) return serviceUnavailable();
  if (isStorageFailure(error)) return new ApiError(500, { message: '500 Internal Server Error' });
  if (isBindRefusal(error)) return new ApiError(400, { error: 'a parameter has an invalid type' });
  if (error instanceof RangeError && /call stack/i.test(error.message)) return new ApiError(400, { error: 'parameters are nested too deeply' });
  return undefined;
}
