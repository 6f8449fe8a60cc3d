// Rendering of API resources: JSON and YAML print exactly the API's shape (optionally narrowed
// by --fields); tables are for people — aligned and coloured on a terminal, tab-separated rows
// with ISO times and no colour when piped. YAML and the table library load only when used.
import type { TerminalInfo } from '../io/terminal.js';
import { checkFields, getPath, pickFields } from './fields.js';

export type Format = 'table' | 'json' | 'yaml';
export const FORMATS: Format[] = ['table', 'json', 'yaml'];

export interface Column {
  /** Dotted path into the resource. */
  key: string;
  header?: string;
  /** Derives the cell from the row when a path is not enough. */
  get?: (row: Record<string, unknown>) => unknown;
}

export interface RenderOptions {
  format: Format;
  fields?: string[];
  columns?: Column[];
  term: TerminalInfo;
  /** Field names a list may be checked against when it is empty. */
  knownFields?: readonly string[];
}

const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function cellText(value: unknown, tty: boolean): string {
  if (value === null || value === undefined) return tty ? '-' : '';
  if (typeof value === 'string') return tty && ISO_RE.test(value) ? value.slice(0, 16).replace('T', ' ') : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))).join(',');
  const o = value as Record<string, unknown>;
  if (typeof o.username === 'string') return o.username;
  if (typeof o.name === 'string') return o.name;
  return JSON.stringify(value);
}

function columnsFor(opts: RenderOptions, sample: Record<string, unknown> | undefined): Column[] {
  if (opts.fields) return opts.fields.map((f) => ({ key: f, header: f }));
  if (opts.columns) return opts.columns;
  if (!sample) return [];
  return Object.keys(sample)
    .filter((k) => sample[k] === null || typeof sample[k] !== 'object')
    .map((k) => ({ key: k }));
}

const cell = (row: Record<string, unknown>, c: Column) => (c.get ? c.get(row) : getPath(row, c.key));

async function structured(data: unknown, format: 'json' | 'yaml'): Promise<string> {
  if (format === 'json') return `${JSON.stringify(data, null, 2)}\n`;
  // yaml ships CommonJS for Node; the bundle exposes it as a default export.
  const mod = (await import('yaml')) as typeof import('yaml') & { default?: typeof import('yaml') };
  return (mod.default ?? mod).stringify(data);
}

async function table(header: string[], rows: string[][], term: TerminalInfo): Promise<string> {
  if (!term.stdoutIsTTY) return rows.map((r) => `${r.join('\t')}\n`).join('');
  const [{ default: Table }, { default: chalk }] = await Promise.all([import('cli-table3'), import('chalk')]);
  chalk.level = term.color ? chalk.level || 1 : 0;
  const t = new Table({
    head: header.map((h) => (term.color ? chalk.bold(h) : h)),
    chars: { top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ' },
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
  });
  for (const r of rows) t.push(r);
  return `${t.toString()}\n`;
}

export async function renderList(rows: Record<string, unknown>[], opts: RenderOptions): Promise<string> {
  if (opts.fields) checkFields(opts.fields, rows[0], opts.knownFields);
  if (opts.format !== 'table') return structured(opts.fields ? rows.map((r) => pickFields(r, opts.fields as string[])) : rows, opts.format);
  const cols = columnsFor(opts, rows[0]);
  const tty = opts.term.stdoutIsTTY;
  if (rows.length === 0) return '';
  return table(
    cols.map((c) => (c.header ?? c.key).toUpperCase()),
    rows.map((r) => cols.map((c) => cellText(cell(r, c), tty))),
    opts.term,
  );
}

export async function renderItem(item: Record<string, unknown>, opts: RenderOptions): Promise<string> {
  if (opts.fields) checkFields(opts.fields, item, opts.knownFields);
  if (opts.format !== 'table') return structured(opts.fields ? pickFields(item, opts.fields) : item, opts.format);
  const cols = opts.fields ? columnsFor(opts, item) : opts.columns ?? columnsFor({ ...opts, columns: undefined }, item);
  const tty = opts.term.stdoutIsTTY;
  return table(
    ['FIELD', 'VALUE'],
    cols.map((c) => [c.header ?? c.key, cellText(cell(item, c), tty)]),
    opts.term,
  );
}
