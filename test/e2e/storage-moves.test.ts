// hostctl storages and storage-moves, run as processes against a local state and through
// `hostctl serve`: listing, adding and removing storages (seen by a running serve at once),
// scheduling single and bulk moves with and without --wait (piped status lines, the spinner on
// a terminal, exit 1 on failures, exit 7 on --timeout), listing and getting moves, and the
// message for a remote that lacks the hostctl extensions.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { BIN, cleanEnv, startServe } from '../helpers/cli.js';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';
import { canUseTerminal, runOnTerminal } from './terminal.js';
import { fsck } from '../factories/containers.js';
import { killAndWaitEnded } from '../helpers/kill-process.js';

type Obj = Record<string, unknown>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForFile(path: string, timeoutMs = 30_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (!existsSync(path)) {
    if (Date.now() > until) throw new Error(`${path} did not appear`);
    await sleep(50);
  }
  return readFileSync(path, 'utf8');
}

describe('hostctl storages and storage-moves', () => {
  let box: CliSandbox;
  let rootToken: string;
  const json = <T = Obj>(args: string[], env?: Record<string, string>): Promise<T> => box.json<T>(args, env);
  const projectId = async (path: string) => (await json<{ id: number }>(['projects', 'get', path])).id;
  const storageDir = (name: string) => join(box.stateDir, 'storages', name);

  beforeAll(async () => {
    box = cliSandbox();
    rootToken = await box.init(['--storage', 'second=storages/second']);
    for (const name of ['one', 'two', 'three']) await json(['projects', 'create', '--path', name, '--readme']);
  });
  afterAll(() => box.cleanup());

  it('lists storages with usage, adds one and removes it; removing one in use is refused', async () => {
    const list = await json<Obj[]>(['storages', 'list']);
    expect(list.map((s) => s.name)).toEqual(['default', 'second']);
    expect(list[0]).toMatchObject({ name: 'default', repositories: { project: 3, snippet: 0, group: 0 } });
    const added = await json<Obj>(['storages', 'add', 'spare', join(box.dir, 'spare-disk'), '--weight', '10']);
    expect(added).toMatchObject({ name: 'spare', weight: 10, path: join(box.dir, 'spare-disk') });
    expect(existsSync(join(box.dir, 'spare-disk'))).toBe(true);
    const table = await box.run(['storages', 'list']);
    expect(String(table.stdout)).toContain('spare');
    const unconfirmed = await box.run(['storages', 'remove', 'spare']);
    expect(unconfirmed.exitCode).toBe(2);
    expect((await box.run(['storages', 'remove', 'spare', '--yes'])).exitCode).toBe(0);
    const inUse = await box.run(['storages', 'remove', 'default', '--yes']);
    expect(inUse.exitCode).toBe(5);
    expect(String(inUse.stderr)).toContain('Storage default still holds the repositories of 3 projects');
    const bad = await box.run(['storages', 'add', 'x', 'y', '--weight', 'lots']);
    expect(bad.exitCode).toBe(2);
  });

  it('moves one project with --wait: piped status lines, the finished move on stdout', async () => {
    const id = await projectId('root/one');
    const res = await box.run(['storage-moves', 'schedule', '--project', 'root/one', '--to', 'second', '--wait', '--interval', '100ms', '-o', 'json']);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const moves = JSON.parse(String(res.stdout)) as Obj[];
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ state: 'finished', source_storage_name: 'default', destination_storage_name: 'second' });
    expect(String(res.stderr)).toMatch(new RegExp(`move ${String(moves[0]?.id)} project root/one: finished`));
    fsck(join(storageDir('second'), '@projects', `${id}.git`));
    expect(existsSync(join(storageDir('default'), '@projects', `${id}.git`))).toBe(false);
    const branches = await json<Obj[]>(['branches', 'list', '-R', 'root/one']);
    expect(branches.map((b) => b.name)).toEqual(['main']);
  });

  it('lists and gets moves, by container, kind and state', async () => {
    const all = await json<Obj[]>(['storage-moves', 'list']);
    expect(all.length).toBeGreaterThanOrEqual(1);
    const mine = await json<Obj[]>(['storage-moves', 'list', '--project', 'root/one']);
    expect(mine.map((m) => m.state)).toEqual(['finished']);
    expect(await json<Obj[]>(['storage-moves', 'list', '--kind', 'snippet'])).toEqual([]);
    expect(await json<Obj[]>(['storage-moves', 'list', '--status', 'failed'])).toEqual([]);
    const one = await json<Obj>(['storage-moves', 'get', String(mine[0]?.id)]);
    expect(one).toEqual(mine[0]);
    const table = await box.run(['storage-moves', 'list']);
    expect(String(table.stdout)).toMatch(/project\troot\/one\tfinished\tdefault\tsecond/);
    const missing = await box.run(['storage-moves', 'get', '9999']);
    expect(missing.exitCode).toBe(3);
    // Said of the move, not of the last kind's path tried (group moves, a paid-tier endpoint).
    expect(String(missing.stderr)).toBe('error: no storage move 9999\nhint: list them with: hostctl storage-moves list');
    const ofKind = await box.run(['storage-moves', 'get', String(mine[0]?.id), '--kind', 'snippet']);
    expect(ofKind.exitCode).toBe(3);
    expect(String(ofKind.stderr)).toContain(`no snippet storage move ${String(mine[0]?.id)}`);
    // --state is the state directory; a status word there is pointed at --status.
    const clash = await box.run(['storage-moves', 'list', '--state', 'failed']);
    expect(clash.exitCode).toBe(2);
    expect(String(clash.stderr)).toContain('to filter by status use --status failed');
    const usage = await box.run(['storage-moves', 'list', '--status', 'done']);
    expect(usage.exitCode).toBe(2);
    const both = await box.run(['storage-moves', 'schedule', '--project', 'root/one', '--snippet', '1', '--to', 'default']);
    expect(both.exitCode).toBe(2);
    expect((await box.run(['storage-moves', 'schedule', '--to', 'default'])).exitCode).toBe(2);
    expect((await box.run(['storage-moves', 'schedule', '--from', 'default', '--wait', '--interval', '0'])).exitCode).toBe(2);
    expect((await box.run(['storage-moves', 'schedule', '--from', 'default', '--wait', '--timeout', 'soon'])).exitCode).toBe(2);
    expect((await box.run(['storage-moves', 'schedule', '--from', 'default', '--kind', 'wiki'])).exitCode).toBe(2);
  });

  it('moves every project of a storage with --from and --wait; none is left on it', async () => {
    const res = await box.run(['storage-moves', 'schedule', '--from', 'default', '--to', 'second', '--wait', '--interval', '100ms', '-o', 'json']);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const moves = JSON.parse(String(res.stdout)) as Obj[];
    expect(moves.map((m) => (m.project as Obj).path_with_namespace)).toEqual(['root/two', 'root/three']);
    expect(moves.every((m) => m.state === 'finished')).toBe(true);
    expect(String(res.stderr)).toContain('2/2 finished, 0 failed');
    const left = await json<Obj[]>(['api', '/projects?repository_storage=default']);
    expect(left).toEqual([]);
    const nothing = await box.run(['storage-moves', 'schedule', '--from', 'default', '--to', 'second']);
    expect(nothing.exitCode).toBe(0);
    expect(String(nothing.stderr)).toContain('nothing to move');
  });

  it('exits 1 and lists the failures when a move fails', async () => {
    await json(['projects', 'create', '--path', 'broken', '--readme']);
    const id = await projectId('root/broken');
    const objects = join(storageDir('default'), '@projects', `${id}.git`, 'objects');
    const sub = readdirSync(objects).find((d) => /^[0-9a-f]{2}$/.test(d)) as string;
    unlinkSync(join(objects, sub, readdirSync(join(objects, sub))[0] as string));
    const res = await box.run(['storage-moves', 'schedule', '--project', 'root/broken', '--to', 'second', '--wait', '--interval', '100ms']);
    expect(res.exitCode).toBe(1);
    expect(String(res.stderr)).toMatch(/failed: move \d+ project root\/broken \(failed\): Failed to verify project repository checksum/);
    expect(String(res.stderr)).toContain('1 of 1 storage moves failed');
    await box.run(['projects', 'delete', 'root/broken', '--yes']);
  });

  /**
   * A state of its own for a test that pauses a move through HOSTCTL_TEST_MOVE_PAUSE: on the
   * shared state, a detached worker an earlier test started (without the pause) may still be
   * draining the queue when the move is scheduled, take it and run it through, and the pause the
   * test waits for never comes (a full run once hung here until the test's time ran out).
   */
  async function pausingBox(path: string): Promise<CliSandbox> {
    const own = cliSandbox();
    await own.init(['--storage', 'second=storages/second']);
    await own.json(['projects', 'create', '--path', path, '--readme']);
    return own;
  }

  it('--timeout gives up waiting with exit 7 while the move goes on; the next worker finishes it', async () => {
    const own = await pausingBox('slow');
    const marker = join(own.stateDir, 'move-paused-copy');
    try {
      const res = await own.run(['storage-moves', 'schedule', '--project', 'root/slow', '--to', 'second', '--wait', '--timeout', '1s', '--interval', '200ms'], {
        env: { HOSTCTL_TEST_MOVE_PAUSE: 'copy' },
      });
      expect(res.exitCode).toBe(7);
      expect(String(res.stderr)).toContain('timed out waiting for storage moves');
      const moveId = /storage-moves wait (\d+)/.exec(String(res.stderr))?.[1] as string;
      expect(moveId).toMatch(/^\d+$/);
      const pid = Number(await waitForFile(marker));
      await killAndWaitEnded(pid);
      unlinkSync(marker);
      // Re-attaching after the next worker finished it. (A bounded wait: an in-process run that
      // never ended would hold up every later run of the file.)
      expect((await own.run(['worker', '--state', own.stateDir])).exitCode).toBe(0);
      const waited = await own.run(['storage-moves', 'wait', moveId, '--interval', '100ms', '--timeout', '20s', '-o', 'json']);
      expect(waited.exitCode, String(waited.stderr)).toBe(0);
      expect(JSON.parse(String(waited.stdout)).map((m: Obj) => [m.id, m.state])).toEqual([[Number(moveId), 'finished']]);
      expect((await own.run(['storage-moves', 'wait', '999999'])).exitCode).toBe(3);
      const moves = await own.json<Obj[]>(['storage-moves', 'list', '--project', 'root/slow']);
      expect(moves.map((m) => m.state)).toEqual(['finished']);
    } finally {
      own.cleanup();
    }
  });

  it('Ctrl-C stops waiting (exit 130) and leaves the move running', async () => {
    const own = await pausingBox('interrupted');
    const marker = join(own.stateDir, 'move-paused-switched');
    try {
      const proc = execa(process.execPath, [BIN, 'storage-moves', 'schedule', '--project', 'root/interrupted', '--to', 'second', '--wait', '--interval', '100ms'], {
        env: { ...cleanEnv(), ...own.env, HOSTCTL_TEST_MOVE_PAUSE: 'switched' },
        extendEnv: false,
        reject: false,
        stdin: 'ignore',
      });
      const pid = Number(await waitForFile(marker));
      await sleep(300);
      proc.kill('SIGINT');
      expect((await proc).exitCode).toBe(130);
      // The worker is another process: still there, mid-move.
      expect(() => process.kill(pid, 0)).not.toThrow();
      await killAndWaitEnded(pid);
      unlinkSync(marker);
      expect((await own.run(['worker', '--state', own.stateDir])).exitCode).toBe(0);
      expect((await own.json<Obj[]>(['storage-moves', 'list', '--project', 'root/interrupted'])).map((m) => m.state)).toEqual(['finished']);
    } finally {
      own.cleanup();
    }
  });

  it('shows a spinner with live counts on a terminal', async () => {
    if (!canUseTerminal) return;
    await json(['projects', 'create', '--path', 'tty', '--readme']);
    const res = await runOnTerminal(box, ['storage-moves', 'schedule', '--project', 'root/tty', '--to', 'default', '--wait', '--interval', '100ms']);
    expect(res.exitCode).toBe(0);
    expect(res.output).toContain('1/1 finished, 0 failed');
    expect(res.output).not.toMatch(/move \d+ project root\/tty: scheduled/);
  });

  it('through serve: a storage added beside the running server is usable at once, and moves run in serve', async () => {
    const serve = await startServe(box);
    try {
      const remote = { HOSTCTL_URL: serve.url, HOSTCTL_TOKEN: rootToken };
      expect((await box.run(['storages', 'add', 'late', 'storages/late'])).exitCode).toBe(0);
      const listed = await json<Obj[]>(['storages', 'list'], remote);
      expect(listed.map((s) => s.name)).toContain('late');
      const res = await box.run(['storage-moves', 'schedule', '--project', 'root/two', '--to', 'late', '--wait', '--interval', '100ms', '-o', 'json'], { env: remote });
      expect(res.exitCode, String(res.stderr)).toBe(0);
      expect((JSON.parse(String(res.stdout)) as Obj[])[0]?.state).toBe('finished');
      const id = await projectId('root/two');
      fsck(join(storageDir('late'), '@projects', `${id}.git`));
    } finally {
      serve.proc.kill('SIGTERM');
      await serve.proc;
    }
  });

  it('says the command needs a hostctl instance when the remote lacks the extension endpoints', async () => {
    const server: Server = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"404 Not Found"}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await box.run(['storages', 'list', '--url', url], { env: { HOSTCTL_TOKEN: 'hpat-somethingsomethingsomething' } });
      expect(res.exitCode).toBe(3);
      expect(String(res.stderr)).toContain('this command needs a hostctl instance');
    } finally {
      server.close();
    }
  });
});
