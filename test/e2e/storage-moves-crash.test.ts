// Crash safety of storage moves: the worker a local `storage-moves schedule` starts is killed
// with SIGKILL at each step of a move (a copy written but not verified, a copy verified but not
// in place, in place but the metadata not switched, switched but the source not removed). Reads
// answer throughout, writes answer the read-only message until the switch, and after the next
// worker runs every repository is intact (git fsck), in exactly one place (the one the metadata
// names), with the refs it had, and no scratch copy is left behind.
//
// The commands run in-process (test/helpers/cli-in-process.ts); the worker they start, the one
// that is killed, is the real detached `hostctl worker` process a shell's command would start.
import { execFileSync, spawn } from 'node:child_process';
import { hostname } from 'node:os';
import Database from 'better-sqlite3';
import { STATE_DB } from '../../src/shared/state-layout.js';
import { existsSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';
import { fsck, refsOf } from '../factories/containers.js';
import { killAndWaitEnded } from '../helpers/kill-process.js';

type Obj = Record<string, unknown>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const READ_ONLY = 'The repository is temporarily read-only. Please try again later.';

const STEPS = [
  { step: 'copy', switched: false },
  { step: 'verify', switched: false },
  { step: 'switch', switched: false },
  { step: 'switched', switched: true },
] as const;

describe('storage moves survive a killed worker', () => {
  let box: CliSandbox;
  const json = <T = Obj>(args: string[]): Promise<T> => box.json<T>(args);
  const repoPath = (storage: string, id: number) => join(box.stateDir, 'storages', storage, '@projects', `${id}.git`);

  beforeAll(async () => {
    box = cliSandbox();
    await box.init(['--storage', 'second=storages/second']);
  });
  afterAll(() => box.cleanup());

  it.each(STEPS)('killed at "$step": resumed by the next worker with nothing lost', async ({ step, switched }) => {
    const path = `crash-${step}`;
    const project = await json<{ id: number }>(['projects', 'create', '--path', path, '--readme']);
    const ref = `root/${path}`;
    await json(['branches', 'create', 'topic', '-R', ref, '--ref', 'main']);
    await json(['tags', 'create', 'v1', '-R', ref, '--ref', 'main', '-m', 'first']);
    const before = refsOf(repoPath('default', project.id));

    const marker = join(box.stateDir, `move-paused-${step}`);
    const scheduled = await box.run(['storage-moves', 'schedule', '--project', ref, '--to', 'second', '-o', 'json'], { env: { HOSTCTL_TEST_MOVE_PAUSE: step } });
    expect(scheduled.exitCode, String(scheduled.stderr)).toBe(0);
    const moveId = (JSON.parse(String(scheduled.stdout)) as Obj[])[0]?.id as number;
    const until = Date.now() + 30_000;
    while (!existsSync(marker)) {
      if (Date.now() > until) throw new Error(`the worker never reached ${step}`);
      await sleep(50);
    }
    const pid = Number(readFileSync(marker, 'utf8'));

    // Paused mid-move: reads answer; writes are refused until the metadata has switched.
    expect((await json<Obj[]>(['branches', 'list', '-R', ref])).map((b) => b.name)).toEqual(['main', 'topic']);
    const write = await box.run(['branches', 'create', 'during', '-R', ref, '--ref', 'main']);
    if (switched) expect(write.exitCode, String(write.stderr)).toBe(0);
    else {
      expect(write.exitCode).toBe(5);
      expect(String(write.stderr)).toContain(READ_ONLY);
    }

    await killAndWaitEnded(pid);
    unlinkSync(marker);
    expect((await json<Obj[]>(['tags', 'list', '-R', ref])).map((t) => t.name)).toEqual(['v1']);

    const worker = await box.run(['worker', '--state', box.stateDir]);
    expect(worker.exitCode, String(worker.stderr)).toBe(0);
    const move = await json<Obj>(['storage-moves', 'get', String(moveId)]);
    expect(move.state).toBe('finished');
    const shown = await json<{ repository_storage: string }>(['projects', 'get', ref]);
    expect(shown.repository_storage).toBe('second');

    const moved = repoPath('second', project.id);
    fsck(moved);
    expect(existsSync(repoPath('default', project.id))).toBe(false);
    const after = refsOf(moved);
    for (const line of before.trim().split('\n')) expect(after).toContain(line);
    expect(after.includes('refs/heads/during')).toBe(switched);
    for (const storage of ['default', 'second']) {
      const scratch = join(box.stateDir, 'storages', storage, '@moves');
      expect(existsSync(scratch) ? readdirSync(scratch) : []).toEqual([]);
    }
    expect((await json<Obj[]>(['branches', 'list', '-R', ref])).length).toBe(switched ? 3 : 2);
  });

  // A write that passed its read-only check just before the move was scheduled can still land
  // in the source; the tests put one there with plain git while the worker is held at a step.
  const lateWrite = (dir: string) => {
    const env = { PATH: process.env.PATH ?? '', HOME: '/tmp', GIT_CONFIG_NOSYSTEM: '1' };
    const main = execFileSync('git', ['--git-dir', dir, 'rev-parse', 'refs/heads/main'], { encoding: 'utf8', env }).trim();
    execFileSync('git', ['--git-dir', dir, 'update-ref', 'refs/heads/late', main], { env });
  };

  async function scheduleHeld(path: string, step: string): Promise<{ id: number; moveId: number; marker: string }> {
    const project = await json<{ id: number }>(['projects', 'create', '--path', path, '--readme']);
    const marker = join(box.stateDir, `move-paused-${step}`);
    const res = await box.run(['storage-moves', 'schedule', '--project', `root/${path}`, '--to', 'second', '-o', 'json'], { env: { HOSTCTL_TEST_MOVE_PAUSE: step } });
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const until = Date.now() + 30_000;
    while (!existsSync(marker)) {
      if (Date.now() > until) throw new Error(`the worker never reached ${step}`);
      await sleep(50);
    }
    return { id: project.id, moveId: (JSON.parse(String(res.stdout)) as Obj[])[0]?.id as number, marker };
  }

  /** Lets the held worker go on (again each time it stops at the step) until the move ends. */
  async function release(moveId: number, marker: string): Promise<Obj> {
    const until = Date.now() + 30_000;
    for (;;) {
      if (existsSync(marker)) unlinkSync(marker);
      const move = await json<Obj>(['storage-moves', 'get', String(moveId)]);
      if (['finished', 'failed', 'cleanup failed'].includes(move.state as string)) return move;
      if (Date.now() > until) throw new Error(`move ${moveId} did not end`);
      await sleep(100);
    }
  }

  it('a claim whose pid the system has given to another process is taken over', async () => {
    const { moveId, marker } = await scheduleHeld('crash-reused-pid', 'copy');
    const held = Number(readFileSync(marker, 'utf8'));
    await killAndWaitEnded(held);
    unlinkSync(marker);
    // The claim now names a process that runs (this sleep) but did not make it: its start time
    // differs. A pid-only check would wait on the sleep for as long as it runs.
    const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      const db = new Database(join(box.stateDir, STATE_DB));
      db.prepare('UPDATE repository_storage_moves SET worker = ? WHERE id = ?').run(`${hostname()}:${sleeper.pid}:1`, moveId);
      db.close();
      const worker = await box.run(['worker', '--state', box.stateDir]);
      expect(worker.exitCode, String(worker.stderr)).toBe(0);
      expect((await json<Obj>(['storage-moves', 'get', String(moveId)])).state).toBe('finished');
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('a source written after its copy was verified is copied again before the switch', async () => {
    const { id, moveId, marker } = await scheduleHeld('late-before-switch', 'verify');
    lateWrite(repoPath('default', id));
    const move = await release(moveId, marker);
    expect(move.state).toBe('finished');
    const moved = repoPath('second', id);
    fsck(moved);
    expect(refsOf(moved)).toContain('refs/heads/late');
    expect(existsSync(repoPath('default', id))).toBe(false);
  });

  it('a source written after the switch is kept and the move ends cleanup failed', async () => {
    const { id, moveId, marker } = await scheduleHeld('late-after-switch', 'switched');
    lateWrite(repoPath('default', id));
    const move = await release(moveId, marker);
    expect(move.state).toBe('cleanup failed');
    expect(String(move.error_message)).toContain('changed on default after it was copied');
    expect(refsOf(repoPath('default', id))).toContain('refs/heads/late');
    fsck(repoPath('second', id));
    expect((await json<{ repository_storage: string }>(['projects', 'get', 'root/late-after-switch'])).repository_storage).toBe('second');
    expect((await box.run(['branches', 'create', 'after', '-R', 'root/late-after-switch', '--ref', 'main'])).exitCode).toBe(0);
  });

  it('a project deleted in the middle of its move leaves no copy behind', async () => {
    const { id, marker } = await scheduleHeld('deleted-mid-move', 'verify');
    expect((await box.run(['projects', 'delete', 'root/deleted-mid-move', '--yes'])).exitCode).toBe(0);
    unlinkSync(marker);
    const scratch = join(box.stateDir, 'storages', 'second', '@moves');
    const until = Date.now() + 20_000;
    while (existsSync(repoPath('second', id)) || (existsSync(scratch) && readdirSync(scratch).length > 0)) {
      if (Date.now() > until) throw new Error('copies of the deleted project were left behind');
      await sleep(100);
    }
    expect(existsSync(repoPath('default', id))).toBe(false);
    expect((await json<Obj[]>(['storage-moves', 'list', '--kind', 'project'])).some((m) => (m.project as Obj | null)?.id === id)).toBe(false);
  });
});
