// The default branch's commit count kept in the database beside the repository's size: after
// each kind of write (commits, a revert, a merge commit, a branch reset backwards by another
// process, a default branch changed to another branch or to one that does not exist) the
// statistics' commit_count equals what plain `git rev-list --count` says of the bare repository
// on disk, and a second read runs no count. On both transports: the core (and the counter,
// `commitCounts`) is this process's either way.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { commitFiles, createRepoProject } from '../factories/repository.js';
import type { ProjectJson } from '../factories/projects.js';
import { openCore } from '../../src/core/app.js';
import { commitCounts } from '../../src/core/repositories/commit-counts.js';
import { RepositoryStore } from '../../src/core/git/store.js';

type WithStats = ProjectJson & { statistics: { commit_count: number }; default_branch: string };

describe.each(TRANSPORTS)('default branch commit counts kept in the database (%s)', (kind) => {
  let inst: Instance;
  let project: ProjectJson;

  /** What plain git says of the project's default branch on disk (0 without the branch). */
  const revList = (id: number): number => {
    const row = inst.core.db.prepare('SELECT repository_storage, default_branch FROM projects WHERE id = ?').get(id) as { repository_storage: string; default_branch: string };
    const gitDir = join(inst.core.repos.storagePath(row.repository_storage), RepositoryStore.projectRelativePath(id));
    try {
      execFileSync('git', ['--git-dir', gitDir, 'rev-parse', '--verify', '--quiet', `refs/heads/${row.default_branch}`], { stdio: 'ignore' });
    } catch {
      return 0;
    }
    return Number(execFileSync('git', ['--git-dir', gitDir, 'rev-list', '--count', `refs/heads/${row.default_branch}`], { encoding: 'utf8' }).trim());
  };
  const count = async (id: number): Promise<number> => (await inst.admin.get<WithStats>(`/projects/${id}`, { statistics: true })).data.statistics.commit_count;
  /** Read twice: both equal rev-list, and the second runs no count. */
  const expectKept = async (id: number): Promise<number> => {
    const first = await count(id);
    expect(first).toBe(revList(id));
    const before = commitCounts.counted;
    expect(await count(id)).toBe(first);
    expect(commitCounts.counted).toBe(before);
    return first;
  };

  beforeAll(async () => {
    inst = await startInstance(kind);
    project = await createRepoProject(inst, inst.admin);
  });
  afterAll(() => inst.close());

  it('commits and a revert through the API change the count at the next read', async () => {
    expect(await expectKept(project.id)).toBe(1);
    const made = await commitFiles(inst.admin, project.id, 'main', { 'a.txt': 'a\n' });
    await commitFiles(inst.admin, project.id, 'main', { 'b.txt': 'b\n' });
    expect(await expectKept(project.id)).toBe(3);
    expect((await inst.admin.post(`/projects/${project.id}/repository/commits/${made.id}/revert`, { branch: 'main' })).status).toBe(201);
    expect(await expectKept(project.id)).toBe(4);
    // A commit to another branch is a write too: the count is read again, and is unchanged.
    await commitFiles(inst.admin, project.id, 'feature', { 'f.txt': 'f\n' }, { startBranch: 'main' });
    const before = commitCounts.counted;
    expect(await expectKept(project.id)).toBe(4);
    expect(commitCounts.counted).toBe(before + 1);
  });

  it('a merge commit and a reset backwards, written by another process, are seen by the next read here', async () => {
    const kept = await expectKept(project.id);
    const other = openCore({ stateDir: inst.core.stateDir, clock: inst.clock });
    try {
      const repo = other.repos.project({ id: project.id, repository_storage: 'default' });
      const main = (await repo.branch('main'))?.target as string;
      const feature = (await repo.branch('feature'))?.target as string;
      const tree = (await repo.commit(feature))?.tree as string;
      const who = { name: 'a', email: 'a@example.com', time: new Date(0) };
      const merge = await repo.commitTree(tree, [main, feature], 'Merge feature\n', who, who);
      await repo.updateRef('refs/heads/main', merge, main);
      expect(await expectKept(project.id)).toBe(kept + 2);
      // main moved back to its first commit (a force update).
      const root = (await repo.log({ rev: 'main' })).at(-1) as string;
      await repo.updateRef('refs/heads/main', root, merge);
    } finally {
      other.close();
    }
    expect(await expectKept(project.id)).toBe(1);
  });

  it('a changed default branch counts that branch; a default branch with no such branch counts 0', async () => {
    await commitFiles(inst.admin, project.id, 'main', { 'c.txt': 'c\n' });
    expect(await expectKept(project.id)).toBe(2);
    expect((await inst.admin.put<WithStats>(`/projects/${project.id}`, { default_branch: 'feature' })).data.default_branch).toBe('feature');
    expect(await expectKept(project.id)).toBe(revList(project.id));
    expect(revList(project.id)).not.toBe(2);
    expect((await inst.admin.put<WithStats>(`/projects/${project.id}`, { default_branch: 'nowhere' })).data.default_branch).toBe('nowhere');
    expect(await expectKept(project.id)).toBe(0);
    // Back to main, whose count was forgotten by the HEAD moves in between and is counted again.
    await inst.admin.put(`/projects/${project.id}`, { default_branch: 'main' });
    expect(await expectKept(project.id)).toBe(2);
  });

  it('a write that ends while a reader counts: what the reader counted is not stored', async () => {
    const kept = await expectKept(project.id);
    await commitFiles(inst.admin, project.id, 'main', { 'race.txt': 'r\n' });
    const other = openCore({ stateDir: inst.core.stateDir, clock: inst.clock });
    try {
      const repo = other.repos.project({ id: project.id, repository_storage: 'default' });
      const main = (await repo.branch('main'))?.target as string;
      const who = { name: 'a', email: 'a@example.com', time: new Date(0) };
      const next = await repo.commitTree((await repo.commit(main))?.tree as string, [main], 'raced\n', who, who);
      // Another process moves main after this reader counted, before it stores.
      commitCounts.afterCount = () => {
        commitCounts.afterCount = undefined;
        repo.updateRefSync('refs/heads/main', next, main);
      };
      expect(await count(project.id)).toBe(kept + 1);
      expect(commitCounts.afterCount).toBeUndefined();
      expect(await expectKept(project.id)).toBe(kept + 2);
      // Back to the commit before, as the next test expects.
      await repo.updateRef('refs/heads/main', main, next);
    } finally {
      commitCounts.afterCount = undefined;
      other.close();
    }
    expect(await expectKept(project.id)).toBe(kept + 1);
  });

  it('a count stored for one branch is not read for another without any repository write', async () => {
    expect(await expectKept(project.id)).toBe(3);
    // The row changed the way a default branch git does not take as a ref would change it: no HEAD write.
    inst.core.db.prepare("UPDATE projects SET default_branch = 'feature' WHERE id = ?").run(project.id);
    expect(await expectKept(project.id)).toBe(revList(project.id));
    inst.core.db.prepare("UPDATE projects SET default_branch = 'main' WHERE id = ?").run(project.id);
    expect(await expectKept(project.id)).toBe(3);
  });

  it('a project list with statistics reads the kept counts of its page, and they equal rev-list', async () => {
    const more = [await createRepoProject(inst, inst.admin), await createRepoProject(inst, inst.admin)];
    await commitFiles(inst.admin, (more[1] as ProjectJson).id, 'main', { 'm.txt': 'm\n' });
    const list = async () => (await inst.admin.get<WithStats[]>('/projects', { statistics: true, per_page: 100 })).data;
    const first = await list();
    for (const p of first) expect(p.statistics.commit_count).toBe(revList(p.id));
    const before = commitCounts.counted;
    expect((await list()).map((p) => p.statistics.commit_count)).toEqual(first.map((p) => p.statistics.commit_count));
    expect(commitCounts.counted).toBe(before);
  });
});
