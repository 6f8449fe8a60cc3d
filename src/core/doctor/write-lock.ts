// `doctor --fix` repairs that must write the database (moving orphan repositories, restoring size
// rows) do it on a connection of their own, under the database's write lock, waiting a bounded
// time for it: a running serve or command keeps its lock, and the repair waits for another run.
// Doctor's own connection stays read-only.
import { join } from 'node:path';
import { openDatabase, writeTx, type Database } from '../db/connection.js';
import { STATE_DB } from '../../shared/state-layout.js';

/** How long a repair waits for the write lock before it leaves its work for another run. */
export const FIX_LOCK_WAIT_MS = 5_000;

/**
 * Runs `fn` in a write transaction of its own on the state's database: its value, or why the
 * database could not be written (a read-only copy) or its lock stayed taken. What `fn` did
 * outside the database before a failed commit stays done; the caller's own record says what.
 */
export function underWriteLock<T>(stateDir: string, fn: (db: Database) => T, lockWaitMs = FIX_LOCK_WAIT_MS): { value: T } | { busy: string } {
  let db: Database;
  try {
    db = openDatabase(join(stateDir, STATE_DB));
  } catch (error) {
    return { busy: `the database cannot be written (${(error as Error).message})` };
  }
  try {
    db.pragma(`busy_timeout = ${lockWaitMs}`);
    return { value: writeTx(db, () => fn(db)) };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !code.startsWith('SQLITE_')) throw error;
    return { busy: code.startsWith('SQLITE_BUSY') ? 'the database stayed busy: another process holds its write lock' : `the database cannot be written (${(error as Error).message})` };
  } finally {
    db.close();
  }
}
