// Runs the built CLI with stdin, stdout and stderr on a pseudo-terminal, for the terminal forms
// of output and for prompts: util-linux `script`, or python's pty module where script is absent.
import { execa } from 'execa';
import { execFileSync } from 'node:child_process';
import { BIN, cleanEnv, type CliSandbox } from '../helpers/cli.js';

export const hasCommand = (cmd: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export const canUseTerminal = hasCommand('script') || hasCommand('python3');

export interface TerminalResult {
  exitCode: number | undefined;
  /** Everything the terminal showed (stdout and stderr), CR LF turned into LF. */
  output: string;
}

/** `input` is typed ahead; the terminal buffers it until the command reads. */
export async function runOnTerminal(sb: CliSandbox, args: string[], options: { env?: Record<string, string>; input?: string } = {}): Promise<TerminalResult> {
  const line = [process.execPath, BIN, ...args].map(shellQuote).join(' ');
  const [cmd, cmdArgs] = hasCommand('script') ? ['script', ['-qec', line, '/dev/null']] : ['python3', ['-c', 'import pty,sys; sys.exit(pty.spawn(sys.argv[1:]) >> 8)', 'sh', '-c', line]];
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
