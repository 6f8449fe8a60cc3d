// A command ended by a signal, as a process (src/cli/io/exit-signals.ts): it exits 128 + the
// signal's number (130 for Ctrl-C, 143 for a `kill`, 129 for a closed terminal) and leaves no
// half-written file behind (a backup's partial archive and its scratch copy of the database, a
// restore's scratch state beside its target, whose old state stays whole); a restore killed
// outright (SIGKILL) leaves a scratch state that doctor reports and removes and the next restore
// sweeps; and a command waiting for standard input or a named pipe that nobody writes to still
// ends on Ctrl-C. (A download's `.part` file: download-interrupt.test.ts; serve's graceful stop on
// SIGTERM: serve.test.ts.)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, cliSandbox, type CliSandbox } from '../helpers/cli.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/cli-in-process.js';

const entries = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir) : []);

const hasMkfifo = existsSync('/usr/bin/mkfifo') || existsSync('/bin/mkfifo');

/**
 * Every file under `dir` with the SHA-256 of its bytes: a state compared whole (but for the
 * shared-memory index and empty log SQLite adds beside the database when doctor reads it).
 */
function treeOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      if (d === dir && (name === 'state.db-shm' || name === 'state.db-wal')) continue;
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

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

  describe.runIf(hasMkfifo)('restore, reading its archive from a named pipe that stops mid-way', () => {
    // The archive comes through a FIFO whose writer sends its first half and then holds the
    // pipe open: the restore is then inside its read, its scratch state beside the target
    // holding members, for as long as the test likes; the signal lands there whatever the
    // machine's speed.
    let archive: string;
    let pristine: string;
    let box: InProcessSandbox;

    beforeAll(async () => {
      // Of a state as init makes it (not the one above, with its large file): a small archive.
      box = inProcessSandbox();
      await box.init();
      archive = join(box.dir, 'restore-source.tar');
      const made = await box.run(['backup', '--state', box.stateDir, '-O', archive]);
      expect(made.exitCode, String(made.stderr)).toBe(0);
      pristine = join(box.dir, 'restored-once');
      const restored = await box.run(['restore', archive, '--state', pristine]);
      expect(restored.exitCode, String(restored.stderr)).toBe(0);
    }, 60_000);
    afterAll(() => box?.cleanup());

    let runs = 0;
    /**
     * `hostctl restore` of the archive through a FIFO into `target` (with `args`), once its
     * scratch state beside `target` holds members of the archive; `end` then signals it, and
     * the result and the names beside `target` come back.
     */
    async function restoreStopped(target: string, args: string[], end: (proc: ResultPromise) => void) {
      const fifo = join(sb.dir, `archive-${++runs}.fifo`);
      const sent = `${fifo}.sent`;
      execFileSync('mkfifo', [fifo]);
      const half = Math.floor(statSync(archive).size / 2);
      const writer = execa(process.execPath, ['-e', "const fs=require('fs');const [fifo,src,n,sent]=process.argv.slice(1);const fd=fs.openSync(fifo,'w');const b=fs.readFileSync(src).subarray(0,Number(n));for(let o=0;o<b.length;)o+=fs.writeSync(fd,b,o);fs.writeFileSync(sent,'');setInterval(()=>{},1e6)", fifo, archive, String(half), sent], { reject: false, stdin: 'ignore' });
      const proc = execa(process.execPath, [BIN, 'restore', fifo, '--state', target, ...args], { env: { ...cleanEnv(), ...sb.env }, extendEnv: false, reject: false, stdin: 'ignore', timeout: 30_000 });
      try {
        const parent = join(target, '..');
        const scratch = (): string[] => entries(parent).filter((n) => n.startsWith(`.${basename(target)}.restoring-${proc.pid}-`));
        // The half is sent, and the restore has begun writing members into its scratch state
        // (or ended, which the result below shows).
        await expect.poll(() => (existsSync(sent) && scratch().some((n) => entries(join(parent, n)).length > 0)) || proc.exitCode !== null, { timeout: 30_000, interval: 20 }).toBe(true);
        expect(proc.exitCode, 'the restore ended before the signal').toBe(null);
        end(proc);
        const res = await proc;
        return { res, pid: proc.pid as number, beside: entries(parent).filter((n) => n.includes('.restoring-') || n.includes('.replaced-')) };
      } finally {
        writer.kill('SIGKILL');
        await writer;
      }
    }

    it('restores a whole archive read through the pipe (its end is the end of the archive)', async () => {
      const parent = join(sb.dir, 'restore-through-pipe');
      mkdirSync(parent);
      const fifo = join(parent, '..', 'whole-archive.fifo');
      execFileSync('mkfifo', [fifo]);
      const writer = execa(process.execPath, ['-e', "const fs=require('fs');fs.writeFileSync(process.argv[1],fs.readFileSync(process.argv[2]))", fifo, archive], { reject: false, stdin: 'ignore' });
      const res = await execa(process.execPath, [BIN, 'restore', fifo, '--state', join(parent, 'state')], { env: { ...cleanEnv(), ...sb.env }, extendEnv: false, reject: false, stdin: 'ignore', timeout: 30_000 });
      await writer;
      expect(res.exitCode, String(res.stderr)).toBe(0);
      expect(entries(parent)).toEqual(['state']);
      expect(treeOf(join(parent, 'state'))).toEqual(treeOf(pristine));
    }, 60_000);

    it.each([
      ['SIGTERM', 143],
      ['SIGINT', 130],
      ['SIGHUP', 129],
    ] as const)('%s removes the scratch state, writes no state, and exits %i', async (signal, code) => {
      const parent = join(sb.dir, `restore-${signal}`);
      mkdirSync(parent);
      const target = join(parent, 'state');
      const { res, beside } = await restoreStopped(target, [], (proc) => proc.kill(signal));
      expect([res.exitCode, res.signal, res.timedOut], String(res.stderr)).toEqual([code, undefined, false]);
      expect(beside).toEqual([]);
      expect(entries(parent)).toEqual([]);
    }, 60_000);

    it('SIGTERM during restore --force leaves the old state as it was, and nothing beside it', async () => {
      const parent = join(sb.dir, 'restore-force-term');
      const target = join(parent, 'state');
      cpSync(pristine, target, { recursive: true });
      writeFileSync(join(target, 'kept-by-the-old-state.txt'), 'old');
      const before = treeOf(target);
      const { res, beside } = await restoreStopped(target, ['--force', '--yes'], (proc) => proc.kill('SIGTERM'));
      expect([res.exitCode, res.signal], String(res.stderr)).toEqual([143, undefined]);
      expect(beside).toEqual([]);
      expect(entries(parent)).toEqual(['state']);
      expect(treeOf(target)).toEqual(before);
    }, 60_000);

    it('SIGKILL leaves the old state whole and a scratch state that doctor reports and removes, and the next restore sweeps', async () => {
      const parent = join(sb.dir, 'restore-force-kill');
      const target = join(parent, 'state');
      cpSync(pristine, target, { recursive: true });
      const before = treeOf(target);
      // Killed outright, it removes nothing: its scratch state stays beside the target.
      const first = await restoreStopped(target, ['--force', '--yes'], (proc) => proc.kill('SIGKILL'));
      expect(first.res.signal).toBe('SIGKILL');
      expect(first.beside).toEqual([expect.stringMatching(new RegExp(`^\\.state\\.restoring-${first.pid}-`))]);
      expect(treeOf(target)).toEqual(before);

      // Doctor names it (beside the state, not in it) and --fix removes it, and only it.
      const doctor = await box.run(['doctor', '--state', target, '--quick', '-o', 'json']);
      const check = (out: string) => (JSON.parse(out) as { checks: { id: string; status: string; detail: string }[] }).checks.find((c) => c.id === 'state.temporary-files');
      expect(check(String(doctor.stdout)), String(doctor.stderr)).toMatchObject({ status: 'warn', detail: expect.stringContaining(join(parent, first.beside[0] as string)) });
      const fixed = await box.run(['doctor', '--state', target, '--quick', '--fix', '-o', 'json']);
      expect(check(String(fixed.stdout))).toMatchObject({ status: 'ok', fixed: 'removed 1 temporary files' });
      expect(entries(parent)).toEqual(['state']);
      expect(treeOf(target)).toEqual(before);

      // Killed again: the next restore into the same target sweeps the scratch state and succeeds.
      const second = await restoreStopped(target, ['--force', '--yes'], (proc) => proc.kill('SIGKILL'));
      expect(second.beside).toHaveLength(1);
      const again = await box.run(['restore', archive, '--state', target, '--force', '--yes']);
      expect(again.exitCode, String(again.stderr)).toBe(0);
      expect(entries(parent)).toEqual(['state']);
      const healthy = await box.run(['doctor', '--state', target, '--quick', '-o', 'json']);
      expect(healthy.exitCode, String(healthy.stdout)).toBe(0);
      expect(check(String(healthy.stdout))?.status).toBe('ok');
    }, 90_000);
  });

  describe.runIf(hasMkfifo)('waiting on a named pipe nobody writes to', () => {
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
