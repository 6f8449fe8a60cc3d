// Moving a group under another group or to the top level: paths below it change, projects stay
// reachable (old paths redirect), visibility follows a less visible parent, and the platform's
// permission answers and `Transfer failed: …` refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createGroup, type GroupJson } from '../factories/groups.js';
import { createUser, type TestUser } from '../factories/users.js';
import { createProject } from '../factories/projects.js';
import { createRepoProject } from '../factories/repository.js';

const enc = encodeURIComponent;

describe.each(TRANSPORTS)('group transfer (%s)', (kind) => {
  let inst: Instance;
  let owner: TestUser;

  beforeAll(async () => {
    inst = await startInstance(kind);
    owner = await createUser(inst);
  });
  afterAll(() => inst.close());

  it('moves a subgroup with its subgroups and projects under another group; old project paths redirect', async () => {
    const from = await createGroup(inst, owner.client);
    const to = await createGroup(inst, owner.client);
    const moving = await createGroup(inst, owner.client, { parent_id: from.id, path: 'moving' });
    const inner = await createGroup(inst, owner.client, { parent_id: moving.id, path: 'inner' });
    const project = await createRepoProject(inst, owner.client, { namespace_id: inner.id, path: 'app' });
    const res = await owner.client.post<GroupJson & { projects: { id: number }[] }>(`/groups/${moving.id}/transfer`, { group_id: to.id });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ id: moving.id, parent_id: to.id, full_path: `${to.full_path}/moving`, full_name: `${to.name} / moving` });
    const innerNow = (await owner.client.get<GroupJson>(`/groups/${inner.id}`)).data;
    expect(innerNow.full_path).toBe(`${to.full_path}/moving/inner`);
    // The project answers at its new path, its repository with it.
    const newPath = `${to.full_path}/moving/inner/app`;
    const moved = await owner.client.get<{ id: number; path_with_namespace: string }>(`/projects/${enc(newPath)}`);
    expect(moved.data).toMatchObject({ id: project.id, path_with_namespace: newPath });
    expect((await owner.client.get<{ file_name: string }>(`/projects/${project.id}/repository/files/README.md`, { ref: 'main' })).data.file_name).toBe('README.md');
    // The old path redirects GETs, like a project's own transfer or rename.
    const old = await inst.raw('GET', `/projects/${enc(`${from.full_path}/moving/inner/app`)}`, { headers: { 'private-token': owner.token } });
    expect(old.status).toBe(301);
    expect(old.headers.location).toMatch(new RegExp(`/api/v4/projects/${project.id}$`));
    // The old group path is gone; the new one finds the group.
    await expectApiError(owner.client.get(`/groups/${enc(`${from.full_path}/moving`)}`), 404, { message: '404 Group Not Found' });
    expect((await owner.client.get<GroupJson>(`/groups/${enc(`${to.full_path}/moving`)}`)).data.id).toBe(moving.id);
  });

  it('makes a subgroup top-level without group_id', async () => {
    const parent = await createGroup(inst, owner.client);
    const sub = await createGroup(inst, owner.client, { parent_id: parent.id });
    const res = await owner.client.post<GroupJson>(`/groups/${sub.id}/transfer`);
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ parent_id: null, full_path: sub.path, full_name: sub.name });
    expect((await owner.client.get<GroupJson[]>(`/groups/${parent.id}/subgroups`)).data).toEqual([]);
  });

  it('lowers the group and everything below it to a less visible parent', async () => {
    const open = await createGroup(inst, inst.admin, { visibility: 'public' });
    const shut = await createGroup(inst, inst.admin, { visibility: 'private' });
    const sub = await createGroup(inst, inst.admin, { parent_id: open.id, visibility: 'internal' });
    const project = await createProject(inst, inst.admin, { namespace_id: open.id, visibility: 'public' });
    const res = await inst.admin.post<GroupJson>(`/groups/${open.id}/transfer`, { group_id: shut.id });
    expect(res.data.visibility).toBe('private');
    expect((await inst.admin.get<GroupJson>(`/groups/${sub.id}`)).data.visibility).toBe('private');
    expect((await inst.admin.get<{ visibility: string }>(`/projects/${project.id}`)).data.visibility).toBe('private');
  });

  it('refuses as the platform: already there, into itself, a taken path, no right to the target', async () => {
    const root = await createGroup(inst, owner.client);
    const sub = await createGroup(inst, owner.client, { parent_id: root.id, path: 'same' });
    const child = await createGroup(inst, owner.client, { parent_id: sub.id });
    const failed = (message: string) => ({ message: `Transfer failed: ${message}` });
    await expectApiError(owner.client.post(`/groups/${root.id}/transfer`), 400, failed('Group is already a root group.'));
    await expectApiError(owner.client.post(`/groups/${sub.id}/transfer`, { group_id: root.id }), 400, failed('Group is already associated to the parent group.'));
    await expectApiError(owner.client.post(`/groups/${sub.id}/transfer`, { group_id: child.id }), 400, failed('Cannot transfer group to one of its subgroup.'));
    const elsewhere = await createGroup(inst, owner.client);
    await createGroup(inst, owner.client, { parent_id: elsewhere.id, path: 'same' });
    await expectApiError(owner.client.post(`/groups/${sub.id}/transfer`, { group_id: elsewhere.id }), 400, failed('The parent group already has a subgroup or a project with the same path.'));
    const withProject = await createGroup(inst, owner.client);
    await createProject(inst, owner.client, { namespace_id: withProject.id, path: 'same' });
    await expectApiError(owner.client.post(`/groups/${sub.id}/transfer`, { group_id: withProject.id }), 400, failed('The parent group already has a subgroup or a project with the same path.'));
    // A group the caller may see but not create subgroups in.
    const foreign = await createGroup(inst, inst.admin, { visibility: 'public' });
    await expectApiError(owner.client.post(`/groups/${sub.id}/transfer`, { group_id: foreign.id }), 400, failed("You don't have enough permissions."));
    // Nothing moved through any of it.
    expect((await owner.client.get<GroupJson>(`/groups/${sub.id}`)).data.full_path).toBe(`${root.full_path}/same`);
  });

  it('is for Owners of the group: Maintainers 403, non-members 404; an unseen target is 404', async () => {
    const group = await createGroup(inst, owner.client);
    const sub = await createGroup(inst, owner.client, { parent_id: group.id });
    const maintainer = await createUser(inst);
    const stranger = await createUser(inst);
    await owner.client.post(`/groups/${group.id}/members`, { user_id: maintainer.user.id, access_level: 40 });
    await expectApiError(maintainer.client.post(`/groups/${sub.id}/transfer`), 403, { message: '403 Forbidden' });
    await expectApiError(stranger.client.post(`/groups/${sub.id}/transfer`), 404, { message: '404 Group Not Found' });
    const hidden = await createGroup(inst, inst.admin);
    await expectApiError(owner.client.post(`/groups/${sub.id}/transfer`, { group_id: hidden.id }), 404, { message: '404 Group Not Found' });
    await expectApiError(owner.client.post(`/groups/${sub.id}/transfer`, { group_id: 'x' }), 400, { error: 'group_id is invalid' });
    await expectApiError(inst.client().post(`/groups/${sub.id}/transfer`), 401);
  });

  it('a group made top-level without an Owner of its own gets the caller as Owner', async () => {
    const parent = await createGroup(inst, owner.client);
    // A subgroup whose only Owner is inherited from its parent (its creator's direct membership
    // removed beneath the API, which refuses to remove a last Owner).
    const sub = await createGroup(inst, owner.client, { parent_id: parent.id });
    inst.core.db.prepare("DELETE FROM members WHERE source_type = 'namespace' AND source_id = ?").run(sub.id);
    await owner.client.post(`/groups/${sub.id}/transfer`);
    const members = (await owner.client.get<{ id: number; access_level: number }[]>(`/groups/${sub.id}/members`)).data;
    expect(members).toContainEqual(expect.objectContaining({ id: owner.user.id, access_level: 50 }));
  });
});
