// Which state of the database a connection is looking at, as a comparable string. SQLite's
// `data_version` changes as soon as another connection (another process, such as a CLI) commits,
// and `total_changes()` counts this connection's own writes; while both stay put, every row reads
// as it did. Caches of what was read (token lookups, presented entities) are trusted only while
// the generation they were filled under is still the current one.
import type { Database } from 'better-sqlite3';

interface Readers {
  version: { get(): unknown };
  changes: { get(): unknown };
}
const statements = new WeakMap<Database, Readers>();

/**
 * The current generation of `db` (one small read: it starts a read transaction). The pragma is
 * run as a statement of its own: its table-valued form compiles a statement on every call.
 */
export function dbGeneration(db: Database): string {
  let readers = statements.get(db);
  if (!readers) {
    readers = { version: db.prepare('PRAGMA data_version'), changes: db.prepare('SELECT total_changes() AS t') };
    statements.set(db, readers);
  }
  const { data_version: d } = readers.version.get() as { data_version: number };
  const { t } = readers.changes.get() as { t: number };
  return `${d}:${t}`;
}
