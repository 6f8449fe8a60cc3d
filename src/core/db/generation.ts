// Which state of the database a connection is looking at, as a comparable string. SQLite's
// `data_version` changes as soon as another connection (another process, such as a CLI) commits,
// and `total_changes()` counts this connection's own writes; while both stay put, every row reads
// as it did. Caches of what was read (token lookups, presented entities) are trusted only while
// the generation they were filled under is still the current one.
import type { Database } from 'better-sqlite3';

const statements = new WeakMap<Database, { get(): unknown }>();

/** The current generation of `db` (one small read: it starts a read transaction). */
export function dbGeneration(db: Database): string {
  let stmt = statements.get(db);
  if (!stmt) {
    stmt = db.prepare('SELECT (SELECT data_version FROM pragma_data_version) AS d, total_changes() AS t');
    statements.set(db, stmt);
  }
  const row = stmt.get() as { d: number; t: number };
  return `${row.d}:${row.t}`;
}
