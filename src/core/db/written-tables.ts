// Which tables this connection's own writes touched, so that what a list remembers of one
// generation of the database (src/core/db/page-starts.ts) can outlive a write to tables the list
// does not read: a token's last-used time, an audit event or a user's settings do not move the
// page starts of a project list.
//
// Every write statement prepared through the connection (connection.ts) is journaled when it
// changed rows: the connection's total_changes() before and after it, and the tables it may have
// written — its own target, with every table a trigger on it writes and every table a foreign
// key action reaches, transitively. A span of the connection's changes is accounted for only
// when the journal covers it without a gap; a write made any other way (db.exec, a statement
// whose target is not recognised) leaves a gap or marks every table, and then everything starts
// over, as it does for a commit by another connection (data_version).
//
// An UPDATE of plain `column = value` assignments also records which columns of its target it
// set, and the walk over triggers and foreign keys follows what SQLite fires: an `AFTER UPDATE
// OF a, b` trigger only when a or b is among the columns set, an ON UPDATE action only when the
// key it references is; a trigger's own plain UPDATE adds the columns it sets (to its target,
// which may be the statement's own table). A list that declares which columns of a table decide
// its rows and their order (a token list reads its bots' `bot` flag and nothing else of users)
// keeps its starts across updates of the table's other columns — but not across an update of
// another column that a trigger answers by setting one of them. A trigger's WHEN is not read:
// the walk assumes it may fire.
import type { Database } from 'better-sqlite3';

/** Journal entries kept per connection; a span older than the oldest entry is unaccounted. */
const MAX_ENTRIES = 512;

interface Entry {
  before: number;
  after: number;
  /** What the statement may have written (see WrittenTables); null when not known (every table). */
  written: WrittenTables | null;
}

/**
 * What a span of writes touched: each table written, with the only columns set in it when every
 * write to it was an UPDATE of known columns, or null (rows may have come, gone or changed in
 * any column).
 */
export type WrittenTables = ReadonlyMap<string, ReadonlySet<string> | null>;

interface Journal {
  entries: Entry[];
  changes: { get(): unknown };
  /** Each (ops, table, columns set)'s closure over triggers and foreign keys, made on first use. */
  closures: Map<string, WrittenTables>;
  graph?: Graph;
  /** The schema the closures, graph and names were read from (PRAGMA schema_version). */
  schema: { get(): unknown };
  schemaVersion?: number;
  /** Every table's name, lower case (for the lists' own look-up of what they read). */
  names?: ReadonlySet<string>;
}

const journals = new WeakMap<Database, Journal>();

function journalOf(db: Database, prepare: (sql: string) => { get(): unknown }): Journal {
  let journal = journals.get(db);
  if (!journal) {
    journal = { entries: [], changes: prepare('SELECT total_changes() AS t'), schema: prepare('PRAGMA schema_version'), closures: new Map() };
    journals.set(db, journal);
  }
  return journal;
}

const TARGET = /\b(INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+["`[]?(\w+)/i;

type Op = 'insert' | 'update' | 'delete';

/** What a write statement does to which table (its first INSERT/UPDATE/DELETE): each op, lower case. */
export function writeTarget(sql: string): { table: string; ops: Op[] } | undefined {
  const m = TARGET.exec(sql);
  if (!m) return undefined;
  const verb = (m[1] as string).toUpperCase();
  const ops: Op[] = verb.startsWith('DELETE') ? ['delete'] : verb.startsWith('UPDATE') ? ['update'] : ['insert'];
  // REPLACE deletes the rows it conflicts with; an upsert updates them.
  if (/\bREPLACE\b/.test(verb)) ops.push('delete');
  if (verb.startsWith('INSERT') && /\bDO\s+UPDATE\b/i.test(sql)) ops.push('update');
  return { table: (m[2] as string).toLowerCase(), ops };
}

/** Forgets what was read of the schema when it changed since (a migration, a test's tables). */
function sameSchema(journal: Journal): void {
  const version = (journal.schema.get() as { schema_version: number }).schema_version;
  if (version === journal.schemaVersion) return;
  journal.schemaVersion = version;
  journal.closures.clear();
  journal.graph = undefined;
  journal.names = undefined;
}

/**
 * What an op on a table makes SQLite write next: `of` (an UPDATE trigger's `UPDATE OF` columns,
 * or the parent key an ON UPDATE action references) when it fires only if one of them is set;
 * `columns` when what it writes is an UPDATE setting only those.
 */
interface Edge {
  of?: ReadonlySet<string>;
  table: string;
  ops: Op[];
  columns?: ReadonlySet<string>;
}

/** The schema's write graph, by "op:table". */
type Graph = Map<string, Edge[]>;

const names = (list: string): Set<string> => new Set(list.split(',').map((c) => c.trim().replace(/^["`[]|["`\]]$/g, '').toLowerCase()));

/** The schema's write graph: what an op on a table makes its triggers and foreign keys write. */
function graphOf(db: Database, journal: Journal): Graph {
  if (journal.graph) return journal.graph;
  const graph: Graph = new Map();
  const add = (from: string, to: Edge) => {
    const list = graph.get(from) ?? [];
    list.push(to);
    graph.set(from, list);
  };
  for (const t of db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger'").all() as { sql: string }[]) {
    const head = /\b(INSERT|UPDATE|DELETE)\b(?:\s+OF\s+([^]*?))?\s+ON\s+["`[]?(\w+)/i.exec(t.sql);
    if (!head) continue;
    const op = (head[1] as string).toLowerCase();
    const from = `${op}:${(head[3] as string).toLowerCase()}`;
    const of = op === 'update' && head[2] ? names(head[2]) : undefined;
    const body = t.sql.slice(Math.max(0, t.sql.search(/\bBEGIN\b/i)));
    for (const statement of body.replace(/^\s*BEGIN\b/i, '').split(';')) {
      const target = writeTarget(statement);
      if (!target) continue;
      const columns = target.ops.length === 1 && target.ops[0] === 'update' ? updatedColumns(statement) : undefined;
      add(from, { ...target, ...(of ? { of } : {}), ...(columns ? { columns } : {}) });
    }
  }
  for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]) {
    const keys = db.prepare('SELECT id, "table" AS parent, "to" AS key, on_update, on_delete FROM pragma_foreign_key_list(?)').all(name) as {
      id: number;
      parent: string;
      key: string | null;
      on_update: string;
      on_delete: string;
    }[];
    // A key of several columns is one row per column, with the same id.
    for (const id of new Set(keys.map((k) => k.id))) {
      const parts = keys.filter((k) => k.id === id);
      const k = parts[0] as (typeof parts)[number];
      // CASCADE deletes or rewrites the child rows; SET NULL / SET DEFAULT update them.
      const child = (action: string): Op[] => (action === 'CASCADE' ? ['delete', 'update'] : action === 'NO ACTION' || action === 'RESTRICT' ? [] : ['update']);
      const parent = k.parent.toLowerCase();
      // The referenced columns, when named (a key naming none references the primary key: any update counts).
      const of = parts.every((p) => p.key) ? new Set(parts.map((p) => (p.key as string).toLowerCase())) : undefined;
      if (child(k.on_delete).length) add(`delete:${parent}`, { table: name.toLowerCase(), ops: child(k.on_delete) });
      if (child(k.on_update).length) add(`update:${parent}`, { table: name.toLowerCase(), ops: child(k.on_update), ...(of ? { of } : {}) });
    }
  }
  journal.graph = graph;
  return graph;
}

/**
 * What an op on `table` may write, itself included, through triggers and foreign key actions:
 * each table, with the only columns set in it when every write reaching it is an UPDATE of
 * known columns (`columns`: those the statement itself sets, for an UPDATE).
 */
function closureOf(db: Database, journal: Journal, target: { table: string; ops: Op[] }, columns: ReadonlySet<string> | undefined): WrittenTables {
  sameSchema(journal);
  const key = `${target.ops.join(',')}:${target.table}:${columns ? [...columns].sort().join(',') : '*'}`;
  const known = journal.closures.get(key);
  if (known) return known;
  const graph = graphOf(db, journal);
  const written = new Map<string, Set<string> | null>();
  const seen = new Set<string>();
  type Step = { op: Op; table: string; columns: ReadonlySet<string> | undefined };
  const todo: Step[] = target.ops.map((op) => ({ op, table: target.table, columns: op === 'update' ? columns : undefined }));
  for (let at = todo.pop(); at !== undefined; at = todo.pop()) {
    const name = `${at.op}:${at.table}:${at.columns ? [...at.columns].sort().join(',') : '*'}`;
    if (seen.has(name)) continue;
    seen.add(name);
    const was = written.get(at.table);
    if (!at.columns) written.set(at.table, null);
    else if (was === undefined) written.set(at.table, new Set(at.columns));
    else if (was !== null) for (const c of at.columns) was.add(c);
    for (const next of graph.get(`${at.op}:${at.table}`) ?? []) {
      // An UPDATE OF trigger (or ON UPDATE action) the statement's columns do not reach does not fire.
      if (at.op === 'update' && next.of && at.columns && ![...at.columns].some((c) => next.of?.has(c))) continue;
      for (const op of next.ops) todo.push({ op, table: next.table, columns: op === 'update' ? next.columns : undefined });
    }
  }
  journal.closures.set(key, written);
  return written;
}

/**
 * The columns an UPDATE's SET clause assigns (`SET a = …, b = …`, lower case), or undefined when
 * the statement is no plain UPDATE or an assignment is of another form (`(a, b) = …`).
 */
export function updatedColumns(sql: string): ReadonlySet<string> | undefined {
  const head = /^\s*UPDATE(?:\s+OR\s+\w+)?\s+["`[]?\w+["`\]]?\s+SET\b/i.exec(sql);
  if (!head) return undefined;
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let from = head[0].length;
  let i = from;
  for (; i < sql.length; i++) {
    const c = sql[i] as string;
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '[') quote = ']';
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && c === ',') {
      parts.push(sql.slice(from, i));
      from = i + 1;
    } else if (depth === 0 && /\s/.test(c) && /^\s+(WHERE|FROM|RETURNING|ORDER|LIMIT)\b/i.test(sql.slice(i, i + 12))) break;
  }
  if (quote || depth !== 0) return undefined;
  parts.push(sql.slice(from, i));
  const columns = new Set<string>();
  for (const part of parts) {
    const m = /^\s*["`[]?(\w+)["`\]]?\s*=(?!=)/.exec(part);
    if (!m) return undefined;
    columns.add((m[1] as string).toLowerCase());
  }
  return columns;
}

/**
 * Wraps a write statement's run/get/all so that each call that changed rows is journaled
 * (connection.ts calls it for every statement that is not a reader).
 */
export function journalWrites<S extends object>(db: Database, prepare: (sql: string) => { get(): unknown }, sql: string, stmt: S): S {
  const journal = journalOf(db, prepare);
  const target = writeTarget(sql);
  const schema = /^\s*(CREATE|DROP|ALTER)\b/i.test(sql);
  const columns = target && !schema ? updatedColumns(sql) : undefined;
  const s = stmt as unknown as Record<'run' | 'get' | 'all', (...args: unknown[]) => unknown>;
  for (const method of ['run', 'get', 'all'] as const) {
    const call = s[method];
    s[method] = function (this: unknown, ...args: unknown[]) {
      const before = (journal.changes.get() as { t: number }).t;
      const out = call.apply(stmt, args);
      const after = (journal.changes.get() as { t: number }).t;
      if (after !== before || schema) {
        journal.entries.push({ before, after, written: target && !schema ? closureOf(db, journal, target, columns) : null });
        if (journal.entries.length > MAX_ENTRIES) journal.entries.splice(0, journal.entries.length - MAX_ENTRIES);
      }
      return out;
    };
  }
  return stmt;
}

/**
 * The tables this connection wrote between its total_changes() `from` and `to`, or undefined
 * when the journal does not account for every change between them (or a write's tables are not
 * known).
 */
export function tablesWritten(db: Database, from: number, to: number): WrittenTables | undefined {
  const journal = journals.get(db);
  if (from === to) return new Map();
  if (!journal) return undefined;
  const written = new Map<string, Set<string> | null>();
  let at = to;
  for (let i = journal.entries.length - 1; i >= 0 && at !== from; i--) {
    const e = journal.entries[i] as Entry;
    if (e.after === e.before) continue;
    if (e.after !== at || !e.written) return undefined;
    for (const [t, set] of e.written) {
      const known = written.get(t);
      if (!set) written.set(t, null);
      else if (known === undefined) written.set(t, new Set(set));
      else if (known !== null) for (const c of set) known.add(c);
    }
    at = e.before;
  }
  return at === from ? written : undefined;
}

/** The names of the tables of `db` found in `text` (what a list's statement reads), lower case. */
export function tablesIn(db: Database, text: string): Set<string> {
  const journal = journals.get(db);
  if (journal) sameSchema(journal);
  let names = journal?.names;
  if (!names) {
    names = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name.toLowerCase()));
    if (journal) journal.names = names;
  }
  const found = new Set<string>();
  for (const word of text.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []) if (names.has(word)) found.add(word);
  return found;
}
