import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { branchPath, commitFiles, createBranch, type BranchJson } from '../factories/repository.js';
import { expandPath } from '../../src/shared/path.js';

interface AccessJson {
  id: number;
  access_level: number | null;
  access_level_description: string;
  user_id: number | null;
  group_id: number | null;
  deploy_key_id?: number | null;
}

interface ProtectedJson {
  id: number;
  name: string;
  push_access_levels: AccessJson[];
  merge_access_levels: AccessJson[];
  unprotect_access_levels: AccessJson[];
  allow_force_push: boolean;
  code_owner_approval_required: boolean;
  inherited: boolean;
}

describe.each(TRANSPORTS)('protected branches (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  let pid: number;
  const base = () => `/projects/${pid}/protected_branches`;
  const one = (name: string) => expandPath('/projects/:id/protected_branches/:name', { id: pid, name });

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst, { initialize_with_readme: true });
    pid = f.project.id;
    for (const b of ['release/1.0', 'release/2.0', 'feature/x']) await createBranch(inst.admin, pid, b, 'main');
  });
  afterAll(() => inst.close());

  it('protects the default branch of a new project (Maintainers push and merge)', async () => {
    const res = await inst.admin.get<ProtectedJson[]>(base());
    expect(res.data).toEqual([
      {
        id: expect.any(Number),
        name: 'main',
        push_access_levels: [{ id: expect.any(Number), access_level: 40, access_level_description: 'Maintainers', deploy_key_id: null, user_id: null, group_id: null }],
        merge_access_levels: [{ id: expect.any(Number), access_level: 40, access_level_description: 'Maintainers', user_id: null, group_id: null }],
        unprotect_access_levels: [{ id: expect.any(Number), access_level: 40, access_level_description: 'Maintainers', user_id: null, group_id: null }],
        allow_force_push: false,
        code_owner_approval_required: false,
        inherited: false,
      },
    ]);
  });

  it('protects a wildcard with access levels (201) and lists, gets, refuses duplicates', async () => {
    const res = await f.maintainer.client.post<ProtectedJson>(base(), { name: 'release/*', push_access_level: 30, merge_access_level: 0, allow_force_push: true });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({
      name: 'release/*',
      push_access_levels: [{ access_level: 30, access_level_description: 'Developers + Maintainers' }],
      merge_access_levels: [{ access_level: 0, access_level_description: 'No one' }],
      unprotect_access_levels: [{ access_level: 40 }],
      allow_force_push: true,
    });
    const got = await inst.admin.get<ProtectedJson>(one('release/*'));
    expect(got.data).toEqual(res.data);
    expect((await inst.admin.get<ProtectedJson[]>(base())).data.map((p) => p.name)).toEqual(['main', 'release/*']);
    expect((await inst.admin.get<ProtectedJson[]>(base(), { search: 'rel' })).data.map((p) => p.name)).toEqual(['release/*']);
    await expectApiError(inst.admin.post(base(), { name: 'release/*' }), 409, { message: "Protected branch 'release/*' already exists" });
    await expectApiError(inst.admin.get(one('nope')), 404, { message: '404 Not found' });
  });

  it('makes matching branches protected and applies the access levels', async () => {
    const list = (await f.developer.client.get<BranchJson[]>(`/projects/${pid}/repository/branches`)).data;
    const by = (n: string) => list.find((b) => b.name === n) as BranchJson;
    expect(by('release/1.0')).toMatchObject({ protected: true, developers_can_push: true, developers_can_merge: false, can_push: true });
    expect(by('release/2.0').protected).toBe(true);
    expect(by('feature/x')).toMatchObject({ protected: false, developers_can_push: false, can_push: true });
    expect(by('main')).toMatchObject({ protected: true, can_push: false });
    // Developers may push to release/* ...
    const c = await commitFiles(f.developer.client, pid, 'release/1.0', { 'dev.txt': 'd' });
    expect(c.committer_name).toBe(f.developer.user.name);
    // ... but not to main, nor create protected branches they may not push to.
    await expectApiError(commitFiles(f.developer.client, pid, 'main', { 'no.txt': 'n' }), 403, {
      message: '403 Forbidden - You are not allowed to push into this branch',
    });
    await inst.admin.post(base(), { name: 'locked', push_access_level: 0, merge_access_level: 0 });
    await expectApiError(f.developer.client.post(`/projects/${pid}/repository/branches`, { branch: 'locked', ref: 'main' }), 400, {
      message: 'You are not allowed to create protected branches on this project.',
    });
    // No one may push where push is "No one", administrators included.
    await expectApiError(commitFiles(inst.admin, pid, 'locked', { 'x.txt': 'x' }, { startBranch: 'main' }), 403);
  });

  it('changes a rule with PATCH', async () => {
    const res = await inst.admin.patch<ProtectedJson>(one('release/*'), { allow_force_push: false, merge_access_level: 40 });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ allow_force_push: false, merge_access_levels: [{ access_level: 40, access_level_description: 'Maintainers' }] });
    await expectApiError(inst.admin.patch(one('missing/*'), { allow_force_push: true }), 404, { message: '404 Not found' });
  });

  it('adds users and groups through allowed_to_* entries', async () => {
    const res = await inst.admin.post<ProtectedJson>(base(), {
      name: 'feature/*',
      allowed_to_push: [{ user_id: f.developer.user.id }, { group_id: f.group.id }],
    });
    expect(res.data.push_access_levels).toEqual([
      { id: expect.any(Number), access_level: null, access_level_description: f.developer.user.name, deploy_key_id: null, user_id: f.developer.user.id, group_id: null },
      { id: expect.any(Number), access_level: null, access_level_description: f.group.name, deploy_key_id: null, user_id: null, group_id: f.group.id },
    ]);
    expect(res.data.merge_access_levels).toEqual([expect.objectContaining({ access_level: 40 })]);
    const dev = (await f.developer.client.get<BranchJson>(branchPath(pid, 'feature/x'))).data;
    expect(dev).toMatchObject({ protected: true, can_push: true, developers_can_push: false });
    const maint = (await f.maintainer.client.get<BranchJson>(branchPath(pid, 'feature/x'))).data;
    expect(maint.can_push).toBe(false);
    const owner = (await f.owner.client.get<BranchJson>(branchPath(pid, 'feature/x'))).data;
    expect(owner.can_push).toBe(true);
    await expectApiError(inst.admin.post(base(), { name: 'bad', allowed_to_push: [{ user_id: 999999 }] }), 422, { message: ["Push access levels user can't be blank"] });
  });

  it('validates params with Grape wording', async () => {
    await expectApiError(inst.admin.post(base(), {}), 400, { error: 'name is missing' });
    await expectApiError(inst.admin.post(base(), { name: 'x', push_access_level: 20 }), 400, { error: 'push_access_level does not have a valid value' });
    await expectApiError(inst.admin.post(base(), { name: 'x', merge_access_level: 'many' }), 400, { error: 'merge_access_level is invalid' });
  });

  it('is for Maintainers: developers get 403, non-members 404, anonymous 401', async () => {
    await expectApiError(f.developer.client.get(base()), 403, { message: '403 Forbidden' });
    await expectApiError(f.developer.client.post(base(), { name: 'dev/*' }), 403);
    await expectApiError(f.developer.client.delete(one('release/*')), 403);
    await expectApiError(f.nonMember.client.get(base()), 404, { message: '404 Project Not Found' });
    await expectApiError(inst.client().get(base()), 401);
    expect((await f.owner.client.get<ProtectedJson[]>(base())).status).toBe(200);
  });

  it('unprotects (204), after which developers can push', async () => {
    expect((await f.maintainer.client.delete(one('release/*'))).status).toBe(204);
    await expectApiError(inst.admin.delete(one('release/*')), 404, { message: '404 Not found' });
    expect((await inst.admin.get<BranchJson>(branchPath(pid, 'release/2.0'))).data.protected).toBe(false);
    expect((await inst.admin.delete(one('main'))).status).toBe(204);
    const c = await commitFiles(f.developer.client, pid, 'main', { 'free.txt': 'f' });
    expect(c.title).toBe('Change free.txt');
  });
});
