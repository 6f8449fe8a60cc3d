// Aligned tables for a terminal. Columns are two spaces apart, the last one is never padded (no
// trailing spaces), and a table wider than the terminal is fitted by cutting the widest column
// (with an ellipsis: at the end of text, in the middle of a path), then the next widest, never by
// wrapping lines.
import { displayWidth, fitCell } from './cells.js';

export interface TableOptions {
  /** Terminal width in columns. */
  width: number;
  color: boolean;
  /** Colours a cell's (already cut) text; row -1 is the header. */
  paint?: (text: string, column: number, row: number) => string;
  /** Cells printed whole however wide (values people copy); their line wraps instead. */
  keep?: (row: number, column: number) => boolean;
}

const GAP = 2;
/** No column is cut below this width (or its header's). */
const MIN_WIDTH = 6;

/** The widths that fit `total` columns: the widest columns give way first. */
export function fitWidths(natural: number[], minimum: number[], total: number): number[] {
  const widths = [...natural];
  const sum = () => widths.reduce((a, b) => a + b, 0) + GAP * Math.max(0, widths.length - 1);
  while (sum() > total) {
    // The widest column that can still give something.
    let pick = -1;
    for (let i = 0; i < widths.length; i++) if ((widths[i] as number) > (minimum[i] as number) && (pick < 0 || (widths[i] as number) > (widths[pick] as number))) pick = i;
    if (pick < 0) break;
    const others = widths.filter((_, i) => i !== pick);
    const second = others.length ? Math.max(...others) : 0;
    const room = (widths[pick] as number) - Math.max(minimum[pick] as number, second);
    // Cut the widest down to the next widest at most per round, so long columns share the loss.
    const cut = Math.min(sum() - total, room > 0 ? room : 1);
    widths[pick] = Math.max(minimum[pick] as number, (widths[pick] as number) - cut);
  }
  return widths;
}

/** Cells that are not free text: numbers, booleans, dates, relative times, `-`. */
const FIXED_CELL = /^(-|true|false|-?\d[\d.,:]*( ?[A-Za-z]+)?|just now|(in )?\d+ [a-z]+( ago)?|\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?|[0-9a-f]{7,12})$/;

export function fitTable(header: string[], rows: string[][], opts: TableOptions): string {
  const all = [header, ...rows];
  const natural = header.map((_, c) => Math.max(...all.map((r) => displayWidth(r[c] ?? ''))));
  const kept = header.map((_, c) => rows.length > 0 && rows.every((_r, i) => opts.keep?.(i, c) === true));
  const floor = header.map((h, c) => (kept[c] ? (natural[c] as number) : Math.min(natural[c] as number, Math.max(MIN_WIDTH, displayWidth(h)))));
  // Free-text columns give way first; times, numbers and ids only when that is not enough.
  const fixed = header.map((_, c) => rows.length > 0 && rows.every((r) => FIXED_CELL.test(r[c] ?? '')));
  const total = Math.max(20, opts.width);
  let widths = fitWidths(natural, natural.map((n, c) => (fixed[c] ? n : (floor[c] as number))), total);
  if (widths.reduce((a, b) => a + b, 0) + GAP * Math.max(0, widths.length - 1) > total) widths = fitWidths(widths, floor, total);
  const bold = (s: string) => (opts.color ? `\u001b[1m${s}\u001b[22m` : s);
  const line = (r: string[], rowIndex: number) => {
    const cells = r.map((v, c) => {
      const text = rowIndex >= 0 && opts.keep?.(rowIndex, c) ? (v ?? '') : fitCell(v ?? '', widths[c] as number);
      const pad = ' '.repeat(Math.max(0, (widths[c] as number) - displayWidth(text)));
      const shown = rowIndex < 0 ? bold(text) : opts.paint ? opts.paint(text, c, rowIndex) : text;
      return c === r.length - 1 ? shown : `${shown}${pad}`;
    });
    return `${cells.join(' '.repeat(GAP)).trimEnd()}\n`;
  };
  return [line(header, -1), ...rows.map((r, i) => line(r, i))].join('');
}
