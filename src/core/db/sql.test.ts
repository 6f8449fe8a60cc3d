import Driver from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { FOLD_FUNCTION, foldCase, patternMatches, patternSearch, searchTerms } from './sql.js';

// A scratch in-memory table the conditions run on: what they match, not how they read.
const db = new Driver(':memory:');
db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT); CREATE VIRTUAL TABLE t_search USING fts5(a, b, tokenize = 'trigram')");
const rows: [string, string][] = [
  ['alpha beta', 'gamma'],
  ['beta alpha', ''],
  ['alpha', 'beta'],
  ['ab', 'x'],
  ['ab cd', ''],
  ['the quick fox', ''],
  ['quick the fox', ''],
  ['"ab"', ''],
  ['a_b', ''],
];
for (const [a, b] of rows) {
  const id = db.prepare('INSERT INTO t (a, b) VALUES (?, ?)').run(a, b).lastInsertRowid;
  db.prepare('INSERT INTO t_search (rowid, a, b) VALUES (?, ?, ?)').run(id, a, b);
}
afterAll(() => db.close());

/** The `a` of the rows the search matches, by its condition, its index query (when it has one) and in code alike. */
function matched(query: string, options: { partialShortTerms?: boolean } = {}): string[] {
  const s = patternSearch(['lower(a)', 'lower(b)'], query.toLowerCase(), options);
  const plain = (db.prepare(`SELECT a FROM t WHERE ${s.sql} ORDER BY id`).all(...s.args) as { a: string }[]).map((r) => r.a);
  if (s.index !== undefined) {
    const indexed = (db.prepare(`SELECT a FROM t WHERE id IN (SELECT rowid FROM t_search WHERE t_search MATCH ?) AND ${s.sql} ORDER BY id`).all(s.index, ...s.args) as { a: string }[]).map((r) => r.a);
    expect(indexed).toEqual(plain);
  }
  // The same rules on values read into code.
  const inCode = rows.filter(([a, b]) => patternMatches([a.toLowerCase(), b.toLowerCase()], query.toLowerCase(), options)).map(([a]) => a);
  expect(inCode).toEqual(plain);
  return plain;
}

describe("Gitlab::SQL::Pattern's rules", () => {
  it('splits a query into terms, quoted phrases whole and last', () => {
    expect(searchTerms('foo bar')).toEqual(['foo', 'bar']);
    expect(searchTerms('"quick fox" the')).toEqual(['the', 'quick fox']);
    // Quotes count only at a term's edges: between spaces or the query's ends.
    expect(searchTerms('a"b c"d')).toEqual(['a"b', 'c"d']);
    expect(searchTerms('"" x')).toEqual(['""', 'x']);
  });

  it('needs every term in one column, in any order', () => {
    expect(matched('alpha beta')).toEqual(['alpha beta', 'beta alpha']);
    expect(matched('BETA Alpha')).toEqual(['alpha beta', 'beta alpha']);
    // alpha in one column and beta in the other: no column holds both.
    expect(matched('alpha beta')).not.toContain('alpha');
    expect(matched('fox quick')).toEqual(['the quick fox', 'quick the fox']);
  });

  it('leaves out terms shorter than three characters while a longer one is there', () => {
    expect(matched('alpha zz')).toEqual(['alpha beta', 'beta alpha', 'alpha']);
  });

  it('matches a query of only short terms as the whole column, case aside', () => {
    expect(matched('ab')).toEqual(['ab']);
    expect(matched('AB cd')).toEqual(['ab cd']);
    expect(matched('a')).toEqual([]);
    // Literal, not a wildcard.
    expect(matched('a_')).toEqual([]);
  });

  it('matches a quoted phrase as a phrase', () => {
    // The words match in any order; the phrase only as written.
    expect(matched('quick fox')).toEqual(['the quick fox', 'quick the fox']);
    expect(matched('"quick fox"')).toEqual(['the quick fox']);
    expect(matched('"the quick"')).toEqual(['the quick fox']);
    expect(matched('"alpha beta"')).toEqual(['alpha beta']);
    // A short quoted term is no term: the query, quotes and all, is matched whole.
    expect(matched('"ab"')).toEqual(['"ab"']);
  });

  it('matches short terms anywhere without the minimum (use_minimum_char_limit: false)', () => {
    expect(matched('ab', { partialShortTerms: true })).toEqual(['ab', 'ab cd', '"ab"']);
    expect(matched('a_', { partialShortTerms: true })).toEqual(['a_b']);
  });
});

describe('case folding beyond ASCII', () => {
  // Its own connection, with the function openDatabase registers on every one.
  const folded = new Driver(':memory:');
  folded.function(FOLD_FUNCTION, { deterministic: true }, foldCase);
  folded.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT); INSERT INTO t (a) VALUES ('ÜBER Tools'), ('über'), ('Ørsted'), ('ÄÄ'), ('Straße'), ('uber'), (NULL)");
  afterAll(() => folded.close());
  const found = (query: string): string[] => {
    const s = patternSearch(['a'], query);
    return (folded.prepare(`SELECT a FROM t WHERE ${s.sql} ORDER BY id`).pluck().all(...s.args) as string[]);
  };

  it('matches every letter in any case, long terms anywhere and short ones whole', () => {
    expect(found('über')).toEqual(['ÜBER Tools', 'über']);
    expect(found('ÜBER')).toEqual(['ÜBER Tools', 'über']);
    expect(found('ørsted')).toEqual(['Ørsted']);
    expect(found('ää')).toEqual(['ÄÄ']);
    expect(found('Ä')).toEqual([]);
    expect(found('STRASSE')).toEqual([]);
    expect(found('STRAßE')).toEqual(['Straße']);
  });

  it('leaves an ASCII search to LIKE alone: no function call per row', () => {
    expect(patternSearch(['a'], 'Tools').sql).not.toContain(FOLD_FUNCTION);
    expect(patternSearch(['a'], 'tööls').sql).toContain(`${FOLD_FUNCTION}(a)`);
    expect(found('UBER')).toEqual(['uber']);
  });
});
