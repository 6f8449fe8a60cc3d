// Small SQL text builders shared by the areas' queries.
import type { Database } from './connection.js';

/** `?,?,?` for an `IN (...)` list of `n` bound values (empty for none). */
export const placeholders = (n: number): string => (n > 0 ? `${'?,'.repeat(n - 1)}?` : '');

/**
 * `@ns0,@ns1` and their values, for an `IN (...)` list in a statement bound by name: the text
 * depends on how many values there are, never on which (a statement per list of ids would fill
 * the connection's statement cache). Empty lists give `NULL`, which nothing equals.
 */
export function namedList(param: string, values: readonly (number | string)[]): { sql: string; args: Record<string, number | string> } {
  if (values.length === 0) return { sql: 'NULL', args: {} };
  return { sql: values.map((_, i) => `@${param}${i}`).join(','), args: Object.fromEntries(values.map((v, i) => [`${param}${i}`, v])) };
}

/** A `LIKE ... ESCAPE '\'` pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
export const likeContains = (text: string): string => `%${likeEscape(text)}%`;

/** `text` as a `LIKE ... ESCAPE '\'` pattern matching only itself: its `%`, `_` and `\` escaped. */
export const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Terms shorter than this match only as the whole query, exactly (MIN_CHARS_FOR_PARTIAL_MATCHING). */
export const MIN_CHARS_FOR_PARTIAL_MATCHING = 3;

/** A term in double quotes at either end or between spaces is one term, spaces and all (REGEX_QUOTED_TERM). */
const QUOTED_TERM = /(?<=^| )"[^"]+"(?= |$)/g;

/**
 * The terms of a search as `Gitlab::SQL::Pattern.split_query_to_search_terms` makes them: the
 * quoted phrases taken out whole (without their quotes), then the rest split at white space.
 */
export function searchTerms(query: string): string[] {
  const quoted: string[] = [];
  const rest = query.replace(QUOTED_TERM, (term) => {
    quoted.push(term.slice(1, -1));
    return '';
  });
  return [...rest.split(/\s+/).filter((t) => t !== ''), ...quoted];
}

/** The terms matched anywhere (`select_fuzzy_terms`); none means the whole query is matched exactly. */
function partialTerms(query: string, partialShortTerms = false): string[] {
  const terms = searchTerms(query);
  return partialShortTerms ? terms : terms.filter((t) => [...t].length >= MIN_CHARS_FOR_PARTIAL_MATCHING);
}

/**
 * `patternSearch`'s rules on values read into code (a list filtered after reading its rows):
 * whether any of `values` matches `query`. Lower-case both first for a case-insensitive match.
 */
export function patternMatches(values: readonly (string | null | undefined)[], query: string, options: { partialShortTerms?: boolean } = {}): boolean {
  const words = partialTerms(query, options.partialShortTerms);
  return values.some((v) => typeof v === 'string' && (words.length > 0 ? words.every((w) => v.includes(w)) : v === query));
}

/**
 * The SQL function that folds case as the platform's ILIKE does, every letter and not only
 * ASCII ones (SQLite's LIKE and lower() fold A-Z only): JavaScript's toLowerCase, the same fold
 * the `*_lower` columns are written with and searches are lower-cased with. Registered on a
 * connection by the first statement that names it (connection.ts); deterministic.
 */
export const FOLD_FUNCTION = 'fold';

/** FOLD_FUNCTION's body: NULL and non-text values pass through as SQLite's lower() lets them. */
export const foldCase = (value: unknown): unknown => (typeof value === 'string' ? value.toLowerCase() : value);

/** Whether `text` holds anything beyond ASCII, the only case LIKE and lower() cannot fold. */
const NON_ASCII = /[^\u0000-\u007f]/;

/**
 * `column` as a case-insensitive comparison of it with `text` needs it: folded by FOLD_FUNCTION
 * when `text` holds a character beyond ASCII, as it is otherwise. An ASCII text can only match
 * a value's ASCII letters, which LIKE folds itself, so the common search pays no function call
 * per row. (The one letter beyond ASCII whose small letter is ASCII, U+212A KELVIN SIGN, is
 * therefore not found by a "k" search.) Compare it with `text.toLowerCase()`.
 */
export const foldedColumn = (column: string, text: string): string => (NON_ASCII.test(text) ? `${FOLD_FUNCTION}(${column})` : column);

export interface PatternSearch {
  /** `(col LIKE ? AND col LIKE ? …) OR (…)`: one group per column. */
  sql: string;
  /** The bound patterns, in the order of their placeholders. */
  args: string[];
  /**
   * The query of a trigram index (migration 029) for the rows that may match: every term of
   * three characters or more as a phrase, all required. A superset of what `sql` matches, so
   * callers keep `sql` on the rows it finds; undefined when no term is long enough for the index.
   */
  index: string | undefined;
}

/**
 * The platform's search of lists that go through `Gitlab::SQL::Pattern#fuzzy_arel_match`
 * (lib/gitlab/sql/pattern.rb), for a squished `query`:
 * - the query is split into terms (`searchTerms`: quoted phrases whole);
 * - the terms of three characters or more each match anywhere in the column, and a column
 *   matches when it holds every one of them (AND); shorter terms are left out;
 * - with no such term, a column matches when it equals the whole query (ILIKE without
 *   wildcards: case aside, `%`, `_` and `\` literal);
 * - a row matches when any of `columns` matches (`fuzzy_search` ORs the columns).
 * `partialShortTerms` is `use_minimum_char_limit: false` (the members' query): every term
 * matches anywhere, however short. Case is folded for every letter (foldedColumn); pass
 * columns that hold the text in any case, or lower-cased by lower() or toLowerCase.
 * `param` names the placeholders (`@param0`, `@param1`, …) for a statement of named ones.
 */
export function patternSearch(columns: readonly string[], query: string, options: { partialShortTerms?: boolean; param?: string } = {}): PatternSearch {
  // Lower-cased here too: a caller's columns may be ASCII-folded only (lower()), and foldedColumn
  // folds them fully when the query needs it; LIKE folds the ASCII letters of both sides.
  const folded = query.toLowerCase();
  const words = partialTerms(folded, options.partialShortTerms);
  const cols = columns.map((c) => foldedColumn(c, query));
  const args: string[] = [];
  const bind = (pattern: string): string => {
    args.push(pattern);
    return options.param === undefined ? '?' : `@${options.param}${args.length - 1}`;
  };
  const groups =
    words.length > 0
      ? cols.map((c) => `(${words.map((w) => `${c} LIKE ${bind(likeContains(w))} ESCAPE '\\'`).join(' AND ')})`)
      : cols.map((c) => `${c} LIKE ${bind(likeEscape(folded))} ESCAPE '\\'`);
  const phrases = (words.length > 0 ? words : [folded]).map(trigramPhrase).filter((p) => p !== undefined);
  return { sql: `(${groups.join(' OR ')})`, args, index: phrases.length > 0 ? phrases.join(' AND ') : undefined };
}

/** A pattern's bound values by name, for a statement of named placeholders (`patternSearch`'s `param`). */
export const namedArgs = (param: string, args: readonly string[]): Record<string, string> => Object.fromEntries(args.map((a, i) => [`${param}${i}`, a]));

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
