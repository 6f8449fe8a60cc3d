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

  it("lists the shared group's projects for the other group's members, at the capped level, until unshared", async () => {
    const team = await createGroup(inst, inst.admin, { visibility: 'internal' });
    const sub = await createGroup(inst, inst.admin, { parent_id: team.id });
    const member = await createUser(inst);
    // A member of a subgroup of the team is not a member of the team: the share is not theirs.
    const below = await createUser(inst);
    await inst.admin.post(`/groups/${team.id}/members`, { user_id: member.user.id, access_level: 40 });
    await inst.admin.post(`/groups/${sub.id}/members`, { user_id: below.user.id, access_level: 50 });
    const ids = async (u: typeof member, query: Record<string, unknown>) => (await u.client.get<{ id: number }[]>('/projects', { per_page: 100, ...query })).data.map((p) => p.id);
    expect(await ids(member, { membership: true })).not.toContain(f.project.id);
    await f.owner.client.post(`/groups/${f.group.id}/share`, { group_id: team.id, group_access: 20 });
    try {
      expect(await ids(member, { membership: true })).toContain(f.project.id);
      expect(await ids(member, {})).toContain(f.project.id);
      expect(await ids(member, { min_access_level: 20 })).toContain(f.project.id);
      // Capped at the share's Reporter, whatever the member's level in the team.
      expect(await ids(member, { min_access_level: 30 })).not.toContain(f.project.id);
      // A share does not make the project the member's own.
      expect(await ids(member, { owned: true })).not.toContain(f.project.id);
      expect(await ids(below, { membership: true })).not.toContain(f.project.id);
      // A group shared on through a second share gives nothing further.
      const outer = await createGroup(inst, inst.admin);
      const outsider = await createUser(inst);
      await inst.admin.post(`/groups/${outer.id}/members`, { user_id: outsider.user.id, access_level: 50 });
      await inst.admin.post(`/groups/${team.id}/share`, { group_id: outer.id, group_access: 50 });
      expect(await ids(outsider, { membership: true })).not.toContain(f.project.id);
    } finally {
      await f.owner.client.delete(`/groups/${f.group.id}/share/${team.id}`);
    }
    expect(await ids(member, { membership: true })).not.toContain(f.project.id);
    expect(await ids(member, {})).not.toContain(f.project.id);
  });

  it("lists the shared group and its ancestors among the other group's members' groups, until unshared", async () => {
    const team = await createGroup(inst, inst.admin);
    const member = await createUser(inst);
    await inst.admin.post(`/groups/${team.id}/members`, { user_id: member.user.id, access_level: 30 });
    const parent = await createGroup(inst, inst.admin);
    const shared = await createGroup(inst, inst.admin, { parent_id: parent.id });
    const below = await createGroup(inst, inst.admin, { parent_id: shared.id });
    const groups = async () => (await member.client.get<{ id: number }[]>('/groups', { per_page: 100 })).data.map((g) => g.id);
    expect(await groups()).toEqual([team.id]);
    await inst.admin.post(`/groups/${shared.id}/share`, { group_id: team.id, group_access: 20 });
    // As the platform's authorized groups: the shared group and its ancestors, not its subgroups.
    expect((await groups()).sort((a, b) => a - b)).toEqual([team.id, parent.id, shared.id].sort((a, b) => a - b));
    expect(await groups()).not.toContain(below.id);
    expect((await member.client.get<{ id: number }[]>('/groups', { per_page: 100, min_access_level: 10 })).data.map((g) => g.id)).toEqual([team.id]);
    await inst.admin.delete(`/groups/${shared.id}/share/${team.id}`);
    expect(await groups()).toEqual([team.id]);
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
