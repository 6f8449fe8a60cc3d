// Small SQL text builders shared by the areas' queries.
import type { Database } from './connection.js';

/** `?,?,?` for an `IN (...)` list of `n` bound values (empty for none). */
export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(',');

/** A `LIKE ... ESCAPE '\'` pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
export const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A search condition: any of `columns` contains `text`, with `%`, `_` and `\` in it matched
 * literally (`a_b` never matches `axb`). The pattern and its ESCAPE clause come together, so a
 * search cannot forget either. Lower-case `text` first for case-insensitive columns.
 */
export function containsAny(columns: readonly string[], text: string): { sql: string; args: string[] } {
  const pattern = likeContains(text);
  return { sql: `(${columns.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`, args: columns.map(() => pattern) };
}

/**
 * The query of a trigram index (migration 029) for the rows whose text holds `text` in any
 * case, as one phrase: a superset of what a case-insensitive LIKE on the same fields matches,
 * so callers keep their LIKE condition on the rows it finds. Undefined when `text` is shorter
 * than one trigram (three characters), which the index cannot answer: read the rows instead.
 */
export function trigramPhrase(text: string): string | undefined {
  if ([...text].length < 3 || text.includes('\u0000')) return undefined;
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * Whole rows of `table` by id, in the order of `ids` (an order made in code, such as a ranking);
 * ids with no row are left out. The table name is the caller's, never a request's.
 */
export function rowsInOrder<R extends { id: number }>(db: Database, table: 'projects' | 'namespaces', ids: readonly number[]): R[] {
  const rows = db.prepare(`SELECT * FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as R[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
