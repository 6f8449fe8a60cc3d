// The one line of progress a command may show on stderr (transfers, backup, restore, waits),
// redrawn in place with `\r`. Every progress display goes through here, so they share what an
// admin relies on:
// - nothing at all unless stderr is a terminal (piped or redirected, no line and no escapes);
// - at most ten redraws a second, however often the work reports (a fast loop may report per
//   chunk: the text is only made when a redraw is due);
// - never wider than the terminal less one column (a wrapped line could not be redrawn);
// - no rate until half a second has passed (rateOf), nor a time left that depends on one;
// - the cursor hidden while the line is up and shown again however the command ends;
// - Ctrl-C (SIGINT) finishes the line with its last state and a newline before the process
//   exits, so the shell's prompt starts on a line of its own; so does a `kill` (SIGTERM), after
//   which the command ends as any other does (io/exit-signals.ts: 143).
import { monotonicMs } from '../../shared/elapsed.js';

const REDRAW_MS = 100;

/**
 * No rate is shown before this much time has passed: the first draw comes with the first bytes,
 * and a chunk read from a buffer within a millisecond or two made a rate of gigabytes a second.
 */
export const RATE_AFTER_MS = 500;

/**
 * Units a second of `amount` done in `elapsedMs`, or undefined while too little time has passed
 * to say. `complete`: the work is done, and its whole duration is its rate, however short.
 */
export function rateOf(amount: number, elapsedMs: number, complete = false): number | undefined {
  if (elapsedMs <= 0 || (!complete && elapsedMs < RATE_AFTER_MS)) return undefined;
  return (amount * 1000) / elapsedMs;
}
const HIDE_CURSOR = '\x1b[?25l';
const SHOW_CURSOR = '\x1b[?25h';
// Braille dots where the terminal can show them; the Linux console's font has none.
const FRAMES = process.env.TERM === 'linux' ? ['-', '\\', '|', '/'] : ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export interface StatusLineOptions {
  /** Where the line goes: stderr on a terminal, or null for nowhere (not a terminal). */
  out: NodeJS.WriteStream | null;
  /** The terminal's width; default: the stream's, else 80. */
  columns?: number;
  /** A spinner before the text, turning on a timer even when the work reports nothing. */
  spinner?: boolean;
  now?: () => number;
}

/** The text of the line: a string, or a function called only when a redraw is due. */
export type StatusText = string | ((elapsedMs: number) => string);

export interface StatusLine {
  /** New text; drawn now if the last redraw is 100 ms old, else at the next one. */
  update(text: StatusText): void;
  /** Takes the line away (the command prints its own summary). */
  clear(): void;
  /** Draws the final text and ends the line with a newline, leaving it on screen. */
  finish(text?: StatusText): void;
}

/** The line on screen now, for the interrupt handler (one command shows one line at a time). */
let shown: LineState | null = null;

class LineState implements StatusLine {
  private text: StatusText = '';
  private lastDraw = Number.NEGATIVE_INFINITY;
  /** What is on screen now (empty: nothing drawn yet, or cleared). */
  private drawn = '';
  private frame = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly started: number;
  private readonly now: () => number;
  private readonly onInterrupt = (): void => {
    this.interrupt();
    // Alone (no program handler, e.g. a library caller), the signal must still end the process.
    if (process.listenerCount('SIGINT') === 0) process.exit(130);
  };
  private readonly onTerminate = (): void => {
    this.interrupt();
    // Nobody else handles it (a library caller, without main's exit-signals): the default
    // action, now that this listener is gone (the exit status then says SIGTERM).
    if (process.listenerCount('SIGTERM') === 0) process.kill(process.pid, 'SIGTERM');
  };
  private readonly onExit = (): void => this.restoreCursor();
  private cursorHidden = false;
  private closed = false;

  constructor(private readonly opts: StatusLineOptions & { out: NodeJS.WriteStream }) {
    this.now = opts.now ?? monotonicMs;
    this.started = this.now();
    // Before the program's own handler (main), which exits at once with 130.
    process.prependListener('SIGINT', this.onInterrupt);
    process.prependListener('SIGTERM', this.onTerminate);
    process.on('exit', this.onExit);
    shown?.clear();
    shown = this;
    if (opts.spinner) {
      this.timer = setInterval(() => this.draw(), REDRAW_MS);
      // The wait itself keeps the process alive; the spinner must not.
      this.timer.unref();
    }
  }

  update(text: StatusText): void {
    if (this.closed) return;
    this.text = text;
    if (this.now() - this.lastDraw >= REDRAW_MS) this.draw();
  }

  clear(): void {
    if (this.closed) return;
    if (this.drawn) this.write('\r\x1b[2K');
    this.close();
  }

  finish(text?: StatusText): void {
    if (this.closed) return;
    if (text !== undefined) this.text = text;
    this.draw();
    this.write('\n');
    this.close();
  }

  private render(spin = !!this.opts.spinner): string {
    const text = typeof this.text === 'function' ? this.text(this.now() - this.started) : this.text;
    const line = spin ? `${FRAMES[this.frame++ % FRAMES.length]} ${text}` : text;
    const room = Math.max(10, (this.opts.columns ?? this.opts.out.columns ?? 80) - 1);
    // Code points, not UTF-16 units: a label may hold any file name.
    const chars = [...line];
    return chars.length > room ? chars.slice(0, room).join('') : line;
  }

  private draw(): void {
    if (shown !== this) return;
    this.lastDraw = this.now();
    const line = this.render();
    if (!this.cursorHidden) {
      this.cursorHidden = true;
      this.write(HIDE_CURSOR);
    }
    this.write(`\r${line}\x1b[K`);
    this.drawn = line;
  }

  /**
   * Ctrl-C or a kill: the line's last state, ended, so what follows (the prompt) starts a line of its own.
   * Redrawn rather than only ended, so the terminal's echo of ^C cannot push it into a second
   * line; a spinner's frame is left out, as nothing turns any more.
   */
  interrupt(): void {
    if (this.drawn) this.write(`\r${this.render(false)}\x1b[K\n`);
    this.drawn = '';
    this.close();
  }

  private restoreCursor(): void {
    if (!this.cursorHidden) return;
    this.cursorHidden = false;
    this.write(SHOW_CURSOR);
  }

  private close(): void {
    this.closed = true;
    this.drawn = '';
    this.restoreCursor();
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    process.off('SIGINT', this.onInterrupt);
    process.off('SIGTERM', this.onTerminate);
    process.off('exit', this.onExit);
    if (shown === this) shown = null;
  }

  private write(text: string): void {
    // On a terminal Node writes stderr synchronously, so this is on screen before an exit.
    this.opts.out.write(text);
  }
}

/** What SIGINT does to the line on screen, if any (the listener each line holds calls it). */
export function interruptStatusLine(): void {
  shown?.interrupt();
}

const NOWHERE: StatusLine = { update: () => undefined, clear: () => undefined, finish: () => undefined };

/** A status line on `out`; with out null (stderr is not a terminal), one that shows nothing. */
export function openStatusLine(opts: StatusLineOptions): StatusLine {
  return opts.out ? new LineState({ ...opts, out: opts.out }) : NOWHERE;
}
