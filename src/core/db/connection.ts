// One better-sqlite3 connection per core. WAL lets readers run beside a writer; writers take
// the lock up front (BEGIN IMMEDIATE) so two of them never deadlock on an upgrade.
//
// The driver is synchronous: SQLite's busy wait runs inside the event loop and stalls every
// request of the process. So the busy timeout is short (WRITE_BUSY_MS); a write request waits
// for a lock another process holds asynchronously, in its process's write turn, and keeps the
// lock while its handler starts (src/core/db/write-queue.ts). A transaction that still cannot
// get the lock fails with SQLITE_BUSY, which callers answer with 503.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Driver from 'better-sqlite3';
import { journalWrites } from './written-tables.js';
import { pinDataVersion, unpinDataVersion } from './generation.js';
import { FOLD_FUNCTION, foldCase } from './sql.js';

export type Database = Driver.Database;

/** Longest synchronous wait for the write lock (blocks the event loop, so keep it short). */
export const WRITE_BUSY_MS = 250;

/** The addon's path, or the addon itself once opened (see nativeBinding). */
let addon: string | object | undefined;

/**
 * The compiled addon, located once. Handing it to the driver skips the `bindings` package's
 * directory search, a measurable part of a local command's start-up. Where it sits beside dist/
 * (the built CLI) it is opened with `process.dlopen` itself and handed over loaded (the driver
 * takes an addon object in place of a path, though its types name only a path): `require` of
 * the path would resolve it again, read the package.json above it and make a module for it,
 * tens of KB of young-generation memory in a command that meets one scavenge at most.
 */
function nativeBinding(): string {
  if (addon === undefined) {
    const installed = installedAddon();
    if (installed) {
      const module = { exports: {} };
      process.dlopen(module, installed);
      addon = module.exports;
    } else {
      addon = createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node');
    }
  }
  return addon as string;
}

/**
 * Where the addon sits when the package's own node_modules holds it beside dist/ (the built CLI,
 * installed or in a checkout): one stat instead of a module resolution. Hoisted elsewhere, or run
 * from source, the resolution above finds it.
 */
function installedAddon(): string | undefined {
  // A path join, not URLs: making the module's URL and resolving another against it cost a
  // local command most of a millisecond. (import.meta.dirname is the chunk's directory, dist/.)
  const dir = import.meta.dirname ?? dirname(fileURLToPath(import.meta.url));
  const path = join(dir, '..', 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  return existsSync(path) ? path : undefined;
}

/**
 * `scratch`: a private copy no other process opens (a backup's snapshot): it keeps the rollback
 * journal it was made with, and its commits are not synced (the archive it goes into is).
 */
export function openDatabase(file: string, options: { readonly?: boolean; scratch?: boolean } = {}): Database {
  const db = new Driver(file, { fileMustExist: false, readonly: options.readonly ?? false, nativeBinding: nativeBinding() });
  if (options.scratch) {
    db.pragma('synchronous = OFF');
    db.pragma('foreign_keys = ON');
    cacheStatements(db);
    return db;
  }
  if (options.readonly) {
    db.pragma(`busy_timeout = ${WRITE_BUSY_MS}`);
    db.pragma('foreign_keys = ON');
    cacheStatements(db);
    return db;
  }
  db.pragma(`busy_timeout = ${WRITE_BUSY_MS}`);
  // WAL is a property of the file; set it only when a new file still has another mode.
  if (db.pragma('journal_mode', { simple: true }) !== 'wal') db.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before the write is acknowledged (NORMAL could lose the last
  // commits of a power cut in WAL mode).
  if (!options.readonly) db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  cacheStatements(db);
  return db;
}

/**
 * The application's SQL functions: FOLD_FUNCTION, the full case fold of searches (sql.ts).
 * Registered on a connection when a statement first names one (cacheStatements), not when it
 * opens: the driver's first registration in a process costs about 50 µs (its wrapper compiled),
 * and a local command rarely searches beyond ASCII.
 */
function registerFunctions(db: Database): void {
  db.function(FOLD_FUNCTION, { deterministic: true }, foldCase);
}

/** FOLD_FUNCTION as a statement calls it. */
const FOLD_CALL = `${FOLD_FUNCTION}(`;

/**
 * Compiling SQL costs more than running these small queries, and the same few hundred
 * statements are prepared over and over; keep each compiled statement by its text. A text made
 * per call (ids written into it) would be kept too, about 20 KB each up to the cap: lists of
 * values are bound instead (`placeholders`, `namedList`, or one JSON array read with `json_each`),
 * and so is what is left of a count's cap (test/contract/statement-texts.test.ts). (Callers
 * must not switch a shared statement's mode with pluck/raw/expand.)
 */
const TRANSACTION_CONTROL = /^\s*(?:BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE)\b/i;

/** The driver's own `prepare` of each connection whose statements are cached. */
const uncached = new WeakMap<Database, Database['prepare']>();

/** A statement of its own, outside the cache: one whose mode its caller may switch (pluck, raw). */
export function prepareOwn(db: Database, sql: string): Driver.Statement {
  return (uncached.get(db) ?? db.prepare.bind(db))(sql);
}

function cacheStatements(db: Database): void {
  const cache = new Map<string, Driver.Statement>();
  const driverPrepare = db.prepare.bind(db);
  let registered = false;
  // Every statement is compiled here (the cache's and prepareOwn's), so a statement naming one
  // of the application's functions finds it registered; the check runs on a compile only.
  const prepare = ((sql: string) => {
    if (!registered && sql.includes(FOLD_CALL)) {
      registerFunctions(db);
      registered = true;
    }
    return driverPrepare(sql);
  }) as Database['prepare'];
  uncached.set(db, prepare);
  db.prepare = ((sql: string) => {
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = prepare(sql);
      // Writes are journaled by the tables they touch (written-tables.ts); a write that
      // answers rows (RETURNING) is a reader to the driver, and a write all the same.
      // Transaction control changes no rows: nothing to journal (and a read transaction's BEGIN
      // and COMMIT are run on every list request).
      if ((!stmt.reader || /\bRETURNING\b/i.test(sql)) && !TRANSACTION_CONTROL.test(sql)) journalWrites(db, prepare, sql, stmt);
      if (cache.size < 2000) cache.set(sql, stmt);
    }
    return stmt;
  }) as Database['prepare'];
}

/**
 * Runs synchronous reads in one read transaction: they see one snapshot, and the read lock is
 * taken and released once instead of around every statement (a large part of a small query's
 * cost in WAL mode). `fn` must not write; inside another transaction it simply runs.
 */
export function readTx<T>(db: Database, fn: () => T): T {
  if (db.inTransaction) return fn();
  db.prepare('BEGIN DEFERRED').run();
  try {
    // Starts the snapshot; the generation is then read once for the whole transaction.
    pinDataVersion(db);
    const out = fn();
    db.prepare('COMMIT').run();
    return out;
  } catch (error) {
    if (db.inTransaction) db.prepare('ROLLBACK').run();
    throw error;
  } finally {
    unpinDataVersion(db);
  }
}

/** Connections inside a readSnapshot: bookkeeping writes wait for another time there. */
const snapshots = new WeakSet<Database>();

/**
 * Holds one read transaction across the awaited requests of `fn` (a one-shot local command that
 * plans from many reads: they all see one snapshot). Only for a connection nothing else uses
 * meanwhile — never a server's, whose event loop interleaves other requests. `fn` must not
 * write; the bookkeeping writes of reads (tryWriteTx) are skipped inside it, so the snapshot
 * never takes the write lock.
 */
export async function readSnapshot<T>(db: Database, fn: () => Promise<T>): Promise<T> {
  if (db.inTransaction) return fn();
  db.prepare('BEGIN DEFERRED').run();
  snapshots.add(db);
  try {
    const out = await fn();
    if (db.inTransaction) db.prepare('COMMIT').run();
    return out;
  } catch (error) {
    if (db.inTransaction) db.prepare('ROLLBACK').run();
    throw error;
  } finally {
    snapshots.delete(db);
  }
}

/** Runs `fn` in a write transaction that holds the lock from its first statement. */
export function writeTx<T>(db: Database, fn: () => T): T {
  return db.transaction(fn).immediate();
}

const isBusy = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code === 'SQLITE_LOCKED');
};

const busyBounds = new WeakMap<Database, number>();

/**
 * Sets how long a write waits synchronously for the lock on this connection. A server keeps
 * WRITE_BUSY_MS (its event loop serves everyone); a one-shot local command, which has nothing
 * else to do, may wait longer.
 */
export function setBusyTimeout(db: Database, ms: number): void {
  busyBounds.set(db, ms);
  db.pragma(`busy_timeout = ${ms}`);
}

/** Runs `fn` under `busy_timeout = ms`, restoring the connection's bound afterwards. */
function withBusyTimeout<T>(db: Database, ms: number, fn: () => T): T {
  db.pragma(`busy_timeout = ${ms}`);
  try {
    return fn();
  } finally {
    db.pragma(`busy_timeout = ${busyBounds.get(db) ?? WRITE_BUSY_MS}`);
  }
}

/**
 * A write that is worth doing only when the lock is free right now (bookkeeping such as a
 * token's last use): returns undefined instead of waiting when another writer holds it.
 */
export function tryWriteTx<T>(db: Database, fn: () => T): T | undefined {
  if (snapshots.has(db)) return undefined;
  try {
    return withBusyTimeout(db, 0, () => writeTx(db, fn));
  } catch (error) {
    // Busy, or a read-only copy of a state: the bookkeeping waits for another time.
    if (isBusy(error) || (error as { code?: unknown } | null)?.code === 'SQLITE_READONLY') return undefined;
    throw error;
  }
}

/**
 * Waits, without blocking the event loop, until the write lock can be taken (probing with
 * BEGIN IMMEDIATE / ROLLBACK). False when it stayed taken for `maxMs`.
 */
export async function waitForWriteLock(db: Database, maxMs: number): Promise<boolean> {
  const until = Date.now() + maxMs;
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    if (tryWriteTx(db, () => true)) return true;
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(delay, Math.max(1, until - Date.now()))));
  }
}

/** Runs a write, retrying asynchronously while another process holds the lock. */
export async function retryWhileBusy<T>(db: Database, maxMs: number, fn: () => T): Promise<T> {
  const until = Date.now() + maxMs;
  for (;;) {
    try {
      return fn();
    } catch (error) {
      if (!isBusy(error) || Date.now() >= until) throw error;
      await waitForWriteLock(db, Math.max(1, until - Date.now()));
    }
  }
}

/** Images read into memory by openReadOnly: read-only, though the driver does not say so. */
const memoryImages = new WeakSet<Database>();

/** Whether `db` was opened so that it refuses every write (a read-only state). */
export const isReadOnlyState = (db: Database): boolean => db.readonly || memoryImages.has(db);

/**
 * A state on read-only media (or a directory its reader may not write) can still be read. A
 * WAL database needs its shared-memory file beside it, which cannot be made there; then the
 * file is read into memory as a snapshot (its header switched back to a rollback journal, which
 * only the in-memory copy sees), with every write refused. Commits still only in a `-wal` file
 * that was never checkpointed are not in such a snapshot.
 */
export function openReadOnly(file: string): Database {
  try {
    const db = openDatabase(file, { readonly: true });
    db.pragma('user_version', { simple: true });
    return db;
  } catch {
    const image = readFileSync(file);
    if (image.length >= 20) {
      image[18] = 1;
      image[19] = 1;
    }
    const db = new Driver(image, { nativeBinding: nativeBinding() });
    db.pragma('query_only = ON');
    db.pragma('foreign_keys = ON');
    cacheStatements(db);
    memoryImages.add(db);
    return db;
  }
}
