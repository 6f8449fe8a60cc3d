// What a list read in this generation of the database: where its pages start, whole windows,
// and its count.
//
// An offset page skips every row before its window: page 2,500 of 20 walks 49,980 rows of its
// order's index (testing each against the list's conditions) only to drop them. A list's page
// starts are remembered instead: the order key of the first row of each page a request read, and
// of the row after it (where the next page starts). A later page at or past a remembered start
// seeks to that key in the order's index and skips only the rows between (none for the same page
// again, or for the next page of a client walking the list). The same window asked again (a
// client polling a page) is answered with the rows read the first time, and the list's count
// with the count made the first time.
//
// All of it is trusted only in the generation of the database it was read in
// (src/core/db/generation.ts): a commit by another connection starts every list over, so a seek
// never lands on a start that moved and no window or count outlives a write. This connection's
// own writes are journaled by the tables they may touch (src/core/db/written-tables.ts): a list
// whose statement names none of them keeps its starts and count (its rows and their order did
// not change) and drops only its windows (the rows' other columns may have); a write the journal
// cannot account for starts every list over. It is read
// and used inside one read transaction, whose snapshot is the generation read in it; outside a
// transaction nothing is remembered or used. The order must be total (its last column unique)
// and one direction, on columns that are never NULL (a row-value comparison skips NULLs); a
// NULL key is never remembered.
import type { Database } from 'better-sqlite3';
import { dbGeneration } from './generation.js';
import { tablesIn, tablesWritten, type WrittenTables } from './written-tables.js';

/** Lists remembered at once, and starts per list; a full cache (or list) starts over. */
const MAX_LISTS = 256;
const MAX_STARTS = 512;
/** Rows of whole windows kept, over every list (a window is at most 101 rows). */
const MAX_WINDOW_ROWS = 10_000;

type KeyValue = string | number | bigint | Buffer;

/** What is remembered of one list in one generation. */
interface Remembered {
  /** The tables the list's statement names: a write to another keeps its starts and count. */
  tables: ReadonlySet<string>;
  /** Tables of which only these columns decide the list's rows and order (see OrderedList). */
  columns?: Readonly<Record<string, readonly string[]>>;
  starts: Map<number, KeyValue[]>;
  /** Whole windows read ("offset limit" → rows): the same page again reads nothing. */
  windows: Map<string, readonly Record<string, unknown>[]>;
  /** Its count, by cap. */
  counts: Map<number, number>;
}

interface Starts {
  generation: string;
  lists: Map<string, Remembered>;
  windowRows: number;
}

const byDb = new WeakMap<Database, Starts>();

/** The starts of `db` in its current generation (emptied when the generation moved). */
function startsOf(db: Database): Starts | undefined {
  if (!db.inTransaction) return undefined;
  const now = dbGeneration(db);
  let starts = byDb.get(db);
  if (!starts) byDb.set(db, (starts = { generation: now, lists: new Map(), windowRows: 0 }));
  if (starts.generation !== now) {
    const written = ownWrites(db, starts.generation, now);
    starts.generation = now;
    starts.windowRows = 0;
    if (!written) starts.lists.clear();
    else
      for (const [name, list] of starts.lists) {
        if ([...list.tables].some((t) => moves(list, t, written))) starts.lists.delete(name);
        else list.windows.clear();
      }
  }
  return starts;
}

/**
 * Whether what was written of `table` may have changed the list's rows or their order: any write
 * to it, unless every one was an UPDATE of columns the list declares it does not depend on.
 */
function moves(list: Remembered, table: string, written: WrittenTables): boolean {
  if (!written.has(table)) return false;
  const set = written.get(table);
  const read = list.columns?.[table];
  return !set || !read || read.some((c) => set.has(c));
}

/** The tables this connection wrote between two generations, when nothing else changed them. */
function ownWrites(db: Database, was: string, now: string): WrittenTables | undefined {
  const [d0, t0] = was.split(':');
  const [d1, t1] = now.split(':');
  return d0 === d1 ? tablesWritten(db, Number(t0), Number(t1)) : undefined;
}

/**
 * The keys and direction of an ORDER BY text ("a DESC, b DESC"), when every part goes one way
 * and none tests for NULL ("x IS NULL"); otherwise undefined (such a list is not seekable).
 */
export function orderKeys(order: string): { keys: string[]; descending: boolean } | undefined {
  const parts = order.split(',').map((part) => /^\s*(.+?)\s+(ASC|DESC)\s*$/i.exec(part));
  if (parts.some((m) => !m || /\bIS\b/i.test(m[1] as string))) return undefined;
  const dirs = new Set(parts.map((m) => (m?.[2] as string).toUpperCase()));
  if (dirs.size !== 1) return undefined;
  return { keys: parts.map((m) => m?.[1] as string), descending: dirs.has('DESC') };
}

/** One window to read: a condition to add (with its parameters) and the rows still to skip. */
export interface PageSeek {
  /** ` AND (k0, k1) >= (@seek0, @seek1)` (or `<=` descending), or '' from the list's start. */
  condition: string;
  params: Record<string, KeyValue>;
  offset: number;
}

/**
 * An ordered list whose page starts are remembered. `list` names it: the statement's text and
 * every argument bound to it (two requests with the same name read the same rows in the same
 * order). `keys` are the order's expressions, the last one unique; `descending` its direction.
 */
export class OrderedList {
  /** What the page statement selects beside its own columns: the order key as _k0, _k1, … */
  readonly keyColumns: string;

  constructor(
    private readonly db: Database,
    private readonly list: string,
    private readonly keys: readonly string[],
    private readonly descending: boolean,
    /** False for a list whose order may meet NULLs: it is read from its start every time. */
    private readonly enabled = true,
    /**
     * Tables (lower case) of which the list's rows and their order depend only on these columns
     * (lower case) and on which rows exist: an UPDATE that sets none of them keeps the list's
     * starts and count. Name every column the statement reads of the table in a condition, a
     * join or the order; the columns it only selects need not be named (windows are dropped on
     * any write).
     */
    private readonly columns?: Readonly<Record<string, readonly string[]>>,
  ) {
    this.keyColumns = keys.map((k, i) => `${k} AS _k${i}`).join(', ');
  }

  /** This list's record in the current generation (inside a transaction only), made on demand. */
  private remembered(make: boolean): { all: Starts; list: Remembered } | undefined {
    const all = this.enabled ? startsOf(this.db) : undefined;
    if (!all) return undefined;
    let list = all.lists.get(this.list);
    if (!list && make) {
      if (all.lists.size >= MAX_LISTS) {
        all.lists.clear();
        all.windowRows = 0;
      }
      list = { tables: tablesIn(this.db, this.list), starts: new Map(), windows: new Map(), counts: new Map(), ...(this.columns ? { columns: this.columns } : {}) };
      all.lists.set(this.list, list);
    }
    return list ? { all, list } : undefined;
  }

  /** How to read the window at `offset`: from the nearest remembered start at or before it. */
  seek(offset: number): PageSeek {
    return this.seekIn(this.remembered(false)?.list, offset);
  }

  private seekIn(list: Remembered | undefined, offset: number): PageSeek {
    let from = -1;
    if (list) for (const at of list.starts.keys()) if (at <= offset && at > from) from = at;
    const key = from >= 0 ? list?.starts.get(from) : undefined;
    if (!key) return { condition: '', params: {}, offset };
    const params: Record<string, KeyValue> = {};
    key.forEach((v, i) => (params[`seek${i}`] = v));
    const op = this.descending ? '<=' : '>=';
    return { condition: ` AND (${this.keys.join(', ')}) ${op} (${key.map((_, i) => `@seek${i}`).join(', ')})`, params, offset: offset - from };
  }

  /** The list's count up to `cap`, counted by `count` once per generation. */
  count(cap: number, count: (cap: number) => number): number {
    const list = this.remembered(true)?.list;
    let n = list?.counts.get(cap);
    if (n === undefined) {
      n = count(cap);
      list?.counts.set(cap, n);
    }
    return n;
  }

  /**
   * The rows of the window at `offset`: `read` runs the page statement with the seek's condition
   * and parameters, `limit` and the seek's offset, selecting `keyColumns` too. It is asked for one
   * row more than the page, which starts the next page. A window read before in this generation
   * is answered as it was (callers must not change its rows).
   */
  window<T extends Record<string, unknown>>(limit: number, offset: number, read: (seek: PageSeek, limit: number) => T[]): T[] {
    const at = this.remembered(true);
    const name = `${offset} ${limit}`;
    const kept = at?.list.windows.get(name);
    if (kept) return kept as T[];
    const rows = read(this.seekIn(at?.list, offset), limit + 1);
    const page = rows.length > limit ? rows.slice(0, limit) : rows;
    if (at) {
      this.rememberIn(at.list, offset, rows);
      if (at.all.windowRows + page.length > MAX_WINDOW_ROWS) {
        for (const other of at.all.lists.values()) other.windows.clear();
        at.all.windowRows = 0;
      }
      at.list.windows.set(name, page);
      at.all.windowRows += page.length;
    }
    return page;
  }

  /**
   * Remembers where the rows read at `offset` start: `rows` are the window read with one row
   * more than the page (that row starts the next page), each with the key columns.
   */
  remember(offset: number, rows: readonly Record<string, unknown>[]): void {
    const list = this.remembered(true)?.list;
    if (list) this.rememberIn(list, offset, rows);
  }

  private rememberIn(list: Remembered, offset: number, rows: readonly Record<string, unknown>[]): void {
    const keep = (at: number, row: Record<string, unknown> | undefined) => {
      if (!row || at === 0 || list.starts.has(at)) return;
      const key = this.keys.map((_, i) => row[`_k${i}`]);
      if (key.some((v) => v === null || v === undefined)) return;
      if (list.starts.size >= MAX_STARTS) list.starts.clear();
      list.starts.set(at, key as KeyValue[]);
    };
    keep(offset, rows[0]);
    if (rows.length > 1) keep(offset + rows.length - 1, rows[rows.length - 1]);
  }
}
