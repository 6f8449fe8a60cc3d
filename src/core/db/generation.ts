// Which state of the database a connection is looking at, as a comparable string. SQLite's
// `data_version` changes as soon as another connection (another process, such as a CLI) commits,
// and `total_changes()` counts this connection's own writes; while both stay put, every row reads
// as it did. Caches of what was read (token lookups, presented entities) are trusted only while
// the generation they were filled under is still the current one.
import type { Database } from 'better-sqlite3';
import { prepareOwn } from './connection.js';

/** Each answers its one value itself (`pluck`): a row object per call cost several times the read. */
interface Readers {
  version: { get(): unknown };
  changes: { get(): unknown };
}
const statements = new WeakMap<Database, Readers>();

/**
 * The current generation of `db` (one small read: it starts a read transaction). The pragma is
 * run as a statement of its own: its table-valued form compiles a statement on every call.
 */
export function dbGeneration(db: Database, dataVersion?: number): string {
  const readers = readersOf(db);
  const d = dataVersion ?? pinned.get(db) ?? (readers.version.get() as number);
  return `${d}:${readers.changes.get() as number}`;
}

/**
 * Only the other connections' part of the generation (`data_version`). `serve` reads it once for
 * all the requests one turn of its event loop received, after every one of them was read, and
 * hands it to each (`dbGeneration(db, version)`): a commit made before any of those requests
 * arrived is in it. This connection's own writes are still counted at each use.
 */
export function dataVersion(db: Database): number {
  return readersOf(db).version.get() as number;
}

/** The `data_version` of the read transaction `readTx` runs (see pinDataVersion). */
const pinned = new WeakMap<Database, number>();

/**
 * Reads `data_version` at the start of a read transaction and answers it for the rest of it:
 * the read starts the transaction's snapshot, and other connections' commits after it are
 * neither seen nor counted until the transaction ends (`unpinDataVersion`). A list request
 * asks for the generation several times (page starts, windows, texts) inside one.
 */
export function pinDataVersion(db: Database): void {
  pinned.set(db, readersOf(db).version.get() as number);
}

export function unpinDataVersion(db: Database): void {
  pinned.delete(db);
}

function readersOf(db: Database): Readers {
  let readers = statements.get(db);
  if (!readers) {
    // Statements of their own: a plucking statement answers differently from the cached one.
    readers = { version: prepareOwn(db, 'PRAGMA data_version').pluck(), changes: prepareOwn(db, 'SELECT total_changes()').pluck() };
    statements.set(db, readers);
  }
  return readers;
}
