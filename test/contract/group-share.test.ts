// Sharing a group with another group: shared_with_groups, the shared members' capped access,
// unsharing, and the permission and bad-input answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { createGroup } from '../factories/groups.js';
import { createUser } from '../factories/users.js';

describe.each(TRANSPORTS)('group sharing (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst, { initialize_with_readme: true });
  });
  afterAll(() => inst.close());

  it("gives the other group's members access capped at group_access, until unshared", async () => {
    const team = await createGroup(inst, inst.admin, { visibility: 'internal' });
    const member = await createUser(inst);
    await inst.admin.post(`/groups/${team.id}/members`, { user_id: member.user.id, access_level: 50 });
    await expectApiError(member.client.get(`/projects/${f.project.id}`), 404);
    const res = await f.owner.client.post<{ shared_with_groups: unknown[] }>(`/groups/${f.group.id}/share`, { group_id: team.id, group_access: 30, expires_at: '2026-12-31' });
    expect(res.status).toBe(201);
    expect(res.data.shared_with_groups).toEqual([
      { group_id: team.id, group_name: team.name, group_full_path: team.full_path, group_access_level: 30, expires_at: '2026-12-31', member_role_id: null },
    ]);
    expect((await inst.admin.get<{ shared_with_groups: unknown[] }>(`/groups/${f.group.id}`)).data.shared_with_groups).toHaveLength(1);
    // An Owner of the team is a Developer here: reads and pushes code, does not administer.
    const project = await member.client.get<{ permissions: { group_access: { access_level: number } } }>(`/projects/${f.project.id}`);
    expect(project.data.permissions.group_access.access_level).toBe(30);
    await member.client.post(`/projects/${f.project.id}/repository/branches`, { branch: 'shared', ref: 'main' });
    await expectApiError(member.client.post(`/projects/${f.project.id}/archive`), 403);
    await expectApiError(f.owner.client.post(`/groups/${f.group.id}/share`, { group_id: team.id, group_access: 30 }), 409);
    expect((await f.owner.client.delete(`/groups/${f.group.id}/share/${team.id}`)).status).toBe(204);
    await expectApiError(member.client.get(`/projects/${f.project.id}`), 404);
    await expectApiError(f.owner.client.delete(`/groups/${f.group.id}/share/${team.id}`), 404, { message: '404 Group Link Not Found' });
  });

  it('answers permissions and bad input as the platform', async () => {
    const team = await createGroup(inst);
    await expectApiError(f.maintainer.client.post(`/groups/${f.group.id}/share`, { group_id: team.id, group_access: 30 }), 404);
    await expectApiError(f.nonMember.client.post(`/groups/${f.group.id}/share`, { group_id: team.id, group_access: 30 }), 404, { message: '404 Group Not Found' });
    const ownerOnly = await createUser(inst);
    await inst.admin.post(`/groups/${f.group.id}/members`, { user_id: ownerOnly.user.id, access_level: 40 });
    await expectApiError(ownerOnly.client.post(`/groups/${f.group.id}/share`, { group_id: team.id, group_access: 30 }), 403);
    // The owner cannot see the private team: it is not found.
    await expectApiError(f.owner.client.post(`/groups/${f.group.id}/share`, { group_id: team.id, group_access: 30 }), 404, { message: '404 Group Not Found' });
    await expectApiError(inst.admin.post(`/groups/${f.group.id}/share`, { group_id: team.id, group_access: 35 }), 400, { error: 'group_access does not have a valid value' });
    await expectApiError(inst.admin.post(`/groups/${f.group.id}/share`, { group_access: 30 }), 400, { error: 'group_id is missing' });
    await expectApiError(inst.admin.post(`/groups/${f.group.id}/share`, { group_id: f.group.id, group_access: 30 }), 400);
  });
});
