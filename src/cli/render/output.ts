// Rendering of API resources. JSON, JSON lines and YAML print exactly the API's shape
// (optionally narrowed by --fields, optionally filtered by --jq); CSV and tables are for
// columns. Tables are for people on a terminal: aligned, fitted to the terminal width, with
// relative times and coloured state words; piped, they become tab-separated rows with ISO times
// and escaped tabs, newlines and backslashes. YAML and jq load only when used.
import type { TerminalInfo } from '../io/terminal.js';
import { checkFields, getPath, pickFields } from './fields.js';
import { applyJq } from './jq.js';
import { FIXED_CELL, fitTable, layoutTable } from './table.js';
import { TIME_RE, paintState, timeText } from './cells.js';
import { humanBytes } from '../../shared/byte-size.js';

export type Format = 'table' | 'wide' | 'json' | 'yaml' | 'jsonl' | 'csv';
export const FORMATS: Format[] = ['table', 'wide', 'json', 'yaml', 'jsonl', 'csv'];

/**
 * How much a column matters when the terminal is narrow: 1 identifies the row (never dropped),
 * 2 names or describes it, 3 is a state, time or number (never cut), 4 a boolean, another id or a
 * URL (dropped first).
 */
export type Priority = 1 | 2 | 3 | 4;

export interface Column {
  /** Dotted path into the resource. */
  key: string;
  header?: string;
  /** Derives the cell from the row when a path is not enough. */
  get?: (row: Record<string, unknown>) => unknown;
  /**
   * The cell holds the id of a user, group or project: tables and CSV show its username or full
   * path instead (looked up once per distinct id by the kit); JSON keeps the id.
   */
  lookup?: 'user' | 'group' | 'project';
  /** A value people copy (a DSN): tables never cut it, and its line wraps instead. */
  whole?: boolean;
  /** Overrides the priority read from the column's key and cells (see columnPriorities). */
  priority?: Priority;
  /** false: not the row's identifier for coming first (a --fields column beside the verb's own identifier). */
  identifies?: boolean;
  /** A size in bytes: `1.5 KiB` on a terminal, the number of bytes piped and in CSV. */
  bytes?: boolean;
}

export interface RenderOptions {
  format: Format;
  fields?: string[];
  columns?: Column[];
  term: TerminalInfo;
  /** Field names a list may be checked against when it is empty. */
  knownFields?: readonly string[];
  /** A jq program applied to the JSON form of the data (--jq). */
  jq?: string;
  /** Current time, for relative times on a terminal. */
  now?: Date;
  /** `-o wide`: a table with every column, nothing cut. */
  wide?: boolean;
  /** Receives a message about the output (columns left out to fit the terminal). */
  note?: (message: string) => void;
}

/** Columns whose words are coloured (blocked, revoked, expired, failed in red). */
const STATE_KEYS = /(^|\.)(state|status)$/;

/**
 * The text of one cell. On a terminal: relative times and `-` for nothing; piped and in CSV: times
 * in ISO 8601 UTC and empty for nothing (`timeText` is the time rule).
 */
export function cellText(value: unknown, tty: boolean, now?: Date): string {
  if (value === null || value === undefined) return tty ? '-' : '';
  if (typeof value === 'string') return TIME_RE.test(value) ? timeText(value, tty, now ?? new Date()) : value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  // An empty list is nothing, like null: `-` on a terminal rather than a blank that looks unread.
  if (Array.isArray(value) && value.length === 0) return tty ? '-' : '';
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' && v !== null ? cellText(v, tty, now) : String(v))).join(',');
  const o = value as Record<string, unknown>;
  if (typeof o.username === 'string') return o.username;
  if (typeof o.path_with_namespace === 'string') return o.path_with_namespace;
  if (typeof o.full_path === 'string') return o.full_path;
  if (typeof o.name === 'string') return o.name;
  return JSON.stringify(value);
}

/** Tab-separated values: a tab, newline, carriage return or backslash in a value is escaped. */
// Most cells hold none of these characters: one test spares them four replacements (each of
// which allocates even when nothing matches, for every cell of every table printed).
const TSV_SPECIAL = /[\\\t\n\r]/;
export const tsvEscape = (text: string): string =>
  TSV_SPECIAL.test(text) ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : text;

/** RFC 4180 quoting: fields with a comma, quote or line break are quoted, quotes doubled. */
export const csvEscape = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * The columns `--fields` asks for. A field the verb's own table shows keeps that column's priority
 * there (its path identifies a project wherever it is put); the others are judged by key and cells
 * but never as the row's identifier when one of the verb's identifiers is among them (`--fields
 * id,name,path_with_namespace`: the path, not the name, is what must not be cut).
 */
function fieldColumns(fields: string[], own: Column[] | undefined, rows: Record<string, unknown>[]): Column[] {
  if (!own) return fields.map((f) => ({ key: f, header: f }));
  const prio = columnPriorities(own, rows.map((r) => own.map((c) => cellOf(r, c, true))));
  const inherited = fields.map((f) => {
    const i = own.findIndex((c) => c.key === f && !c.get);
    return i < 0 ? undefined : prio[i];
  });
  const identified = inherited.includes(1);
  return fields.map((f, i) => {
    const p = inherited[i] ?? (identified ? 'judged' : undefined);
    return { key: f, header: f, ...(typeof p === 'number' ? { priority: p } : p === 'judged' ? { identifies: false } : {}) };
  });
}

function columnsFor(opts: RenderOptions, sample: Record<string, unknown> | undefined, rows: Record<string, unknown>[] = sample ? [sample] : []): Column[] {
  if (opts.fields) return fieldColumns(opts.fields, opts.columns, rows);
  if (opts.columns) return opts.columns;
  if (!sample) return [];
  return Object.keys(sample)
    // Scalars and lists of scalars (a token's scopes); nested objects belong to --fields or JSON.
    .filter((k) => sample[k] === null || typeof sample[k] !== 'object' || (Array.isArray(sample[k]) && (sample[k] as unknown[]).every((v) => v === null || typeof v !== 'object')))
    .map((k) => ({ key: k }));
}

const cell = (row: Record<string, unknown>, c: Column) => (c.get ? c.get(row) : getPath(row, c.key));

/** A cell's text: sizes are human on a terminal and exact bytes elsewhere. */
const cellOf = (row: Record<string, unknown>, c: Column, tty: boolean, now?: Date): string => {
  const v = cell(row, c);
  return c.bytes && tty && typeof v === 'number' ? humanBytes(v) : cellText(v, tty, now);
};

/** JSON, JSON lines or YAML of data already narrowed by --fields. */
async function structured(data: unknown, opts: RenderOptions): Promise<string> {
  if (opts.jq !== undefined) return applyJq(data, opts.jq, { pretty: opts.term.stdoutIsTTY });
  if (opts.format === 'json') return `${JSON.stringify(data, null, 2)}\n`;
  if (opts.format === 'jsonl') return (Array.isArray(data) ? data : [data]).map((d) => `${JSON.stringify(d)}\n`).join('');
  return (await import('./yaml.js')).toYaml(data);
}

const isStructured = (opts: RenderOptions) => opts.jq !== undefined || opts.format === 'json' || opts.format === 'yaml' || opts.format === 'jsonl';

function csv(header: string[], rows: string[][]): string {
  return [header, ...rows].map((r) => `${r.map(csvEscape).join(',')}\r\n`).join('');
}

const ID_KEY = /^i?id$/;
const lastKey = (c: Column) => c.key.split('.').pop() as string;

/**
 * Each column's priority, from its key and cells unless the column says: the first column, and
 * the first one after a leading id, identify the row (column lists put what identifies first);
 * other ids, URLs, commit SHAs and booleans come last; states, times and numbers before them.
 */
export function columnPriorities(cols: Column[], body: string[][]): Priority[] {
  const identifier = cols.length > 1 && ID_KEY.test(lastKey(cols[0] as Column)) ? 1 : 0;
  return cols.map((c, i) => {
    if (c.priority) return c.priority;
    if ((i === 0 || i === identifier) && c.identifies !== false) return 1;
    const key = lastKey(c);
    const cells = body.map((r) => r[i] ?? '').filter((v) => v !== '-' && v !== '');
    if (ID_KEY.test(key) || /_ids?$|url$/.test(key)) return 4;
    if (cells.length > 0 && cells.every((v) => /^(true|false)$/.test(v) || /^[0-9a-f]{7,64}$/.test(v) || /^[a-z][a-z0-9+.-]*:\/\//i.test(v))) return 4;
    if (STATE_KEYS.test(c.key) || /_(at|on)$|^expires/.test(key) || cells.every((v) => FIXED_CELL.test(v))) return 3;
    return 2;
  });
}

function table(header: string[], rows: string[][], cols: Column[], opts: RenderOptions): string {
  const term = opts.term;
  const stateColumn = (i: number) => STATE_KEYS.test(cols[i]?.key ?? '');
  const paint = (text: string, column: number) => (term.color && stateColumn(column) ? paintState(text) : text);
  if (!term.stdoutIsTTY) return rows.map((r) => `${r.map((v, i) => paint(tsvEscape(v), i)).join('\t')}\n`).join('');
  const fitted = layoutTable(header, rows, {
    width: term.columns,
    color: term.color,
    paint,
    keep: (_row, column) => cols[column]?.whole === true,
    priority: columnPriorities(cols, rows),
    ...(opts.wide ? { wide: true } : {}),
  });
  if (fitted.hidden.length) opts.note?.(`(+${fitted.hidden.length} column${fitted.hidden.length === 1 ? '' : 's'}: ${fitted.hidden.map((h) => h.toLowerCase()).join(', ')}; -o wide or --fields)`);
  return fitted.text;
}

export async function renderList(rows: Record<string, unknown>[], opts: RenderOptions): Promise<string> {
  if (opts.fields) checkFields(opts.fields, rows[0], opts.knownFields);
  if (isStructured(opts)) return structured(opts.fields ? rows.map((r) => pickFields(r, opts.fields as string[])) : rows, opts);
  const cols = columnsFor(opts, rows[0], rows);
  const tty = (opts.format === 'table' || opts.format === 'wide') && opts.term.stdoutIsTTY;
  const header = cols.map((c) => (c.header ?? c.key).toUpperCase());
  const body = rows.map((r) => cols.map((c) => cellOf(r, c, tty, opts.now)));
  if (opts.format === 'csv') return csv(cols.map((c) => c.header ?? c.key), body);
  // An empty list says so on a terminal; piped, it stays empty so `wc -l` counts rows.
  if (rows.length === 0) return opts.term.stdoutIsTTY ? 'no results\n' : '';
  return table(header, body, cols, opts);
}

/** Whether `renderList`'s output can be written a page at a time (`listStream`). */
export const streams = (opts: RenderOptions): boolean => opts.jq === undefined && (opts.format === 'json' || opts.format === 'jsonl');

/**
 * `renderList`'s JSON or JSON lines written a page at a time, the same bytes in the end: a list
 * fetched with --all holds one page at a time instead of every row and the whole text. `page`
 * gives the text of a page's rows (the --fields names checked on the first row, as renderList
 * does), `end` what closes the list.
 */
export function listStream(opts: RenderOptions): { page(rows: readonly Record<string, unknown>[]): string; end(knownFields?: readonly string[]): string } {
  if (!streams(opts)) throw new Error(`-o ${opts.format} is not written a page at a time`);
  const fields = opts.fields;
  let first = true;
  const item = (row: Record<string, unknown>) => (fields ? pickFields(row, fields) : row);
  return {
    page(rows) {
      if (rows.length === 0) return '';
      if (first && fields) checkFields(fields, rows[0], opts.knownFields);
      if (opts.format === 'jsonl') {
        first = false;
        return rows.map((r) => `${JSON.stringify(item(r))}\n`).join('');
      }
      // JSON.stringify(list, null, 2): each item indented by two more spaces (a string's line
      // breaks are escaped, so every line break is the layout's), separated by a comma.
      const text = rows.map((r) => JSON.stringify(item(r), null, 2).replace(/\n/g, '\n  ')).join(',\n  ');
      const out = `${first ? '[\n  ' : ',\n  '}${text}`;
      first = false;
      return out;
    },
    /** `knownFields`: what the list's rows may have, once every row is known (else the options'). */
    end(knownFields = opts.knownFields) {
      if (first && fields) checkFields(fields, undefined, knownFields);
      if (opts.format === 'jsonl') return '';
      return first ? '[]\n' : '\n]\n';
    },
  };
}

export async function renderItem(item: Record<string, unknown>, opts: RenderOptions): Promise<string> {
  if (opts.fields) checkFields(opts.fields, item, opts.knownFields);
  if (isStructured(opts)) return structured(opts.fields ? pickFields(item, opts.fields) : item, opts);
  const cols = opts.fields ? columnsFor(opts, item) : (opts.columns ?? columnsFor({ ...opts, columns: undefined }, item));
  const tty = (opts.format === 'table' || opts.format === 'wide') && opts.term.stdoutIsTTY;
  if (opts.format === 'csv') return csv(cols.map((c) => c.header ?? c.key), [cols.map((c) => cellOf(item, c, false))]);
  const rows = cols.map((c) => [c.header ?? c.key, cellOf(item, c, tty, opts.now)]);
  const keys = cols.map((c) => c.key);
  const term = opts.term;
  if (!term.stdoutIsTTY) return rows.map(([k, v]) => `${k}\t${tsvEscape(v as string)}\n`).join('');
  const paint = (text: string, column: number, row: number) => (term.color && column === 1 && STATE_KEYS.test(keys[row] ?? '') ? paintState(text) : text);
  return fitTable(['FIELD', 'VALUE'], rows, { width: term.columns, color: term.color, paint, keep: (row, column) => column === 1 && cols[row]?.whole === true });
}
