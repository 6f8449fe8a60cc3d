// Rows that nearly every request of a route family reads by id (the project of each
// /projects/:id/… read), kept while the database stays in the generation they were read in
// (src/core/db/generation.ts), as token lookups are: any commit by another connection and any
// write of this one starts them over. Reading the generation is one small query where the row
// is a wider one (a project row is eighteen columns made into an object, about three times
// the cost).
import type { Database } from 'better-sqlite3';
import { dbGeneration } from '../db/generation.js';

/** Rows kept per connection at most; a full set starts over. */
const MAX_ROWS = 1024;

interface Kept {
  generation: string;
  rows: Map<string, object>;
}

const kept = new WeakMap<Database, Kept>();

/**
 * The row `read` answers for `key`, or the one kept for it in the current generation. Only
 * outside a transaction (inside one, this connection's uncommitted writes may be what is read,
 * and a rollback takes them back without moving the generation). Kept rows are frozen: every
 * request that asks shares them. `dataVersion`: other connections' commits as read after the
 * request arrived (serve), as for the token cache.
 */
export function keptRow<T extends object>(db: Database, key: string, dataVersion: number | undefined, read: () => T | undefined): T | undefined {
  if (db.inTransaction) return read();
  // The generation is read before the row, so a write after it is never taken for older.
  const now = dbGeneration(db, dataVersion);
  let cache = kept.get(db);
  if (!cache) kept.set(db, (cache = { generation: now, rows: new Map() }));
  if (cache.generation !== now) {
    cache.generation = now;
    cache.rows.clear();
  }
  const known = cache.rows.get(key);
  if (known) return known as T;
  const row = read();
  if (row === undefined) return undefined;
  if (cache.rows.size >= MAX_ROWS) cache.rows.clear();
  cache.rows.set(key, Object.freeze(row));
  return row;
}
