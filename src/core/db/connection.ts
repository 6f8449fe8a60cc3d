// One better-sqlite3 connection per core. WAL lets readers run beside a writer; the busy
// timeout makes concurrent processes wait for the write lock instead of failing; writers
// take the lock up front (BEGIN IMMEDIATE) so two of them never deadlock on an upgrade.
import { createRequire } from 'node:module';
import Driver from 'better-sqlite3';

export type Database = Driver.Database;

let addonPath: string | undefined;

/**
 * The compiled addon, located once. Handing its path to the driver skips the `bindings`
 * package's directory search, a measurable part of a local command's start-up.
 */
function nativeBinding(): string {
  return (addonPath ??= createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node'));
}

export function openDatabase(file: string, options: { readonly?: boolean } = {}): Database {
  const db = new Driver(file, { fileMustExist: false, readonly: options.readonly ?? false, nativeBinding: nativeBinding() });
  db.pragma('busy_timeout = 15000');
  // WAL is a property of the file; set it only when a new file still has another mode.
  if (db.pragma('journal_mode', { simple: true }) !== 'wal') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  cacheStatements(db);
  return db;
}

/**
 * Compiling SQL costs more than running these small queries, and the same few hundred
 * statements are prepared over and over; keep each compiled statement by its text. (Callers
 * must not switch a shared statement's mode with pluck/raw/expand.)
 */
function cacheStatements(db: Database): void {
  const cache = new Map<string, Driver.Statement>();
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = prepare(sql);
      if (cache.size < 2000) cache.set(sql, stmt);
    }
    return stmt;
  }) as Database['prepare'];
}

/** Runs `fn` in a write transaction that holds the lock from its first statement. */
export function writeTx<T>(db: Database, fn: () => T): T {
  return db.transaction(fn).immediate();
}
