import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ZERO_SHA } from './names.js';
import { GitRepository } from './repository.js';
import { GitRuntime } from './runtime.js';

const dir = mkdtempSync(join(tmpdir(), 'resolve-commit-'));
const runtime = new GitRuntime();
afterAll(() => {
  runtime.close();
  rmSync(dir, { recursive: true, force: true });
});

const who = { name: 't', email: 't@example.com', time: new Date(0) };

/** What git itself answers for `<rev>^{commit}`, or null. */
function gitAnswer(gitDir: string, rev: string): string | null {
  const res = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], { env: { PATH: process.env.PATH ?? '', GIT_DIR: gitDir }, encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim() : null;
}

describe('resolveCommit', () => {
  it('answers as git does, whether the name is read from the ref files or asked of git', async () => {
    const repo = new GitRepository(join(dir, 'names.git'), runtime);
    await repo.init('main');
    const tree = await repo.writeTree(null, [{ path: 'a.txt', mode: '100644', sha: (await repo.writeBlobs([Buffer.from('a\n')]))[0] as string }]);
    const first = await repo.commitTree(tree, [], 'first', who, who);
    const second = await repo.commitTree(tree, [first], 'second', who, who);
    const third = await repo.commitTree(tree, [second], 'third', who, who);
    await repo.updateRef('refs/heads/main', third, ZERO_SHA);
    // A tag and a branch of one name: git reads refs/tags/ first.
    await repo.updateRef('refs/heads/both', first, ZERO_SHA);
    await repo.updateRef('refs/tags/both', second, ZERO_SHA);
    // A name that is also a file of the repository directory, and one that looks like an id.
    await repo.updateRef('refs/heads/config', second, ZERO_SHA);
    await repo.updateRef('refs/heads/abcd', first, ZERO_SHA);
    // An annotated tag is peeled to its commit.
    await repo.updateRef('refs/tags/annotated', await repo.writeTagObject('annotated', second, 'notes', who), ZERO_SHA);
    // A ref at something other than a commit names no commit.
    await repo.updateRef('refs/tags/tree', tree, ZERO_SHA);
    const revs = ['main', 'both', 'heads/both', 'tags/both', 'refs/heads/both', 'config', 'abcd', 'annotated', 'tree', 'missing', 'HEAD', third, first.slice(0, 8), 'main~1'];
    // Twice: the second round finds the commits already known and reads the refs alone.
    for (let round = 0; round < 2; round++) {
      for (const rev of revs) expect([round, rev, await repo.resolveCommit(rev)]).toEqual([round, rev, gitAnswer(repo.path, rev)]);
    }
    expect(await repo.resolveCommit('both')).toBe(second);
    expect(await repo.resolveCommit('annotated')).toBe(second);
    expect(await repo.resolveCommit('tree')).toBeNull();
  });

  it('sees a ref moved by another writer', async () => {
    const repo = new GitRepository(join(dir, 'moved.git'), runtime);
    await repo.init('main');
    const tree = await repo.writeTree(null, [{ path: 'a.txt', mode: '100644', sha: (await repo.writeBlobs([Buffer.from('a\n')]))[0] as string }]);
    const first = await repo.commitTree(tree, [], 'first', who, who);
    const second = await repo.commitTree(tree, [first], 'second', who, who);
    await repo.updateRef('refs/heads/main', first, ZERO_SHA);
    expect(await repo.resolveCommit('main')).toBe(first);
    const moved = spawnSync('git', ['update-ref', 'refs/heads/main', second, first], { env: { PATH: process.env.PATH ?? '', GIT_DIR: repo.path } });
    expect(moved.status).toBe(0);
    expect(await repo.resolveCommit('main')).toBe(second);
  });
});
