import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commitActions, readBranch } from './commit-files.js';
import { GitRepository, RefUpdateError } from './repository.js';
import { ActionError } from './tree-actions.js';

const dir = mkdtempSync(join(tmpdir(), 'commit-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const who = { name: 'Tester', email: 'tester@example.com', time: new Date('2026-01-15T10:00:00Z') };

describe('commitActions', () => {
  it('commits on a new branch, then on its tip', async () => {
    const repo = new GitRepository(join(dir, 'a.git'));
    await repo.init('main');
    const first = await commitActions(repo, { branch: 'main', base: await readBranch(repo, 'main'), actions: [{ action: 'create', filePath: 'a.txt', content: 0 }], contents: [Buffer.from('A')], message: 'one', author: who });
    const second = await commitActions(repo, { branch: 'main', base: await readBranch(repo, 'main'), actions: [{ action: 'move', previousPath: 'a.txt', filePath: 'd/b.txt' }], contents: [], message: 'two', author: who });
    expect((await repo.commit(second))?.parentIds).toEqual([first]);
    expect([...(await repo.listTree(second)).keys()]).toEqual(['d/b.txt']);
  });

  it('refuses to move a branch that changed after its state was read, leaving it where the other writer put it', async () => {
    const repo = new GitRepository(join(dir, 'b.git'));
    await repo.init('main');
    await commitActions(repo, { branch: 'main', base: await readBranch(repo, 'main'), actions: [{ action: 'create', filePath: 'x', content: 0 }], contents: [Buffer.from('x')], message: 'base', author: who });
    const stale = await readBranch(repo, 'main');
    const winner = await commitActions(repo, { branch: 'main', base: await readBranch(repo, 'main'), actions: [{ action: 'update', filePath: 'x', content: 0 }], contents: [Buffer.from('winner')], message: 'w', author: who });
    const loser = commitActions(repo, { branch: 'main', base: stale, actions: [{ action: 'update', filePath: 'x', content: 0 }], contents: [Buffer.from('loser')], message: 'l', author: who });
    await expect(loser).rejects.toBeInstanceOf(RefUpdateError);
    expect((await repo.branch('main'))?.target).toBe(winner);
  });

  it('builds a change again on the tip another writer moved the branch to, when that writer changed other files', async () => {
    const repo = new GitRepository(join(dir, 'd.git'));
    await repo.init('main');
    await commitActions(repo, { branch: 'main', base: await readBranch(repo, 'main'), actions: [{ action: 'create', filePath: 'x', content: 0 }], contents: [Buffer.from('x')], message: 'base', author: who });
    const stale = await readBranch(repo, 'main');
    const other = await commitActions(repo, { branch: 'main', base: stale, actions: [{ action: 'create', filePath: 'pages/one.md', content: 0 }], contents: [Buffer.from('1')], message: 'one', author: who });
    let rechecked = 0;
    const mine = await commitActions(repo, {
      branch: 'main',
      base: stale,
      actions: [{ action: 'create', filePath: 'pages/two.md', content: 0 }],
      contents: [Buffer.from('2')],
      message: 'two',
      author: who,
      recheck: (b) => {
        rechecked++;
        expect(b.tip).toBe(other);
      },
    });
    expect(rechecked).toBe(1);
    expect((await repo.branch('main'))?.target).toBe(mine);
    expect((await repo.commit(mine))?.parentIds).toEqual([other]);
    expect([...(await repo.listTree(mine)).keys()].sort()).toEqual(['pages/one.md', 'pages/two.md', 'x']);
  });

  it('still refuses when the other writer changed a file this change names, or the recheck refuses', async () => {
    const repo = new GitRepository(join(dir, 'e.git'));
    await repo.init('main');
    await commitActions(repo, { branch: 'main', base: await readBranch(repo, 'main'), actions: [{ action: 'create', filePath: 'x', content: 0 }], contents: [Buffer.from('x')], message: 'base', author: who });
    const stale = await readBranch(repo, 'main');
    const winner = await commitActions(repo, { branch: 'main', base: stale, actions: [{ action: 'create', filePath: 'Page.md', content: 0 }], contents: [Buffer.from('w')], message: 'w', author: who });
    // Created by both: a conflict.
    await expect(commitActions(repo, { branch: 'main', base: stale, actions: [{ action: 'create', filePath: 'Page.md', content: 0 }], contents: [Buffer.from('l')], message: 'l', author: who })).rejects.toBeInstanceOf(
      RefUpdateError,
    );
    // Another file, but the caller's own rule (here: one page per title, whatever the case) refuses.
    const refused = commitActions(repo, {
      branch: 'main',
      base: stale,
      actions: [{ action: 'create', filePath: 'page.md', content: 0 }],
      contents: [Buffer.from('l')],
      message: 'l',
      author: who,
      recheck: (b) => {
        if ([...b.files.keys()].some((k) => k.toLowerCase() === 'page.md')) throw new Error('duplicate');
      },
    });
    await expect(refused).rejects.toThrow('duplicate');
    expect((await repo.branch('main'))?.target).toBe(winner);
  });

  it('runs the pre-update check last and moves nothing when it throws or an action is refused', async () => {
    const repo = new GitRepository(join(dir, 'c.git'));
    await repo.init('main');
    const tip = await commitActions(repo, { branch: 'main', base: await readBranch(repo, 'main'), actions: [{ action: 'create', filePath: 'x', content: 0 }], contents: [Buffer.from('x')], message: 'base', author: who });
    const refusing = commitActions(repo, {
      branch: 'main',
      base: await readBranch(repo, 'main'),
      actions: [{ action: 'create', filePath: 'y', content: 0 }],
      contents: [Buffer.from('y')],
      message: 'blocked',
      author: who,
      beforeRefUpdate: () => {
        throw new Error('read-only now');
      },
    });
    await expect(refusing).rejects.toThrow('read-only now');
    await expect(commitActions(repo, { branch: 'main', base: await readBranch(repo, 'main'), actions: [{ action: 'delete', filePath: 'nope' }], contents: [], message: 'bad', author: who })).rejects.toBeInstanceOf(ActionError);
    expect((await repo.branch('main'))?.target).toBe(tip);
  });
});
