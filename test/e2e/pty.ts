// Drives the built CLI on a pseudo-terminal step by step (python3's pty module): waits for each
// `expect` (a regex over the output without ANSI codes), then types `send`. For wizards that
// ask several questions in turn.
import { execa } from 'execa';
import { expect } from 'vitest';
import { BIN, type CliSandbox } from '../helpers/cli.js';

/** Runs argv on a pseudo-terminal; waits for each `expect` (a regex over the output without ANSI codes), then types `send`. */
const PTY_DRIVER = String.raw`
import fcntl, json, os, pty, re, select, signal, struct, sys, termios, time

cfg = json.loads(sys.stdin.read())
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', 50, 220, 0, 0))
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
print(json.dumps({'output': text().decode('utf-8', 'replace'), 'code': code, 'error': error}))
`;

export interface PtyStep {
  expect: string;
  send: string[];
}

export interface PtyResult {
  output: string;
  code: number;
  error: string | null;
}

export const KEY = { down: '\u001b[B', up: '\u001b[A', enter: '\r', backspace: '\u007f' } as const;

export async function runOnPty(box: CliSandbox, args: string[], steps: PtyStep[], env: Record<string, string> = {}): Promise<PtyResult> {
  const fullEnv: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: box.dir, TERM: 'xterm-256color', ...box.env, ...env };
  const res = await execa('python3', ['-c', PTY_DRIVER], {
    input: JSON.stringify({ argv: [process.execPath, BIN, ...args], env: fullEnv, steps, timeout: 40 }),
    reject: false,
    timeout: 60_000,
  });
  expect(res.exitCode, String(res.stderr)).toBe(0);
  return JSON.parse(String(res.stdout)) as PtyResult;
}
