// Ctrl-C while a progress line is up, on a real pseudo-terminal of 80 columns: the line is ended
// with its last state before the process exits 130, so the shell's prompt starts a line of its
// own, and the cursor hidden while the line was drawn is shown again. Two users of the one
// status line (src/cli/io/status-line.ts): `restore --check` reading an archive through a FIFO
// that is held open mid-member (so the check cannot finish, and the line must move within a
// member to be seen), and `storage-moves schedule --wait` on a move the worker holds paused.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSandbox, type CliSandbox } from '../helpers/cli.js';
import { KEY, hasCommand, runOnPty, screenOf } from './terminal.js';

const COLUMNS = 80;
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(hasCommand('python3') && hasCommand('mkfifo'))('Ctrl-C during a progress line, on an 80-column terminal', () => {
  let sb: CliSandbox;

  beforeAll(async () => {
    sb = cliSandbox();
    await sb.init(['--demo']);
  });
  afterAll(() => sb.cleanup());

  it('restore --check: the line moves within a large member, and Ctrl-C ends it on a line of its own (130)', async () => {
    // One package file of 8 MiB: the archive is fed up to the middle of it, then held open.
    const big = join(sb.dir, 'big.bin');
    writeFileSync(big, Buffer.alloc(8 * 1024 * 1024, 7));
    expect((await sb.run(['packages', 'upload', big, '-R', 'acme/web/storefront', '--name', 'big', '--package-version', '1.0.0'])).exitCode).toBe(0);
    const archive = join(sb.dir, 'x.tar');
    expect((await sb.run(['backup', '-O', archive])).exitCode).toBe(0);
    const data = readFileSync(archive);
    const at = data.indexOf(Buffer.alloc(64 * 1024, 7));
    expect(at).toBeGreaterThan(0);
    const fifo = join(sb.dir, 'archive.fifo');
    execFileSync('mkfifo', [fifo]);
    // The writer opens the FIFO (waiting for the check to open it), writes the archive up to 4 MiB
    // into the large member, then a trickle of 1 KiB a tenth of a second: the check is reading
    // mid-member for minutes. (A trickle, not a stop: a read blocked on a silent FIFO holds one
    // of Node's I/O threads, which the exit of the process waits for.)
    const writer = execa(
      PYTHON,
      ['-c', 'import sys,time\nd=open(sys.argv[1],"rb").read()\nn=int(sys.argv[3])\no=open(sys.argv[2],"wb",0)\no.write(d[:n])\nwhile n<len(d):\n o.write(d[n:n+1024]); n+=1024; time.sleep(0.1)', archive, fifo, String(at + 4 * 1024 * 1024)],
      { reject: false, stdin: 'ignore' },
    );
    try {
      // Interrupted once the line shows a rate (none is shown over its first half second).
      const res = await runOnPty(sb, ['restore', fifo, '--check'], [{ expect: 'check [\\d.]+ MiB [\\d.]+ [KMG]?i?B/s', send: [KEY.ctrlC] }], {}, COLUMNS);
      expect(res.error, res.raw).toBeNull();
      expect(res.code, res.output).toBe(130);
      const screen = screenOf(res.raw, COLUMNS);
      // The prompt would start at the left margin of an empty line…
      expect(screen.column, JSON.stringify(screen)).toBe(0);
      expect(screen.lines[screen.row]).toBe('');
      // …under the line's last state, whole (the bytes read, the rate), with nothing after it.
      expect(screen.lines[screen.row - 1]).toMatch(/^check [\d.]+ MiB [\d.]+ [KMG]?i?B\/s$/);
      expect(screen.cursorShown).toBe(true);
    } finally {
      writer.kill('SIGKILL');
      await writer;
    }
  }, 90_000);

  it('storage-moves schedule --wait: Ctrl-C leaves the counts, without the spinner, on a line of their own (130)', async () => {
    expect((await sb.run(['storages', 'add', 'second', join(sb.dir, 'second-disk')])).exitCode).toBe(0);
    const marker = join(sb.stateDir, 'move-paused-switched');
    try {
      const res = await runOnPty(
        sb,
        ['storage-moves', 'schedule', '--project', 'oss/yaml-lint', '--to', 'second', '--wait', '--interval', '100ms'],
        [{ expect: '0/1 finished, 0 failed', send: [KEY.ctrlC] }],
        { HOSTCTL_TEST_MOVE_PAUSE: 'switched' },
        COLUMNS,
      );
      expect(res.error, res.raw).toBeNull();
      expect(res.code).toBe(130);
      // The spinner hid the cursor while it turned.
      expect(res.raw).toContain('\u001b[?25l');
      const screen = screenOf(res.raw, COLUMNS);
      expect(screen.column, JSON.stringify(screen)).toBe(0);
      expect(screen.lines[screen.row]).toBe('');
      expect(screen.lines[screen.row - 1]).toBe('0/1 finished, 0 failed');
      expect(screen.cursorShown).toBe(true);
    } finally {
      // The worker (another process) waits on the marker; without it, it finishes the move.
      for (let i = 0; i < 600 && !existsSync(marker); i++) await sleep(50);
      if (existsSync(marker)) unlinkSync(marker);
    }
    const pending = await movesOf(sb);
    if (pending.length) expect((await sb.run(['storage-moves', 'wait', '--interval', '100ms', ...pending])).exitCode).toBe(0);
  }, 90_000);
});

async function movesOf(sb: CliSandbox): Promise<string[]> {
  const moves = await sb.json<{ id: number; state: string }[]>(['storage-moves', 'list', '--project', 'oss/yaml-lint']);
  return moves.filter((m) => m.state !== 'finished').map((m) => String(m.id));
}
