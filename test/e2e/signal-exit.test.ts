// A command ended by a signal, as a process (src/cli/io/exit-signals.ts): it exits 128 + the
// signal's number (130 for Ctrl-C, 143 for a `kill`, 129 for a closed terminal) and leaves no
// half-written file behind (a backup's partial archive and its scratch copy of the database).
// (A download's `.part` file: download-interrupt.test.ts; serve's graceful stop on
// SIGTERM: serve.test.ts.)
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, cliSandbox, type CliSandbox } from '../helpers/cli.js';

const entries = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir) : []);

describe('a command ended by a signal', () => {
  let sb: CliSandbox;

  beforeAll(async () => {
    sb = cliSandbox();
    await sb.init();
    // A large file of the state's own: the archive is written for long enough to be caught mid-way.
    writeFileSync(join(sb.stateDir, 'large-extra.bin'), Buffer.alloc(96 * 1024 * 1024, 1));
  }, 60_000);
  afterAll(() => sb?.cleanup());

  const backup = (out: string): ResultPromise =>
    execa(process.execPath, [BIN, 'backup', '--state', sb.stateDir, '-O', join(out, 'state.tar')], { env: { ...cleanEnv(), ...sb.env }, extendEnv: false, reject: false, stdin: 'ignore', timeout: 60_000 });

  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('backup: %s removes the partial archive and the scratch copy, and exits %i', async (signal, code) => {
    // The backup is stopped (SIGSTOP) as soon as its partial archive appears, so the signal
    // reaches it mid-way however fast the machine; one that finished first is run again.
    let caught = false;
    for (let attempt = 0; attempt < 5 && !caught; attempt++) {
      const out = join(sb.dir, `${signal}-${attempt}`);
      mkdirSync(out);
      const proc = backup(out);
      await expect.poll(() => entries(out).length > 0 || proc.exitCode !== null, { timeout: 30_000, interval: 5 }).toBe(true);
      proc.kill('SIGSTOP');
      const partial = entries(out).filter((n) => n.includes('.partial-'));
      if (partial.length === 0) {
        proc.kill('SIGCONT');
        await proc;
        continue;
      }
      caught = true;
      // Written by this process: the scratch copy of the database is there too.
      expect(entries(join(sb.stateDir, 'tmp')).filter((n) => n.startsWith(`backup-${proc.pid}-`))).toHaveLength(1);
      proc.kill(signal);
      proc.kill('SIGCONT');
      const res = await proc;
      expect([res.exitCode, res.signal], String(res.stderr)).toEqual([code, undefined]);
      expect(entries(out).filter((n) => n.includes('.partial-'))).toEqual([]);
      expect(entries(join(sb.stateDir, 'tmp')).filter((n) => n.startsWith(`backup-${proc.pid}-`))).toEqual([]);
    }
    expect(caught).toBe(true);
  }, 120_000);

  it('backup that completes keeps its archive (and leaves nothing beside it)', async () => {
    const out = join(sb.dir, 'whole');
    mkdirSync(out);
    const res = await backup(out);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(entries(out)).toEqual(['state.tar']);
  }, 60_000);
});
