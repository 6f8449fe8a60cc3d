import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatFilePool } from './cat-file.js';
import { git } from '../../../test/helpers/git-fixture.js';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits (bounded by the test's own timeout) until no process of `pids` is left. */
async function gone(pids: number[]): Promise<void> {
  while (pids.some(alive)) await new Promise((r) => setTimeout(r, 20));
}

describe('cat-file pool', () => {
  let dir: string;
  let repo: string;
  let pool: CatFilePool;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hostctl-catfile-'));
    repo = join(dir, 'r.git');
    git(repo, ['init', '--bare', '--quiet']);
    pool = new CatFilePool({ max: 4 });
  });
  afterEach(() => {
    pool.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers many concurrent reads, each with its own object, through one process', async () => {
    const contents = Array.from({ length: 200 }, (_, i) => `blob number ${i}\n${'x'.repeat(i * 37)}`);
    const ids = contents.map((c) => git(repo, ['hash-object', '-w', '--stdin'], c));
    const [objects, infos] = await Promise.all([Promise.all(ids.map((id) => pool.read(repo, id))), Promise.all(ids.map((id) => pool.info(repo, id)))]);
    objects.forEach((obj, i) => {
      expect(obj?.type).toBe('blob');
      expect(obj?.data.toString('utf8')).toBe(contents[i]);
    });
    infos.forEach((info, i) => expect(info).toEqual({ id: ids[i], type: 'blob', size: Buffer.byteLength(contents[i] as string) }));
    expect(await pool.read(repo, '0123456789012345678901234567890123456789')).toBeNull();
    expect(await pool.info(repo, 'refs/heads/nothing')).toBeNull();
    expect(pool.pids()).toHaveLength(1);
    // Two hundred git processes written synchronously: far beyond the default timeout on a busy machine.
  }, 180_000);

  it('sees objects and refs written by another process after it started', async () => {
    const first = git(repo, ['hash-object', '-w', '--stdin'], 'first');
    expect((await pool.read(repo, first))?.data.toString()).toBe('first');
    const second = git(repo, ['hash-object', '-w', '--stdin'], 'second');
    expect((await pool.read(repo, second))?.data.toString()).toBe('second');

    const tree = git(repo, ['mktree'], `100644 blob ${first}\ta.txt\n`);
    const env = { GIT_AUTHOR_NAME: 'A', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'A', GIT_COMMITTER_EMAIL: 'a@example.com' };
    const commit = (parent?: string) => git(repo, ['commit-tree', tree, ...(parent ? ['-p', parent] : [])], 'message', env);
    const c1 = commit();
    git(repo, ['update-ref', 'refs/heads/main', c1]);
    expect((await pool.info(repo, 'refs/heads/main^{commit}'))?.id).toBe(c1);
    const c2 = commit(c1);
    git(repo, ['update-ref', 'refs/heads/main', c2]);
    git(repo, ['pack-refs', '--all']);
    expect((await pool.info(repo, 'refs/heads/main^{commit}'))?.id).toBe(c2);
    // Objects moved into a pack by another process are still found.
    git(repo, ['repack', '-a', '-d', '-q']);
    git(repo, ['prune-packed']);
    expect((await pool.read(repo, c2))?.type).toBe('commit');
  });

  it('ends its processes when closed', async () => {
    const other = join(dir, 'other.git');
    git(other, ['init', '--bare', '--quiet']);
    const id = git(repo, ['hash-object', '-w', '--stdin'], 'x');
    await pool.read(repo, id);
    await pool.info(other, 'HEAD');
    const pids = pool.pids();
    expect(pids).toHaveLength(2);
    expect(pids.every(alive)).toBe(true);
    pool.close();
    expect(pool.pids()).toEqual([]);
    await gone(pids);
    expect(pids.some(alive)).toBe(false);
    await expect(pool.read(repo, id)).rejects.toThrow(/closed/);
  });

  it('replaces a killed child, retrying what it left unanswered', async () => {
    const id = git(repo, ['hash-object', '-w', '--stdin'], 'survives');
    await pool.read(repo, id);
    const [pid] = pool.pids();
    process.kill(pid as number, 'SIGKILL');
    // Sent at once, before the death is noticed: the request is retried on a new child.
    const obj = await pool.read(repo, id);
    expect(obj?.data.toString()).toBe('survives');
    const [replacement] = pool.pids();
    expect(replacement).toBeDefined();
    expect(replacement).not.toBe(pid);
    await gone([pid as number]);
  });

  it('children end when the process that owns them is killed', async () => {
    const id = git(repo, ['hash-object', '-w', '--stdin'], 'orphan?');
    // The pool, bundled for a separate node process that reads through it and is then killed hard.
    const { buildSync } = await import('esbuild');
    const bundle = join(dir, 'pool.mjs');
    buildSync({ entryPoints: [join(import.meta.dirname, 'cat-file.ts')], bundle: true, format: 'esm', platform: 'node', outfile: bundle, logLevel: 'silent' });
    const script = `
      const { CatFilePool } = await import(process.argv[1]);
      const pool = new CatFilePool();
      await pool.info(process.argv[2], process.argv[3]);
      process.stdout.write(pool.pids().join(',') + '\\n');
      setInterval(() => {}, 1000);
    `;
    const { spawn } = await import('node:child_process');
    const owner = spawn(process.execPath, ['--input-type=module', '-e', script, bundle, repo, id], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pids = await new Promise<number[]>((resolve) => owner.stdout.once('data', (d: Buffer) => resolve(d.toString().trim().split(',').map(Number))));
    expect(pids).toHaveLength(1);
    expect(alive(pids[0] as number)).toBe(true);
    owner.kill('SIGKILL');
    await gone(pids);
    expect(alive(pids[0] as number)).toBe(false);
  });

  it('keeps at most its bound of processes', async () => {
    const dirs = Array.from({ length: 6 }, (_, i) => join(dir, `p${i}.git`));
    for (const d of dirs) git(d, ['init', '--bare', '--quiet']);
    for (const d of dirs) await pool.info(d, 'HEAD');
    expect(pool.pids().length).toBeLessThanOrEqual(4);
  });
});
