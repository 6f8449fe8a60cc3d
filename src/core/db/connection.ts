// One better-sqlite3 connection per core. WAL lets readers run beside a writer; the busy
// timeout makes concurrent processes wait for the write lock instead of failing; writers
// take the lock up front (BEGIN IMMEDIATE) so two of them never deadlock on an upgrade.
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export type Database = BetterSqlite3.Database;

const require = createRequire(import.meta.url);

export function openDatabase(file: string, options: { readonly?: boolean } = {}): Database {
  const Driver = require('better-sqlite3') as typeof BetterSqlite3;
  const db = new Driver(file, { fileMustExist: false, readonly: options.readonly ?? false });
  db.pragma('busy_timeout = 15000');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  return db;
}

/** Runs `fn` in a write transaction that holds the lock from its first statement. */
export function writeTx<T>(db: Database, fn: () => T): T {
  return db.transaction(fn).immediate();
}
