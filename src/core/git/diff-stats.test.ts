import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GitRepository, type TreeChange } from './repository.js';
import { GitRuntime } from './runtime.js';

function numstat(gitDir: string, args: string[]): { additions: number; deletions: number } {
  const res = spawnSync('git', ['diff-tree', '--numstat', '-r', '--no-renames', '--no-commit-id', ...args], { env: { PATH: process.env.PATH ?? '', GIT_DIR: gitDir, HOME: tmpdir(), GIT_CONFIG_NOSYSTEM: '1' }, encoding: 'utf8' });
  let additions = 0;
  let deletions = 0;
  for (const line of res.stdout.trim().split('\n').filter(Boolean)) {
    const [a, d] = line.split('\t');
    additions += Number(a) || 0;
    deletions += Number(d) || 0;
  }
  return { additions, deletions };
}

describe('line statistics computed in-process', () => {
  let dir: string;
  let runtime: GitRuntime;
  let repo: GitRepository;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hostctl-diffstats-'));
    runtime = new GitRuntime();
    repo = new GitRepository(join(dir, 'r.git'), runtime);
    repo.initSync('main');
  });
  afterEach(() => {
    runtime.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('match git diff-tree --numstat over edits, moves between directories, binaries and a missing final newline', async () => {
    const who = { name: 'A', email: 'a@example.com', time: new Date(0) };
    const lines = (n: number, tag = '') => Array.from({ length: n }, (_, i) => `line ${i}${i % 7 === 3 ? tag : ''}\n`).join('');
    const versions: Record<string, string>[] = [
      { 'a.txt': lines(40), 'dir/b.txt': 'one\ntwo\nthree', 'dir/deep/c.bin': 'bin\0ary', 'e.txt': '' },
      { 'a.txt': lines(45, ' changed'), 'dir/b.txt': 'one\ntwo\nthree\n', 'dir/deep/c.bin': 'bin\0ary2', 'e.txt': 'x\ny\n' },
      { 'a.txt': lines(10), 'moved/b.txt': 'one\ntwo\nthree\n', 'e.txt': 'y\nx\n' },
      {},
    ];
    let parent: string | null = null;
    let tree: string | null = null;
    for (const files of versions) {
      const changes: TreeChange[] = [];
      const ids = await repo.writeBlobs(Object.values(files).map((c) => Buffer.from(c, 'latin1')));
      Object.keys(files).forEach((path, i) => changes.push({ path, mode: '100644', sha: ids[i] as string }));
      // Everything not in this version goes.
      const removeAll: TreeChange[] = [];
      const list = spawnSync('git', ['ls-tree', '-r', '--name-only', tree ?? '4b825dc642cb6eb9a060e54bf8d69288fbee4904'], { env: { PATH: process.env.PATH ?? '', GIT_DIR: repo.path }, encoding: 'utf8' });
      for (const p of list.stdout.split('\n').filter(Boolean)) if (!(p in files)) removeAll.push({ path: p, remove: true });
      tree = await repo.writeTree(tree, [...removeAll, ...changes]);
      const id: string = await repo.commitTree(tree, parent ? [parent] : [], 'v', who, who);
      const commit = await repo.commit(id);
      const ours = await repo.diffStats(commit!);
      const theirs = parent ? numstat(repo.path, [parent, id]) : numstat(repo.path, ['--root', id]);
      expect({ additions: ours.additions, deletions: ours.deletions }).toEqual(theirs);
      expect(ours.total).toBe(theirs.additions + theirs.deletions);
      parent = id;
    }
  });
});
