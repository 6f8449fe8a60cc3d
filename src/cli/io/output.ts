// Standard output and error of the CLI. The first touch of process.stdout or process.stderr makes
// Node build a stream for it, loading node:stream (and net or tty for a pipe or a terminal):
// milliseconds of every command that only prints a table. The built CLI (bin/hostctl.js calls
// main with `directOutput`) writes text to the descriptors instead, synchronously, so output
// is complete and in order when the process exits; it falls back to the streams for good if a
// descriptor is non-blocking and full (EAGAIN), and a reader that went away (EPIPE) ends the
// command quietly, as the stream's handler did. Run from source (tests, which replace
// process.stdout.write and isTTY), everything goes through the streams.
import { fstatSync, statSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';

let direct = false;
const onStream = new Set<1 | 2>();
const terminal = new Map<number, boolean>();

/** Called once by main for the built CLI. */
export function useDirectOutput(): void {
  direct = true;
}

const stream = (fd: 1 | 2) => (fd === 1 ? process.stdout : process.stderr);

function write(fd: 1 | 2, text: string): void {
  if (!direct || onStream.has(fd)) {
    stream(fd).write(text);
    return;
  }
  let rest = Buffer.from(text, 'utf8');
  while (rest.length > 0) {
    let written: number;
    try {
      written = writeSync(fd, rest);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        onStream.add(fd);
        stream(fd).write(rest);
        return;
      }
      if (code === 'EPIPE' && fd === 1) process.exit(process.exitCode ?? 0);
      if (code === 'EPIPE') return;
      throw error;
    }
    rest = rest.subarray(written);
  }
}

export const writeOut = (text: string): void => write(1, text);
export const writeErr = (text: string): void => write(2, text);

let devNull: number | undefined | null;

/** Whether standard output is a regular file (`> out.json`): nothing reads it to a terminal meanwhile. */
export function isRegularFile(fd: 1): boolean {
  if (!direct) return false;
  try {
    return fstatSync(fd).isFile();
  } catch {
    return false;
  }
}

/**
 * Whether a descriptor is a terminal. Pipes, files and /dev/null are told apart by fstat without
 * loading node:tty (which loads net); only a character device other than /dev/null asks it.
 */
export function isTerminal(fd: 1 | 2): boolean {
  if (!direct) return !!stream(fd).isTTY;
  let known = terminal.get(fd);
  if (known === undefined) {
    known = false;
    try {
      const st = fstatSync(fd);
      if (st.isCharacterDevice()) {
        if (devNull === undefined) {
          try {
            devNull = statSync('/dev/null').rdev;
          } catch {
            devNull = null;
          }
        }
        known = st.rdev !== devNull && (createRequire(import.meta.url)('node:tty') as typeof import('node:tty')).isatty(fd);
      }
    } catch {
      known = false;
    }
    terminal.set(fd, known);
  }
  return known;
}

/** The width of the terminal that standard output (else standard error) is, if either is one. */
export function terminalColumns(): number | undefined {
  if (isTerminal(1)) return process.stdout.columns || undefined;
  if (isTerminal(2)) return process.stderr.columns || undefined;
  return undefined;
}

let guarded = false;

/**
 * process.stdout itself, for bytes that are streamed (downloads, raw answers). From here on text
 * goes through the stream too, so it stays in order; a reader that goes away ends the command.
 */
export function stdoutStream(): NodeJS.WriteStream {
  if (direct && !guarded) {
    guarded = true;
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  onStream.add(1);
  return process.stdout;
}
