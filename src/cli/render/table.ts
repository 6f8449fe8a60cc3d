// Aligned tables for a terminal. Columns are two spaces apart, the last one is never padded (no
// trailing spaces), and lines never wrap. A table wider than the terminal keeps what identifies
// its rows: each column has a priority (1 identifier, 2 name/path/text, 3 state/time, 4 booleans,
// other ids, URLs). Text columns shrink to a floor first, the lowest priority first; when that is
// not enough the lowest-priority columns are dropped (the rightmost first) and named in `hidden`,
// so the caller can say `(+N columns: -o wide or --fields)`. States, times and numbers are never
// cut, identifiers only when nothing else is left to give.
import { displayWidth, fitCell } from './cells.js';

export interface TableOptions {
  /** Terminal width in columns. */
  width: number;
  color: boolean;
  /** Colours a cell's (already cut) text; row -1 is the header. */
  paint?: (text: string, column: number, row: number) => string;
  /** Cells printed whole however wide (values people copy); their line wraps instead. */
  keep?: (row: number, column: number) => boolean;
  /** Each column's priority (1 highest); columns may be dropped only when given. */
  priority?: readonly number[];
  /** Every column, nothing cut (`-o wide`): lines may be longer than the terminal. */
  wide?: boolean;
}

export interface FittedTable {
  text: string;
  /** Headers of the columns left out to fit the width. */
  hidden: string[];
}

const GAP = 2;
/** No column is cut below this width (or its header's). */
const MIN_WIDTH = 6;
/** Text columns shrink to this (or their header) before any column is dropped. */
const TEXT_FLOOR = 12;

/**
 * The widths that fit `total` columns: the lowest-priority columns give way first (a URL before
 * the name beside it), and among equals the widest.
 */
export function fitWidths(natural: number[], minimum: number[], total: number, priority: readonly number[] = []): number[] {
  const widths = [...natural];
  const prio = (i: number) => priority[i] ?? 0;
  const sum = () => widths.reduce((a, b) => a + b, 0) + GAP * Math.max(0, widths.length - 1);
  while (sum() > total) {
    // The widest column of the lowest priority that can still give something.
    let pick = -1;
    for (let i = 0; i < widths.length; i++) {
      if ((widths[i] as number) <= (minimum[i] as number)) continue;
      if (pick < 0 || prio(i) > prio(pick) || (prio(i) === prio(pick) && (widths[i] as number) > (widths[pick] as number))) pick = i;
    }
    if (pick < 0) break;
    const others = widths.filter((_, i) => i !== pick && prio(i) === prio(pick));
    const second = others.length ? Math.max(...others) : 0;
    const room = (widths[pick] as number) - Math.max(minimum[pick] as number, second);
    // Cut the widest down to the next widest at most per round, so long columns share the loss.
    const cut = Math.min(sum() - total, room > 0 ? room : 1);
    widths[pick] = Math.max(minimum[pick] as number, (widths[pick] as number) - cut);
  }
  return widths;
}

/** Cells that are not free text: numbers, booleans, dates, relative times, `-`. */
export const FIXED_CELL = /^(-|true|false|-?\d[\d.,:]*( ?[A-Za-z]+)?|just now|(in )?\d+ [a-z]+( ago)?|\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?|[0-9a-f]{7,12})$/;

const total = (widths: readonly number[]) => widths.reduce((a, b) => a + b, 0) + GAP * Math.max(0, widths.length - 1);

/** The columns to show and their widths. */
function layout(header: string[], rows: string[][], opts: TableOptions): { shown: number[]; widths: number[] } {
  const all = [header, ...rows];
  const natural = header.map((_, c) => Math.max(...all.map((r) => displayWidth(r[c] ?? ''))));
  const every = header.map((_, c) => c);
  if (opts.wide) return { shown: every, widths: natural };
  const kept = header.map((_, c) => rows.length > 0 && rows.every((_r, i) => opts.keep?.(i, c) === true));
  const fixed = header.map((_, c) => rows.length > 0 && rows.every((r) => FIXED_CELL.test(r[c] ?? '')));
  const prio = opts.priority ?? header.map(() => 2);
  const width = Math.max(20, opts.width);
  const headerWidth = (c: number) => displayWidth(header[c] as string);
  // How narrow each column may become before columns are dropped: identifiers, states, times,
  // numbers and kept cells not at all (`defau…` says nothing); the rest to a readable floor, below
  // which a URL or a path is noise and the column had better go.
  const soft = (c: number) => {
    const n = natural[c] as number;
    if (kept[c] || fixed[c] || prio[c] === 1 || prio[c] === 3) return n;
    return Math.min(n, Math.max(TEXT_FLOOR, headerWidth(c)));
  };
  const shown = [...every];
  const pick = (floor: (c: number) => number) => fitWidths(shown.map((c) => natural[c] as number), shown.map(floor), width, opts.priority ? shown.map((c) => prio[c] as number) : []);
  // A kept column (a DSN to copy) is printed whole and its line wraps, so it is never dropped (a
  // list of keys would show no key) and counts as its header when deciding what else to drop.
  const fitting = (floor: (c: number) => number) => shown.map((c) => (kept[c] ? headerWidth(c) : floor(c)));
  while (opts.priority && total(fitting(soft)) > width) {
    // The lowest priority, rightmost column goes; identifiers and kept columns stay.
    let drop = -1;
    for (const c of shown) if ((prio[c] as number) > 1 && !kept[c] && (drop < 0 || (prio[c] as number) >= (prio[drop] as number))) drop = c;
    if (drop < 0 || shown.length <= 1) break;
    shown.splice(shown.indexOf(drop), 1);
  }
  if (total(fitting(soft)) <= width) return { shown, widths: pick(soft) };
  // Only identifiers are left and they do not fit: they are cut too (times never).
  const hard = (c: number) => (kept[c] || (fixed[c] && prio[c] !== 1) ? (natural[c] as number) : Math.min(natural[c] as number, Math.max(MIN_WIDTH, headerWidth(c))));
  return { shown, widths: pick(hard) };
}

export function layoutTable(header: string[], rows: string[][], opts: TableOptions): FittedTable {
  const { shown, widths } = layout(header, rows, opts);
  const bold = (s: string) => (opts.color ? `\u001b[1m${s}\u001b[22m` : s);
  const line = (r: string[], rowIndex: number) => {
    const cells = shown.map((c, i) => {
      const v = r[c] ?? '';
      const w = widths[i] as number;
      const text = opts.wide || (rowIndex >= 0 && opts.keep?.(rowIndex, c)) ? v : fitCell(v, w);
      const pad = ' '.repeat(Math.max(0, w - displayWidth(text)));
      const painted = rowIndex < 0 ? bold(text) : opts.paint ? opts.paint(text, c, rowIndex) : text;
      return i === shown.length - 1 ? painted : `${painted}${pad}`;
    });
    return `${cells.join(' '.repeat(GAP)).trimEnd()}\n`;
  };
  const hidden = header.filter((_, c) => !shown.includes(c));
  return { text: [line(header, -1), ...rows.map((r, i) => line(r, i))].join(''), hidden };
}

export function fitTable(header: string[], rows: string[][], opts: TableOptions): string {
  return layoutTable(header, rows, opts).text;
}
