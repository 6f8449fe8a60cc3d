// What kind of terminal we talk to: decides tables vs tab-separated rows, colour, width,
// prompts and spinners. Prompts need both stdin and stdout on a terminal and neither --no-input
// nor CI. Colour: --color always|never wins, then NO_COLOR, then FORCE_COLOR, then whether
// standard output is a terminal (auto).
import { createRequire } from 'node:module';
import { isTerminal, terminalColumns } from './output.js';

// node:tty is loaded only to ask about standard input: a command whose output is piped (scripts,
// CI) never needs it, and loading it costs a share of start-up.
const isatty = (fd: number): boolean => (createRequire(import.meta.url)('node:tty') as typeof import('node:tty')).isatty(fd);

export interface TerminalInfo {
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  color: boolean;
  canPrompt: boolean;
  /** Width of the terminal in columns (80 when it cannot be told). */
  columns: number;
}

export const COLOR_MODES = ['auto', 'always', 'never'] as const;

/** `color` is the --color value (`auto`, `always`, `never`), or false for --no-color. */
export function detectTerminal(opts: { noInput?: boolean; color?: boolean | string }, env: NodeJS.ProcessEnv = process.env): TerminalInfo {
  const stdoutIsTTY = isTerminal(1);
  const stderrIsTTY = isTerminal(2);
  // Asked of the descriptor, and only when read: touching process.stdin would set up a stream
  // most commands never read.
  let stdin: boolean | undefined;
  const stdinIsTTY = (): boolean => (stdin ??= isatty(0));
  const ciSet = !!env.CI && env.CI !== 'false' && env.CI !== '0';
  let color = stdoutIsTTY;
  if (env.FORCE_COLOR !== undefined) color = env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') color = false;
  if (opts.color === false || opts.color === 'never') color = false;
  if (opts.color === 'always') color = true;
  // COLUMNS in the environment wins (tests and `COLUMNS=100 hostctl …`), then the terminal's own.
  const fromEnv = Number(env.COLUMNS);
  const ttyColumns = terminalColumns();
  const columns = Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : ttyColumns && ttyColumns > 0 ? ttyColumns : 80;
  return {
    stdoutIsTTY,
    stderrIsTTY,
    get stdinIsTTY() {
      return stdinIsTTY();
    },
    color,
    get canPrompt() {
      return stdoutIsTTY && !opts.noInput && !ciSet && !env.HOSTCTL_NO_PROMPT && stdinIsTTY();
    },
    columns,
  };
}
