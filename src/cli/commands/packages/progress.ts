// A progress line on stderr for uploads and downloads: bytes done of the total, rate and time
// left, drawn by the CLI's one status line (io/status-line.ts: only on a terminal, at most ten
// redraws a second, finished cleanly on Ctrl-C). The bytes pass through untouched.
import { Transform, type TransformCallback } from 'node:stream';
import { openStatusLine, rateOf, type StatusLine } from '../../io/status-line.js';
import { humanBytes } from '../../../shared/byte-size.js';

function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '--';
  const total = Math.round(s);
  return total >= 60 ? `${Math.floor(total / 60)}m${String(total % 60).padStart(2, '0')}s` : `${total}s`;
}

export interface ProgressOptions {
  label: string;
  total?: number;
  /** Where the line goes; null: nowhere (not a terminal). */
  out: NodeJS.WriteStream | null;
  /** The terminal's width (the line never wraps); default: the stream's, else 80. */
  columns?: number;
  now?: () => number;
}

/** ` 1.5 MiB/s` for a rate of bytes a second; nothing while there is none yet (io/status-line.ts `rateOf`). */
export const rateText = (rate: number | undefined): string => (rate === undefined ? '' : ` ${humanBytes(rate)}/s`);

/** The bar's text for `done` of `total` bytes after `elapsedMs`. */
export function progressLine(label: string, done: number, total: number | undefined, elapsedMs: number, width = 24): string {
  const known = total !== undefined && total > 0;
  const rate = rateOf(done, elapsedMs, known && done >= total);
  if (!known) return `${label} ${humanBytes(done)}${rateText(rate)}`;
  const ratio = Math.min(1, done / total);
  const filled = Math.round(ratio * width);
  const eta = rate !== undefined && rate > 0 ? (total - done) / rate : Number.POSITIVE_INFINITY;
  return `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}% ${humanBytes(done)}/${humanBytes(total)}${rateText(rate)} ETA ${formatSeconds(eta)}`;
}

/**
 * The progress line fitted to a terminal of `columns`: a line as wide as the terminal would wrap,
 * and each redraw (`\r`) would then leave the wrapped part behind. The bar narrows first (to 5),
 * then the label loses its middle (`storefront-…-amd64`), then the line its end.
 */
export function fittedProgressLine(label: string, done: number, total: number | undefined, elapsedMs: number, columns: number): string {
  const room = Math.max(10, columns - 1);
  let width = 24;
  let line = progressLine(label, done, total, elapsedMs, width);
  if (line.length > room && total !== undefined && total > 0) {
    width = Math.max(5, width - (line.length - room));
    line = progressLine(label, done, total, elapsedMs, width);
  }
  if (line.length > room) {
    const keep = Math.max(8, label.length - (line.length - room) - 1);
    if (keep < label.length) {
      const head = Math.ceil((keep - 1) / 2);
      line = progressLine(`${label.slice(0, head)}…${label.slice(label.length - (keep - 1 - head))}`, done, total, elapsedMs, width);
    }
  }
  return line.length > room ? line.slice(0, room) : line;
}

export class Progress extends Transform {
  private done = 0;
  private readonly line: StatusLine;
  private readonly render: (elapsedMs: number) => string;

  constructor(opts: ProgressOptions) {
    super();
    const columns = opts.columns ?? opts.out?.columns ?? 80;
    this.line = openStatusLine({ out: opts.out, columns, ...(opts.now ? { now: opts.now } : {}) });
    this.render = (elapsedMs) => fittedProgressLine(opts.label, this.done, opts.total, elapsedMs, columns);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.done += chunk.length;
    this.line.update(this.render);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    this.finish();
    done();
  }

  /** Draws the final state and ends the line. */
  finish(): void {
    this.line.finish(this.render);
  }

  /** Takes the line away (a failed transfer: the error says what happened). */
  clear(): void {
    this.line.clear();
  }
}
