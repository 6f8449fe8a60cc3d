// Forks, stars, a project's groups, storage and housekeeping: the project endpoints real clients
// call beside the project itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { createGroup } from '../factories/groups.js';
import { commitFiles, createTag, git, repositoryDir, withClone } from '../factories/repository.js';

describe.each(TRANSPORTS)('project neighbours (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  let pid: number;

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst, { initialize_with_readme: true });
    pid = f.project.id;
    await commitFiles(inst.admin, pid, 'main', { 'src/app.txt': 'app\n' });
    await createTag(inst.admin, pid, 'v1', 'main');
  });
  afterAll(() => inst.close());

  it('forks a project into the caller’s namespace as a real copy of its repository', async () => {
    const res = await f.reporter.client.post<Record<string, any>>(`/projects/${pid}/fork`);
    expect(res.status).toBe(201);
    const fork = res.data;
    expect(fork).toMatchObject({
      path: f.project.path,
      namespace: { path: f.reporter.user.username, kind: 'user' },
      forked_from_project: { id: pid, path_with_namespace: f.project.path_with_namespace },
      default_branch: 'main',
    });
    // Its own repository directory, holding the same branches and tags.
    expect(repositoryDir(inst, fork.id)).not.toBe(repositoryDir(inst, pid));
    expect(git(['--git-dir', repositoryDir(inst, fork.id), 'for-each-ref', '--format=%(refname)']).trim().split('\n').sort()).toEqual(['refs/heads/main', 'refs/tags/v1']);
    withClone(inst, fork.id, (dir) => expect(readFileSync(join(dir, 'src/app.txt'), 'utf8')).toBe('app\n'));
    // A change to the fork leaves the original alone.
    await commitFiles(f.reporter.client, fork.id, 'main', { 'fork-only.txt': 'x\n' });
    const original = await inst.admin.get<{ path: string }[]>(`/projects/${pid}/repository/tree`);
    expect(original.data.map((e) => e.path)).not.toContain('fork-only.txt');
    expect((await inst.admin.get<{ forks_count: number }>(`/projects/${pid}`)).data.forks_count).toBe(1);
    const forks = await f.reporter.client.get<{ id: number }[]>(`/projects/${pid}/forks`);
    expect(forks.data.map((p) => p.id)).toEqual([fork.id]);
    // Forking again into the same namespace clashes: 409 with the model's errors.
    const again = await expectApiError(f.reporter.client.post(`/projects/${pid}/fork`), 409);
    expect((again.body as { message: unknown }).message).toMatchObject({ path: ['has already been taken'] });
  });

  it('forks into a group with another name and only one branch; refuses namespaces the caller cannot use', async () => {
    const group = await createGroup(inst, f.developer.client);
    await inst.admin.post(`/projects/${pid}/repository/branches`, { branch: 'side', ref: 'main' });
    const res = await f.developer.client.post<Record<string, any>>(`/projects/${pid}/fork`, { namespace_id: group.id, path: 'side-fork', name: 'Side fork', branches: 'side' });
    expect(res.data).toMatchObject({ path: 'side-fork', name: 'Side fork', namespace: { id: group.id }, default_branch: 'side' });
    expect(git(['--git-dir', repositoryDir(inst, res.data.id), 'for-each-ref', '--format=%(refname)']).trim()).toBe('refs/heads/side');
    await expectApiError(f.developer.client.post(`/projects/${pid}/fork`, { namespace_id: f.group.id, path: 'x' }), 404, { message: '404 Target Namespace Not Found' });
    await expectApiError(f.developer.client.post(`/projects/${pid}/fork`, { branches: 'nope', path: 'y' }), 404, { message: '404 Branch Not Found' });
    await expectApiError(f.guest.client.post(`/projects/${pid}/fork`), 403);
    await expectApiError(f.nonMember.client.post(`/projects/${pid}/fork`), 404, { message: '404 Project Not Found' });
    await expectApiError(f.developer.client.post(`/projects/${pid}/fork`, { visibility: 'secret' }), 400, { error: 'visibility does not have a valid value' });
  });

  it('stars and unstars with star_count; repeating either answers 304', async () => {
    const star = await f.guest.client.post<{ star_count: number }>(`/projects/${pid}/star`);
    expect([star.status, star.data.star_count]).toEqual([201, 1]);
    const again = await f.guest.client.post(`/projects/${pid}/star`);
    expect(again.status).toBe(304);
    await f.reporter.client.post(`/projects/${pid}/star`);
    expect((await inst.admin.get<{ star_count: number }>(`/projects/${pid}`)).data.star_count).toBe(2);
    const starred = await f.guest.client.get<{ id: number }[]>('/projects', { starred: true });
    expect(starred.data.map((p) => p.id)).toEqual([pid]);
    const unstar = await f.guest.client.post<{ star_count: number }>(`/projects/${pid}/unstar`);
    expect([unstar.status, unstar.data.star_count]).toEqual([201, 1]);
    expect((await f.guest.client.post(`/projects/${pid}/unstar`)).status).toBe(304);
    await expectApiError(f.nonMember.client.post(`/projects/${pid}/star`), 404, { message: '404 Project Not Found' });
    await expectApiError(inst.client().post(`/projects/${pid}/star`), 401);
  });

  it("lists a project's groups, nearest first, and administrators see its storage", async () => {
    const parent = await createGroup(inst);
    const child = await createGroup(inst, inst.admin, { parent_id: parent.id });
    const p = (await inst.admin.post<{ id: number }>('/projects', { path: 'nested', namespace_id: child.id })).data;
    const groups = await inst.admin.get<{ id: number; full_path: string }[]>(`/projects/${p.id}/groups`);
    expect(groups.data.map((g) => g.id)).toEqual([child.id, parent.id]);
    expect(groups.data[0]).toEqual({ id: child.id, web_url: child.web_url, name: child.name, avatar_url: null, full_name: child.full_name, full_path: child.full_path });
    expect((await inst.admin.get<unknown[]>(`/projects/${p.id}/groups`, { skip_groups: [parent.id] })).data).toHaveLength(1);
    expect((await f.guest.client.get<{ id: number }[]>(`/projects/${pid}/groups`)).data.map((g) => g.id)).toEqual([f.group.id]);
    await expectApiError(f.nonMember.client.get(`/projects/${pid}/groups`), 404);

    const storage = await inst.admin.get(`/projects/${pid}/storage`);
    expect(storage.data).toEqual({ project_id: pid, disk_path: `@projects/${pid}`, created_at: f.project.created_at, repository_storage: 'default' });
    await expectApiError(f.owner.client.get(`/projects/${pid}/storage`), 403, { message: '403 Forbidden' });
  });

  it("runs git's maintenance in the job worker; Maintainers only", async () => {
    const dir = repositoryDir(inst, pid);
    const res = await f.maintainer.client.post(`/projects/${pid}/housekeeping`);
    expect(res.status).toBe(201);
    await inst.settleJobs();
    // gc packs the loose objects into a pack file.
    expect(git(['--git-dir', dir, 'count-objects', '-v'])).toMatch(/^count: 0$/m);
    expect(git(['--git-dir', dir, 'count-objects', '-v'])).toMatch(/^packs: [1-9]/m);
    expect(git(['--git-dir', dir, 'fsck', '--no-progress']).trim()).toBe('');
    expect((await f.maintainer.client.post(`/projects/${pid}/housekeeping`, { task: 'prune' })).status).toBe(201);
    await inst.settleJobs();
    await expectApiError(f.developer.client.post(`/projects/${pid}/housekeeping`), 403);
    await expectApiError(f.maintainer.client.post(`/projects/${pid}/housekeeping`, { task: 'all' }), 400, { error: 'task does not have a valid value' });
  });
});
