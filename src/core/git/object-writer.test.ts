import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { GitRepository } from './repository.js';
import { describe, expect, it } from 'vitest';
import type { TreeChange } from './repository.js';
import { git, useTempRepository } from '../../../test/helpers/git-fixture.js';

/** The tree git itself makes from `base` plus `changes` (through an index). */
function gitTree(gitDir: string, base: string | null, changes: TreeChange[]): string {
  const env = { GIT_INDEX_FILE: join(gitDir, `index-${Math.random()}`) };
  git(gitDir, base ? ['read-tree', base] : ['read-tree', '--empty'], undefined, env);
  const input = changes.map((c) => ('remove' in c ? `0 ${'0'.repeat(40)}\t${c.path}\0` : `${c.mode} ${c.sha}\t${c.path}\0`)).join('');
  if (input) git(gitDir, ['update-index', '-z', '--index-info'], input, env);
  return git(gitDir, ['write-tree'], undefined, env);
}

describe('objects written in-process', () => {
  const t = useTempRepository('hostctl-objects-');

  it('stores blobs with the ids git gives them', async () => {
    const contents = ['', 'hello\n', 'ünïcode ✓', Buffer.alloc(70_000, 7).toString('latin1')];
    const ids = await t.repo.writeBlobs(contents.map((c) => Buffer.from(c, 'utf8')));
    ids.forEach((id, i) => expect(id).toBe(git(t.repo.path, ['hash-object', '--stdin'], contents[i])));
    expect(git(t.repo.path, ['cat-file', '-p', ids[1] as string])).toBe('hello');
  });

  it('builds the same trees as git, rewriting only the changed directories', async () => {
    const [a, b, c] = await t.repo.writeBlobs(['a', 'b', 'c'].map((s) => Buffer.from(s)));
    const steps: TreeChange[][] = [
      [
        { path: 'README.md', mode: '100644', sha: a as string },
        { path: 'src/x.ts', mode: '100644', sha: b as string },
        { path: 'src/deep/y.ts', mode: '100755', sha: c as string },
        { path: 'src.txt', mode: '100644', sha: a as string },
        { path: 'src-a/z', mode: '100644', sha: b as string },
        { path: 'link', mode: '120000', sha: c as string },
      ],
      [{ path: 'src/deep/y.ts', remove: true }, { path: 'src/x.ts', mode: '100644', sha: c as string }],
      // A directory emptied and replaced by a file of the same name.
      [{ path: 'src/x.ts', remove: true }, { path: 'src', mode: '100644', sha: b as string }],
      [{ path: 'README.md', remove: true }, { path: 'src', remove: true }, { path: 'src.txt', remove: true }, { path: 'src-a/z', remove: true }, { path: 'link', remove: true }],
    ];
    let base: string | null = null;
    for (const changes of steps) {
      const ours = await t.repo.writeTree(base, changes);
      expect(ours).toBe(gitTree(t.repo.path, base, changes));
      base = ours;
    }
    expect(base).toBe('4b825dc642cb6eb9a060e54bf8d69288fbee4904');
    git(t.repo.path, ['fsck', '--strict', '--no-dangling']);
  });

  it('writes commits that git reads back and checks', async () => {
    const [blob] = await t.repo.writeBlobs([Buffer.from('x')]);
    const tree = await t.repo.writeTree(null, [{ path: 'x', mode: '100644', sha: blob as string }]);
    const who = { name: ' <Ann> Example, ', email: 'ann@example.com', time: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) };
    const id = await t.repo.commitTree(tree, [], 'Subject\n\nBody ✓\n', who, who);
    const env = { GIT_AUTHOR_NAME: who.name, GIT_AUTHOR_EMAIL: who.email, GIT_AUTHOR_DATE: '1767323045 +0000', GIT_COMMITTER_NAME: who.name, GIT_COMMITTER_EMAIL: who.email, GIT_COMMITTER_DATE: '1767323045 +0000' };
    expect(id).toBe(git(t.repo.path, ['commit-tree', tree], 'Subject\n\nBody ✓\n', env));
    await t.repo.updateRef('refs/heads/main', id, '0'.repeat(40));
    expect(git(t.repo.path, ['rev-parse', 'refs/heads/main'])).toBe(id);
    expect((await t.repo.commit(id))?.author.name).toBe('Ann Example');
    git(t.repo.path, ['fsck', '--strict', '--no-dangling']);
  });

  it('moves refs only from the value they are expected to have', async () => {
    const [blob] = await t.repo.writeBlobs([Buffer.from('x')]);
    const tree = await t.repo.writeTree(null, [{ path: 'x', mode: '100644', sha: blob as string }]);
    const who = { name: 'A', email: 'a@example.com', time: new Date(0) };
    const c1 = await t.repo.commitTree(tree, [], 'one', who, who);
    const c2 = await t.repo.commitTree(tree, [c1], 'two', who, who);
    await t.repo.updateRef('refs/heads/main', c1, '0'.repeat(40));
    await expect(t.repo.updateRef('refs/heads/main', c2, '0'.repeat(40))).rejects.toMatchObject({ reason: 'exists' });
    await expect(t.repo.updateRef('refs/heads/main', c2, c2)).rejects.toMatchObject({ reason: 'stale' });
    await t.repo.updateRef('refs/heads/main', c2, c1);
    await expect(t.repo.updateRef('refs/heads/main/sub', c2, '0'.repeat(40))).rejects.toMatchObject({ reason: 'hierarchy' });
    // Another process moves the branch: the next read sees it.
    git(t.repo.path, ['update-ref', 'refs/heads/main', c1]);
    expect((await t.repo.branch('main'))?.target).toBe(c1);
    expect((await t.repo.branches()).map((b) => b.target)).toEqual([c1]);
  });

  it('makes a new repository and its first commit as git init, hash-object, mktree, commit-tree and update-ref would', () => {
    const who = { name: 'Ann Example', email: 'ann@example.com', time: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) };
    const mine = new GitRepository(join(t.dir, 'mine.git'), t.runtime);
    mine.initSync('trunk/x');
    const theirs = join(t.dir, 'theirs.git');
    git(t.dir, ['init', '--bare', '--quiet', '--template=', '--initial-branch=trunk/x', theirs]);
    const files = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
    expect(files(mine.path)).toEqual(files(theirs));
    for (const f of ['HEAD', 'config']) expect(readFileSync(join(mine.path, f), 'utf8')).toBe(readFileSync(join(theirs, f), 'utf8'));
    const id = mine.initialCommitSync('trunk/x', { path: 'README.md', content: '# P ✓\n' }, 'Initial commit', who, who);
    // The same by git's own commands, in the repository git initialised.
    const blob = git(theirs, ['hash-object', '-w', '--stdin'], '# P ✓\n');
    const tree = git(theirs, ['mktree'], `100644 blob ${blob}\tREADME.md\n`);
    const env = { GIT_AUTHOR_NAME: who.name, GIT_AUTHOR_EMAIL: who.email, GIT_AUTHOR_DATE: '1767323045 +0000', GIT_COMMITTER_NAME: who.name, GIT_COMMITTER_EMAIL: who.email, GIT_COMMITTER_DATE: '1767323045 +0000' };
    expect(id).toBe(git(theirs, ['commit-tree', tree], 'Initial commit', env));
    expect(git(mine.path, ['rev-parse', 'HEAD'])).toBe(id);
    expect(git(mine.path, ['show', 'HEAD:README.md'])).toBe('# P ✓');
    git(mine.path, ['fsck', '--strict', '--no-dangling']);
    // A first commit never overwrites a branch that exists.
    expect(() => mine.initialCommitSync('trunk/x', { path: 'README.md', content: 'again\n' }, 'Initial commit', who, who)).toThrow(expect.objectContaining({ reason: 'exists' }));
  });
});
