// Runs the built CLI with stdin, stdout and stderr on a pseudo-terminal, for the terminal forms
// of output and for prompts: util-linux `script`, or python's pty module where script is absent.
import { execa } from 'execa';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { BIN, cleanEnv, type CliSandbox } from '../helpers/cli.js';

const found = new Map<string, boolean>();
export const hasCommand = (cmd: string): boolean => {
  let has = found.get(cmd);
  if (has === undefined) {
    try {
      execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
      has = true;
    } catch {
      has = false;
    }
    found.set(cmd, has);
  }
  return has;
};

/**
 * The system's python3 where there is one: a version manager's `python3` on PATH is a shell
 * script that starts about a hundred processes before python does, on every terminal a test
 * opens. Only the standard library's pty module is used, which every python3 has.
 */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export const canUseTerminal = hasCommand('script') || hasCommand('python3');

export interface TerminalResult {
  exitCode: number | undefined;
  /** Everything the terminal showed (stdout and stderr), CR LF turned into LF. */
  output: string;
}

/** `input` is typed ahead; the terminal buffers it until the command reads. */
export async function runOnTerminal(sb: Pick<CliSandbox, 'env'>, args: string[], options: { env?: Record<string, string>; input?: string } = {}): Promise<TerminalResult> {
  const line = [process.execPath, BIN, ...args].map(shellQuote).join(' ');
  const [cmd, cmdArgs] = hasCommand('script') ? ['script', ['-qec', line, '/dev/null']] : [PYTHON, ['-c', 'import pty,sys; sys.exit(pty.spawn(sys.argv[1:]) >> 8)', 'sh', '-c', line]];
  const res = await execa(cmd as string, cmdArgs as string[], {
    // Not the parent's environment: CI=true there would turn prompts off on the terminal.
    env: { ...cleanEnv(), ...sb.env, COLUMNS: '200', TERM: 'xterm', ...(options.env ?? {}) },
    extendEnv: false,
    reject: false,
    timeout: 30_000,
    ...(options.input !== undefined ? { input: options.input } : { stdin: 'ignore' }),
  });
  return { exitCode: res.exitCode, output: String(res.stdout).replace(/\r\n/g, '\n') };
}

/** Runs argv on a pseudo-terminal; waits for each `expect` (a regex over the output without ANSI codes), then types `send`. */
const PTY_DRIVER = String.raw`
import fcntl, json, os, pty, re, select, signal, struct, sys, termios, time

cfg = json.loads(sys.stdin.read())
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', 50, cfg.get('columns', 220), 0, 0))
    os.execve(cfg['argv'][0], cfg['argv'], cfg['env'])

ansi = re.compile(rb'\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\r')
raw = b''
seen = 0
error = None
deadline = time.time() + cfg['timeout']
alive = True

def pump(wait):
    global raw, alive
    ready, _, _ = select.select([fd], [], [], wait)
    if not ready:
        return
    try:
        data = os.read(fd, 65536)
    except OSError:
        data = b''
    if not data:
        alive = False
    raw += data

def text():
    return ansi.sub(b'', raw)

for step in cfg['steps']:
    pattern = re.compile(step['expect'].encode())
    while True:
        m = pattern.search(text(), seen)
        if m:
            seen = m.end()
            break
        if not alive or time.time() > deadline:
            error = 'did not see: ' + step['expect']
            break
        pump(0.1)
    if error:
        break
    time.sleep(0.2)
    for chunk in step['send']:
        os.write(fd, chunk.encode())
        time.sleep(0.05)

while alive and time.time() < deadline:
    pump(0.2)
if alive:
    os.kill(pid, signal.SIGKILL)
    error = error or 'the command did not finish'
_, status = os.waitpid(pid, 0)
code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)
print(json.dumps({'output': text().decode('utf-8', 'replace'), 'raw': raw.decode('utf-8', 'replace'), 'code': code, 'error': error}))
`;

export interface Step {
  expect: string;
  send: string[];
}

export interface PtyResult {
  /** What the terminal showed, without ANSI codes and carriage returns. */
  output: string;
  /** The bytes as the terminal got them, escapes and all (for screenOf). */
  raw: string;
  code: number;
  error: string | null;
}

/**
 * Runs argv on a pseudo-terminal of `columns` width (python3's pty module): waits for each step's
 * `expect` (a regex over the output without ANSI codes), then types its `send` keys.
 */
export async function drivePty(argv: string[], env: Record<string, string>, steps: Step[], columns = 220): Promise<PtyResult> {
  const res = await execa(PYTHON, ['-c', PTY_DRIVER], {
    input: JSON.stringify({ argv, env, steps, timeout: 40, columns }),
    reject: false,
    timeout: 60_000,
  });
  if (res.exitCode !== 0) throw new Error(`pty driver failed: ${String(res.stderr)}`);
  return JSON.parse(String(res.stdout)) as PtyResult;
}

/** Keys as a terminal sends them, for `send`. */
export const KEY = { down: '\u001b[B', up: '\u001b[A', enter: '\r', backspace: '\u007f', ctrlC: '\u0003' } as const;

export interface Screen {
  /** The lines as they stand at the end, trailing blanks trimmed. */
  lines: string[];
  /** Where the cursor was left: what the shell's prompt would be written after. */
  row: number;
  column: number;
  /** Whether the cursor is shown (the last of \e[?25l and \e[?25h wins). */
  cursorShown: boolean;
}

/**
 * What a terminal of `columns` shows after `raw`: enough of one for progress lines (text with
 * wrapping, CR, LF, erase in line, cursor to column); other escapes are left out.
 */
export function screenOf(raw: string, columns: number): Screen {
  const lines: string[][] = [[]];
  let row = 0;
  let column = 0;
  let cursorShown = true;
  const escape = /^\u001b\[([0-9;?]*)([A-Za-z])/;
  for (let i = 0; i < raw.length; ) {
    const ch = raw[i] as string;
    if (ch === '\u001b') {
      const m = escape.exec(raw.slice(i, i + 16));
      if (m) {
        const [all, arg, op] = m as unknown as [string, string, string];
        const line = (lines[row] ??= []);
        if (op === 'K' && (arg === '' || arg === '0')) line.length = Math.min(line.length, column);
        if (op === 'K' && arg === '2') line.length = 0;
        if (op === 'G') column = Math.max(0, Number(arg || '1') - 1);
        if (arg === '?25' && op === 'l') cursorShown = false;
        if (arg === '?25' && op === 'h') cursorShown = true;
        i += all.length;
        continue;
      }
    }
    i += ch.length;
    if (ch === '\r') column = 0;
    else if (ch === '\n') {
      row++;
      lines[row] ??= [];
    } else if (ch >= ' ') {
      if (column >= columns) {
        row++;
        column = 0;
        lines[row] ??= [];
      }
      const line = (lines[row] ??= []);
      while (line.length < column) line.push(' ');
      line[column++] = ch;
    }
  }
  const text = lines.map((l) => l.join('').trimEnd());
  while (text.length > row + 1 && text[text.length - 1] === '') text.pop();
  return { lines: text, row, column, cursorShown };
}

/** drivePty for the built CLI of a sandbox: its environment, a HOME of its own, a colour terminal. */
export function runOnPty(box: CliSandbox, args: string[], steps: Step[], env: Record<string, string> = {}, columns?: number): Promise<PtyResult> {
  const fullEnv: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: box.dir, TERM: 'xterm-256color', ...box.env, ...env };
  return drivePty([process.execPath, BIN, ...args], fullEnv, steps, columns);
}
