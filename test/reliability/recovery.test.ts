// What a killed process leaves behind is cleaned or taken over by the next one: git lock files
// and temporary indexes of a dead writer (never those of a live one), jobs of a dead worker
// (reclaimed at once, not after a timeout), upload temporaries of a killed server (removed when
// the state is next opened); deleted users, groups and projects take their
// repositories with them; ids are never handed out twice.
import { execa } from 'execa';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, type Instance } from '../helpers/instance.js';
import { cliSandbox, startServe, type ServeProcess } from '../helpers/cli.js';
import { RepositoryStore } from '../../src/core/git/store.js';
import { currentProcess } from '../../src/core/jobs/owner.js';

/** A pid that belonged to a process that has exited. */
async function deadPid(): Promise<number> {
  const child = execa(process.execPath, ['-e', '0']);
  const pid = child.pid as number;
  await child;
  return pid;
}

describe('crash leftovers and ownership', () => {
  let inst: Instance;
  let projectId: number;
  let repo: string;

  beforeAll(async () => {
    inst = await startInstance('http');
    projectId = (await inst.admin.post<{ id: number }>('/projects', { name: 'rec', initialize_with_readme: true })).data.id;
    repo = join(inst.stateDir, 'state', 'storages', 'default', RepositoryStore.projectRelativePath(projectId));
  });
  afterAll(() => inst.close());

  const leaveLocks = (writerPid: number, start: string): string[] => {
    mkdirSync(join(repo, 'hostctl-writers'), { recursive: true });
    writeFileSync(join(repo, 'hostctl-writers', `${writerPid}-${start}-0`), '');
    const graphs = join(repo, 'objects', 'info', 'commit-graphs');
    mkdirSync(graphs, { recursive: true });
    const files = [join(repo, 'refs', 'heads', 'main.lock'), join(repo, 'packed-refs.lock'), join(repo, `hostctl-index-${writerPid}-x`), join(graphs, 'commit-graph-chain.lock')];
    for (const f of files) writeFileSync(f, 'leftover');
    return files;
  };

  it('a live writer’s locks are left alone', async () => {
    const sleeper = execa('sleep', ['30']);
    try {
      const files = leaveLocks(sleeper.pid as number, '');
      const res = await inst.raw('POST', `/projects/${projectId}/repository/commits`, {
        headers: { 'private-token': inst.rootToken, 'content-type': 'application/json' },
        body: JSON.stringify({ branch: 'main', commit_message: 'blocked', actions: [{ action: 'create', file_path: 'blocked.txt', content: 'x' }] }),
      });
      expect(res.status).not.toBe(201);
      for (const f of files) expect(existsSync(f), f).toBe(true);
    } finally {
      sleeper.kill('SIGKILL');
      await sleeper.catch(() => undefined);
    }
  });

  it('a dead writer’s lock files and temporary index are removed before the next write', async () => {
    const files = leaveLocks(await deadPid(), '');
    const res = await inst.raw('POST', `/projects/${projectId}/repository/commits`, {
      headers: { 'private-token': inst.rootToken, 'content-type': 'application/json' },
      body: JSON.stringify({ branch: 'main', commit_message: 'after a crash', actions: [{ action: 'create', file_path: 'after.txt', content: 'x' }] }),
    });
    expect(res.status).toBe(201);
    for (const f of files) expect(existsSync(f), f).toBe(false);
  });

  it('a job whose worker process is gone is reclaimed at once; a live worker’s job is not', async () => {
    const { core } = inst;
    await inst.settleJobs();
    const now = core.nowIso();
    const insert = core.db.prepare(
      "INSERT INTO jobs (kind, payload, state, attempts, locked_by, locked_at, owner_pid, owner_start, created_at, updated_at) VALUES ('noop', '{}', 'running', 1, 'w', ?, ?, ?, ?, ?)",
    );
    const me = currentProcess();
    const live = Number(insert.run(now, me.pid, me.start, now, now).lastInsertRowid);
    const dead = Number(insert.run(now, await deadPid(), '', now, now).lastInsertRowid);
    const claimed = core.jobs.claim('test');
    expect(claimed?.id).toBe(dead);
    expect(core.jobs.claim('test')).toBeUndefined();
    core.db.prepare("UPDATE jobs SET state = 'done' WHERE id IN (?, ?)").run(live, dead);
  });

  it('never hands out an id twice, and deleting takes repositories along', async () => {
    const auth = { 'private-token': inst.rootToken };
    const first = (await inst.admin.post<{ id: number }>('/projects', { name: 'gone' })).data.id;
    expect((await inst.raw('DELETE', `/projects/${first}`, { headers: auth })).status).toBe(202);
    await inst.settleJobs();
    const second = (await inst.admin.post<{ id: number }>('/projects', { name: 'gone2' })).data.id;
    expect(second).toBeGreaterThan(first);

    const storage = join(inst.stateDir, 'state', 'storages', 'default');
    const user = (await inst.admin.post<{ id: number }>('/users', { username: 'leaver', email: 'leaver@example.com', name: 'L', password: 'long-enough-1' })).data;
    const owned = (await inst.admin.post<{ id: number }>(`/projects/user/${user.id}`, { name: 'owned', initialize_with_readme: true })).data.id;
    const wiki = join(storage, RepositoryStore.projectWikiRelativePath(owned));
    mkdirSync(wiki, { recursive: true });
    writeFileSync(join(wiki, 'HEAD'), 'ref: refs/heads/main\n');
    expect(existsSync(join(storage, RepositoryStore.projectRelativePath(owned)))).toBe(true);
    expect((await inst.raw('DELETE', `/users/${user.id}`, { headers: auth })).status).toBe(204);
    expect(existsSync(join(storage, RepositoryStore.projectRelativePath(owned)))).toBe(false);
    expect(existsSync(wiki)).toBe(false);

    const group = (await inst.admin.post<{ id: number }>('/groups', { name: 'gw', path: 'gw' })).data.id;
    const groupWiki = join(storage, RepositoryStore.groupWikiRelativePath(group));
    mkdirSync(groupWiki, { recursive: true });
    writeFileSync(join(groupWiki, 'HEAD'), 'ref: refs/heads/main\n');
    expect((await inst.raw('DELETE', `/groups/${group}`, { headers: auth })).status).toBe(202);
    await inst.settleJobs();
    expect(existsSync(groupWiki)).toBe(false);
  });
});

/** Whether the file's first `length` bytes are all 7. */
function holdsSevens(path: string, length: number): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(length);
    return readSync(fd, head, 0, length, 0) === length && head.every((b) => b === 7);
  } finally {
    closeSync(fd);
  }
}

describe('an upload cut off by kill -9', () => {
  it('leaves a temporary file that the next start removes, before any upload', async () => {
    const box = cliSandbox();
    let served: ServeProcess | undefined;
    try {
      const token = await box.init();
      await box.run(['api', '-X', 'POST', 'projects', '-f', 'name=up']);
      served = await startServe(box);
      const tmp = join(box.stateDir, 'blobs', 'tmp');
      // A generic package upload that announces 64 MiB and sends 1 MiB, then waits.
      const { hostname, port } = new URL(served.url);
      const socket = connect(Number(port), hostname);
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      socket.on('error', () => undefined);
      socket.write(`PUT /api/v4/projects/1/packages/generic/big/1.0.0/big.bin HTTP/1.1\r\nhost: x\r\nprivate-token: ${token}\r\ncontent-length: ${64 * 1024 * 1024}\r\n\r\n`);
      socket.write(Buffer.alloc(1024 * 1024, 7));
      // The file is set to the announced length at once; wait until the 1 MiB sent is in it.
      await expect.poll(() => (existsSync(tmp) ? readdirSync(tmp).map((n) => holdsSevens(join(tmp, n), 1024 * 1024)) : []), { timeout: 20_000 }).toEqual([true]);
      served.proc.kill('SIGKILL');
      await served.proc.catch(() => undefined);
      socket.destroy();
      expect(readdirSync(tmp)).toHaveLength(1);
      // A live process's temporary file is its upload in flight: it stays.
      const sleeper = execa('sleep', ['30']);
      writeFileSync(join(tmp, `${sleeper.pid}-live`), 'in flight');
      try {
        served = await startServe(box);
        expect(readdirSync(tmp)).toEqual([`${sleeper.pid}-live`]);
      } finally {
        sleeper.kill('SIGKILL');
        await sleeper.catch(() => undefined);
      }
    } finally {
      served?.proc.kill('SIGKILL');
      await served?.proc.catch(() => undefined);
      box.cleanup();
    }
  });
});
