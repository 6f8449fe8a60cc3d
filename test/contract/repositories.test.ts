import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createProject, type ProjectJson } from '../factories/projects.js';
import { createGroup } from '../factories/groups.js';
import {
  commitFiles,
  createBranch,
  createRepoProject,
  createTag,
  git,
  repositoryDir,
  withClone,
  type BranchJson,
  type CommitJson,
  type TagJson,
} from '../factories/repository.js';

const gitDir = (dir: string, args: string[]) => git([`--git-dir=${dir}`, ...args]);

describe.each(TRANSPORTS)('project repositories (%s)', (kind) => {
  let inst: Instance;

  beforeAll(async () => {
    inst = await startInstance(kind, { storages: { second: 'storages/second' } });
  });
  afterAll(() => inst.close());

  it('creates an empty bare repository with each project, addressed by project id', async () => {
    const p = await createProject(inst);
    const dir = repositoryDir(inst, p.id);
    expect(dir).toBe(join(inst.stateDir, 'state', 'storages', 'default', '@projects', `${p.id}.git`));
    expect(gitDir(dir, ['rev-parse', '--is-bare-repository']).trim()).toBe('true');
    expect(gitDir(dir, ['symbolic-ref', 'HEAD']).trim()).toBe('refs/heads/main');
    expect(gitDir(dir, ['for-each-ref']).trim()).toBe('');
    expect((await inst.admin.get<BranchJson[]>(`/projects/${p.id}/repository/branches`)).data).toEqual([]);
  });

  it('starts with a README commit on the default branch when asked', async () => {
    const p = await createRepoProject(inst, inst.admin, { name: 'Readme Demo', path: 'readme-demo', description: 'A demo.', default_branch: 'trunk' });
    const [branch] = (await inst.admin.get<BranchJson[]>(`/projects/${p.id}/repository/branches`)).data;
    expect(branch).toMatchObject({ name: 'trunk', default: true, protected: true });
    expect(branch?.commit).toMatchObject({ title: 'Initial commit', author_name: 'Administrator', parent_ids: [] });
    withClone(inst, p.id, (dir) => {
      expect(git(['rev-parse', '--abbrev-ref', 'HEAD'], dir).trim()).toBe('trunk');
      expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('# Readme Demo\n\nA demo.\n');
    });
  });

  it('keeps the repository through renames and transfers, and HEAD on the default branch', async () => {
    const p = await createRepoProject(inst);
    await createBranch(inst.admin, p.id, 'develop', 'main');
    const dir = repositoryDir(inst, p.id);
    await inst.admin.put(`/projects/${p.id}`, { path: `${p.path}-renamed`, name: `${p.name} renamed` });
    const group = await createGroup(inst);
    await inst.admin.put(`/projects/${p.id}/transfer`, { namespace: group.id });
    const moved = (await inst.admin.get<ProjectJson>(`/projects/${p.id}`)).data;
    expect(moved.path_with_namespace).toBe(`${group.full_path}/${p.path}-renamed`);
    const list = (await inst.admin.get<BranchJson[]>(`/projects/${encodeURIComponent(moved.path_with_namespace)}/repository/branches`)).data;
    expect(list.map((b) => b.name)).toEqual(['develop', 'main']);
    expect(list[0]?.web_url).toBe(`${moved.web_url}/-/tree/develop`);
    expect(repositoryDir(inst, p.id)).toBe(dir);
    await inst.admin.put(`/projects/${p.id}`, { default_branch: 'develop' });
    expect(gitDir(dir, ['symbolic-ref', 'HEAD']).trim()).toBe('refs/heads/develop');
    expect((await inst.admin.get<BranchJson[]>(`/projects/${p.id}/repository/branches`)).data.find((b) => b.default)?.name).toBe('develop');
  });

  it('removes the repository with the project', async () => {
    const p = await createRepoProject(inst);
    const dir = repositoryDir(inst, p.id);
    expect(existsSync(dir)).toBe(true);
    await inst.admin.delete(`/projects/${p.id}`);
    expect(existsSync(dir)).toBe(false);
    expect(readdirSync(join(dir, '..')).filter((n) => n.startsWith(`${p.id}.git`))).toEqual([]);
  });

  it('places repositories in the storage the project names', async () => {
    const p = await createProject(inst, inst.admin, { repository_storage: 'second', initialize_with_readme: true });
    const dir = join(inst.stateDir, 'state', 'storages', 'second', '@projects', `${p.id}.git`);
    expect(existsSync(join(dir, 'HEAD'))).toBe(true);
    expect(existsSync(repositoryDir(inst, p.id))).toBe(false);
    const c = await commitFiles(inst.admin, p.id, 'main', { 'second.txt': 's' });
    expect(gitDir(dir, ['rev-parse', 'main']).trim()).toBe(c.id);
  });

  it('shows in a clone exactly the branches, tags and commits the API reports', async () => {
    const p = await createRepoProject(inst);
    await commitFiles(inst.admin, p.id, 'main', { 'src/a.txt': 'a' });
    await createBranch(inst.admin, p.id, 'feature/ünï.code', 'main');
    await commitFiles(inst.admin, p.id, 'feature/ünï.code', { 'src/b.txt': 'b' });
    await commitFiles(inst.admin, p.id, 'topic', { 'c.txt': 'c' }, { startBranch: 'main' });
    await createTag(inst.admin, p.id, 'v1.0', 'main');
    await createTag(inst.admin, p.id, 'v1.1', 'feature/ünï.code', 'Annotated');
    await inst.admin.delete(`/projects/${p.id}/repository/branches/topic`);

    const branches = (await inst.admin.get<BranchJson[]>(`/projects/${p.id}/repository/branches`)).data;
    const tags = (await inst.admin.get<TagJson[]>(`/projects/${p.id}/repository/tags`, { order_by: 'name', sort: 'asc' })).data;
    const commitIds = new Set<string>();
    for (const b of branches) {
      const list = (await inst.admin.get<CommitJson[]>(`/projects/${p.id}/repository/commits`, { ref_name: b.name, per_page: 100 })).data;
      for (const c of list) commitIds.add(c.id);
    }
    withClone(inst, p.id, (dir) => {
      const remote = git(['for-each-ref', '--format=%(refname:lstrip=3) %(objectname)', 'refs/remotes/origin/'], dir)
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('HEAD '));
      expect(remote.sort()).toEqual(branches.map((b) => `${b.name} ${b.commit.id}`).sort());
      const cloneTags = git(['for-each-ref', '--format=%(refname:lstrip=2) %(objectname) %(*objectname)', 'refs/tags/'], dir)
        .trim()
        .split('\n')
        .map((l) => l.trimEnd());
      expect(cloneTags).toEqual(tags.map((t) => `${t.name} ${t.target} ${t.message === null ? '' : t.commit.id}`.trimEnd()));
      const all = git(['rev-list', '--remotes'], dir).trim().split('\n');
      expect(new Set(all)).toEqual(commitIds);
      const log = git(['log', '-1', '--format=%H%n%an%n%ae%n%aI%n%s', 'origin/feature/ünï.code'], dir).trim().split('\n');
      const tip = branches.find((b) => b.name === 'feature/ünï.code')?.commit as CommitJson;
      expect(log).toEqual([tip.id, tip.author_name, tip.author_email, '2026-01-15T10:00:00+00:00', tip.title]);
    });
  });

  it('never lets hostile names or paths reach outside the repository', async () => {
    const p = await createRepoProject(inst);
    const storage = join(repositoryDir(inst, p.id), '..', '..');
    const before = readdirSync(storage).sort();
    const attempts = [
      () => inst.admin.post(`/projects/${p.id}/repository/branches`, { branch: '../../escape', ref: 'main' }),
      () => inst.admin.post(`/projects/${p.id}/repository/tags`, { tag_name: '../../escape', ref: 'main' }),
      () => inst.admin.post(`/projects/${p.id}/repository/commits`, {
        branch: 'main',
        commit_message: 'x',
        actions: [{ action: 'create', file_path: '../../escape', content: 'x' }],
      }),
      () => inst.admin.post(`/projects/${p.id}/repository/commits`, {
        branch: '../../../escape',
        start_branch: 'main',
        commit_message: 'x',
        actions: [{ action: 'create', file_path: 'x', content: 'x' }],
      }),
      () => inst.admin.post(`/projects/${p.id}/repository/branches`, { branch: 'ok', ref: '--output=../../escape' }),
    ];
    for (const attempt of attempts) await expectApiError(attempt(), 400);
    expect(readdirSync(storage).sort()).toEqual(before);
    expect(gitDir(repositoryDir(inst, p.id), ['for-each-ref', '--format=%(refname)']).trim()).toBe('refs/heads/main');
  });
});
