import { describe, expect, it } from 'vitest';
import type { TreeChange } from './repository.js';
import { git, useTempRepository } from '../../../test/helpers/git-fixture.js';

function numstat(gitDir: string, args: string[]): { additions: number; deletions: number } {
  const out = git(gitDir, ['diff-tree', '--numstat', '-r', '--no-renames', '--no-commit-id', ...args]);
  let additions = 0;
  let deletions = 0;
  for (const line of out.split('\n').filter(Boolean)) {
    const [a, d] = line.split('\t');
    additions += Number(a) || 0;
    deletions += Number(d) || 0;
  }
  return { additions, deletions };
}

describe('line statistics computed in-process', () => {
  const t = useTempRepository('hostctl-diffstats-');

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
      const ids = await t.repo.writeBlobs(Object.values(files).map((c) => Buffer.from(c, 'latin1')));
      Object.keys(files).forEach((path, i) => changes.push({ path, mode: '100644', sha: ids[i] as string }));
      // Everything not in this version goes.
      const removeAll: TreeChange[] = [];
      const list = git(t.repo.path, ['ls-tree', '-r', '--name-only', tree ?? '4b825dc642cb6eb9a060e54bf8d69288fbee4904']);
      for (const p of list.split('\n').filter(Boolean)) if (!(p in files)) removeAll.push({ path: p, remove: true });
      tree = await t.repo.writeTree(tree, [...removeAll, ...changes]);
      const id: string = await t.repo.commitTree(tree, parent ? [parent] : [], 'v', who, who);
      const commit = await t.repo.commit(id);
      const ours = await t.repo.diffStats(commit!);
      const theirs = parent ? numstat(t.repo.path, [parent, id]) : numstat(t.repo.path, ['--root', id]);
      expect({ additions: ours.additions, deletions: ours.deletions }).toEqual(theirs);
      expect(ours.total).toBe(theirs.additions + theirs.deletions);
      parent = id;
    }
  });
});
