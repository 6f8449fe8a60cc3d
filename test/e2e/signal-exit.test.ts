// A command ended by a signal, as a process (src/cli/io/exit-signals.ts): it exits 128 + the
// signal's number (130 for Ctrl-C, 143 for a `kill`, 129 for a closed terminal) and leaves no
// half-written file behind (a backup's partial archive and its scratch copy of the database);
// and a command waiting for standard input or a named pipe that nobody writes to still ends on
// Ctrl-C. (A download's `.part` file: download-interrupt.test.ts; serve's graceful stop on
// SIGTERM: serve.test.ts.)
import { execFileSync } from 'node:child_process';
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

  describe.runIf(existsSync('/usr/bin/mkfifo') || existsSync('/bin/mkfifo'))('waiting on a named pipe nobody writes to', () => {
    /**
     * A writer that opens `fifo`, writes a megabyte of YAML comments (a write that returns only
     * once the reader has taken most of it: the command is then reading), says so in `marker`,
     * and holds the pipe open without writing more.
     */
    const silentWriter = (fifo: string, marker: string): ResultPromise =>
      execa(process.execPath, ['-e', "const fs=require('fs');const fd=fs.openSync(process.argv[1],'w');fs.writeSync(fd,('#'.repeat(99)+'\\n').repeat(10240));fs.writeFileSync(process.argv[2],'');setInterval(()=>{},1e6)", fifo, marker], { reject: false, stdin: 'ignore' });

    it.each([
      ['standard input (-f -)', (fifo: string) => ['/bin/sh', ['-c', `exec "$0" "$1" diff -f - < "$2"`, process.execPath, BIN, fifo]] as const],
      ['a path (-f FIFO)', (fifo: string) => [process.execPath, [BIN, 'diff', '-f', fifo]] as const],
    ])('diff reading %s ends on Ctrl-C with 130', async (name, command) => {
      const fifo = join(sb.dir, `settings-${name.replace(/\W+/g, '-')}.fifo`);
      const marker = `${fifo}.read`;
      execFileSync('mkfifo', [fifo]);
      const [file, args] = command(fifo);
      // Blocked in a synchronous read, it would never answer the signal: the timeout then ends it.
      const proc = execa(file, [...args], { env: { ...cleanEnv(), ...sb.env, HOSTCTL_STATE: sb.stateDir }, extendEnv: false, reject: false, stdin: 'ignore', timeout: 20_000 });
      const writer = silentWriter(fifo, marker);
      try {
        // The command is reading (or ended before it could, which the result below shows).
        await expect.poll(() => existsSync(marker) || proc.exitCode !== null, { timeout: 30_000, interval: 20 }).toBe(true);
        proc.kill('SIGINT');
        const res = await proc;
        expect([res.exitCode, res.signal, res.timedOut], String(res.stderr)).toEqual([130, undefined, false]);
      } finally {
        writer.kill('SIGKILL');
        await writer;
      }
    }, 60_000);
  });
});
