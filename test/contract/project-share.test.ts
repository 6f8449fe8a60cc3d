// Sharing a project with a group: the link's shape, shared_with_groups, the shared members'
// capped access in permissions and lists, /projects/:id/groups with_shared, GET /groups, the
// audit events, and the permission and bad-input answers of lib/api/projects.rb.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { eventsSince, lastEventId } from '../helpers/audit.js';
import { addMember, createProject, createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { createGroup } from '../factories/groups.js';
import { createUser, type TestUser } from '../factories/users.js';

describe.each(TRANSPORTS)('project sharing (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst, { initialize_with_readme: true });
  });
  afterAll(() => inst.close());

  /** A private team with `member` at `level`; the sharer is a Guest there (sharing needs a role in the group). */
  async function team(member: TestUser, level: number, sharer: TestUser = f.owner) {
    const g = await createGroup(inst, inst.admin);
    await addMember(inst, 'groups', g.id, member.user.id, level);
    await addMember(inst, 'groups', g.id, sharer.user.id, 10);
    return g;
  }

  const ids = async (u: TestUser, query: Record<string, unknown>) => (await u.client.get<{ id: number }[]>('/projects', { per_page: 100, ...query })).data.map((p) => p.id);

  it("gives the group's members access capped at group_access, records it on the group, until unshared", async () => {
    const member = await createUser(inst);
    const t = await team(member, 50);
    await expectApiError(member.client.get(`/projects/${f.project.id}`), 404);
    const before = await lastEventId(inst);
    const res = await f.owner.client.post<Record<string, unknown>>(`/projects/${f.project.id}/share`, { group_id: t.id, group_access: 30, expires_at: '2026-12-31' });
    expect(res.status).toBe(201);
    expect(res.data).toEqual({ id: expect.any(Number), project_id: f.project.id, group_id: t.id, group_access: 30, expires_at: '2026-12-31' });
    const events = await eventsSince(inst, before);
    expect(events.map((e) => [e.event_name, e.entity_type, e.entity_id, e.author_id])).toEqual([['project_group_link_created', 'Group', t.id, f.owner.user.id]]);
    expect(events[0]?.details).toMatchObject({ target_type: 'Project', target_id: f.project.id, target_details: f.project.path_with_namespace, custom_message: 'Added project group link' });

    const shared = (await inst.admin.get<{ shared_with_groups: unknown[] }>(`/projects/${f.project.id}`)).data.shared_with_groups;
    expect(shared).toEqual([{ group_id: t.id, group_name: t.name, group_full_path: t.full_path, group_access_level: 30, expires_at: '2026-12-31' }]);
    // An Owner of the team is a Developer here: reads and pushes code, does not administer.
    expect((await member.client.get(`/projects/${f.project.id}`)).status).toBe(200);
    await member.client.post(`/projects/${f.project.id}/repository/branches`, { branch: 'via-share', ref: 'main' });
    await expectApiError(member.client.post(`/projects/${f.project.id}/archive`), 403);
    await expectApiError(f.owner.client.post(`/projects/${f.project.id}/share`, { group_id: t.id, group_access: 20 }), 409, { message: 'Project already shared with this group' });

    const after = await lastEventId(inst);
    expect((await f.owner.client.delete(`/projects/${f.project.id}/share/${t.id}`)).status).toBe(204);
    expect((await eventsSince(inst, after)).map((e) => [e.event_name, e.entity_type, e.entity_id])).toEqual([['project_group_link_deleted', 'Group', t.id]]);
    await expectApiError(member.client.get(`/projects/${f.project.id}`), 404);
    await expectApiError(f.owner.client.delete(`/projects/${f.project.id}/share/${t.id}`), 404, { message: '404 Group Link Not Found' });
    expect((await inst.admin.get<{ shared_with_groups: unknown[] }>(`/projects/${f.project.id}`)).data.shared_with_groups).toEqual([]);
  });

  it('lists the project for the members at the capped level, and its group among their groups', async () => {
    const member = await createUser(inst);
    const t = await team(member, 40);
    // A member of a group shared with the team reaches the project through the team.
    const outer = await createGroup(inst, inst.admin);
    const outsider = await createUser(inst);
    await addMember(inst, 'groups', outer.id, outsider.user.id, 50);
    await inst.admin.post(`/groups/${t.id}/share`, { group_id: outer.id, group_access: 30 });
    expect(await ids(member, { membership: true })).not.toContain(f.project.id);
    await f.owner.client.post(`/projects/${f.project.id}/share`, { group_id: t.id, group_access: 20 });
    try {
      expect(await ids(member, {})).toContain(f.project.id);
      expect(await ids(member, { membership: true })).toContain(f.project.id);
      expect(await ids(member, { min_access_level: 20 })).toContain(f.project.id);
      // Capped at the share's Reporter, whatever the member's level in the team.
      expect(await ids(member, { min_access_level: 30 })).not.toContain(f.project.id);
      expect(await ids(member, { owned: true })).not.toContain(f.project.id);
      expect(await ids(outsider, { membership: true })).toContain(f.project.id);
      expect(await ids(outsider, { min_access_level: 30 })).not.toContain(f.project.id);
      // The project's group is among the member's authorized groups, as on the platform.
      const groups = (await member.client.get<{ id: number }[]>('/groups', { per_page: 100 })).data.map((g) => g.id);
      expect(groups).toEqual(expect.arrayContaining([t.id, f.group.id]));
      // A Reporter reads the repository but may not push.
      expect((await member.client.get(`/projects/${f.project.id}/repository/branches`)).status).toBe(200);
      await expectApiError(member.client.post(`/projects/${f.project.id}/repository/branches`, { branch: 'no', ref: 'main' }), 403);
    } finally {
      await f.owner.client.delete(`/projects/${f.project.id}/share/${t.id}`);
    }
    expect(await ids(member, { membership: true })).not.toContain(f.project.id);
    expect(await ids(member, {})).not.toContain(f.project.id);
    expect((await member.client.get<{ id: number }[]>('/groups', { per_page: 100 })).data.map((g) => g.id)).not.toContain(f.group.id);
  });

  it('gives nothing through an expired share', async () => {
    const member = await createUser(inst);
    const t = await team(member, 30);
    // The platform takes a past date (the link has expired); it grants nothing.
    await f.owner.client.post(`/projects/${f.project.id}/share`, { group_id: t.id, group_access: 30, expires_at: '2026-01-01' });
    try {
      await expectApiError(member.client.get(`/projects/${f.project.id}`), 404);
      expect(await ids(member, { membership: true })).not.toContain(f.project.id);
    } finally {
      await f.owner.client.delete(`/projects/${f.project.id}/share/${t.id}`);
    }
  });

  it('shows only the shared groups the viewer may see, and lists them in /groups with with_shared', async () => {
    const pub = await createGroup(inst, inst.admin, { visibility: 'public' });
    const project = await createProject(inst, inst.admin, { namespace_id: pub.id, visibility: 'public' });
    const hidden = await createGroup(inst, inst.admin);
    const open = await createGroup(inst, inst.admin, { visibility: 'internal' });
    await inst.admin.post(`/projects/${project.id}/share`, { group_id: hidden.id, group_access: 40 });
    await inst.admin.post(`/projects/${project.id}/share`, { group_id: open.id, group_access: 20 });
    const sharedOf = async (u: TestUser | null) =>
      ((await (u ? u.client : inst.client()).get<{ shared_with_groups: { group_id: number }[] }>(`/projects/${project.id}`)).data.shared_with_groups ?? []).map((g: { group_id: number }) => g.group_id);
    expect(await sharedOf(null)).toEqual([]);
    expect(await sharedOf(f.nonMember)).toEqual([open.id]);
    expect((await inst.admin.get<{ shared_with_groups: { group_id: number }[] }>(`/projects/${project.id}`)).data.shared_with_groups.map((g) => g.group_id)).toEqual([hidden.id, open.id]);

    const groupsOf = async (query: Record<string, unknown>) => (await f.nonMember.client.get<{ id: number }[]>(`/projects/${project.id}/groups`, query)).data.map((g) => g.id);
    expect(await groupsOf({})).toEqual([pub.id]);
    // The platform's finder lists every group the project is shared with, newest first, unless
    // shared_visible_only; shared_min_access_level reads the share's level.
    expect(await groupsOf({ with_shared: true })).toEqual([open.id, hidden.id, pub.id]);
    expect(await groupsOf({ with_shared: true, shared_visible_only: true })).toEqual([open.id, pub.id]);
    expect(await groupsOf({ with_shared: true, shared_min_access_level: 30 })).toEqual([hidden.id, pub.id]);
    expect(await groupsOf({ with_shared: true, skip_groups: [hidden.id] })).toEqual([open.id, pub.id]);
  });

  it('answers permissions and bad input as the platform', async () => {
    const t = await team(f.maintainer, 10);
    const share = (u: TestUser, body: Record<string, unknown>) => u.client.post(`/projects/${f.project.id}/share`, body);
    await expectApiError(share(f.developer, { group_id: t.id, group_access: 30 }), 403, { message: '403 Forbidden' });
    await expectApiError(share(f.nonMember, { group_id: t.id, group_access: 30 }), 404, { message: '404 Project Not Found' });
    await expectApiError(inst.client().post(`/projects/${f.project.id}/share`, { group_id: t.id, group_access: 30 }), 401);
    // Only the project's Owner gives Owner, asked before the group is looked at.
    await expectApiError(share(f.maintainer, { group_id: 999999, group_access: 50 }), 403, { message: '403 Forbidden' });
    // A group the sharer holds no role in, or none at all, is not found, in the service's words.
    const stranger = await createGroup(inst, inst.admin, { visibility: 'public' });
    await expectApiError(share(f.maintainer, { group_id: stranger.id, group_access: 30 }), 404, { message: 'Not Found' });
    await expectApiError(share(f.maintainer, { group_id: 999999, group_access: 30 }), 404, { message: 'Not Found' });
    await expectApiError(share(f.maintainer, { group_id: t.id, group_access: 35 }), 400, { error: 'group_access does not have a valid value' });
    await expectApiError(share(f.maintainer, { group_access: 30 }), 400, { error: 'group_id is missing' });
    await expectApiError(share(f.maintainer, { group_id: t.id, group_access: 30, expires_at: 'soon' }), 400, { error: 'expires_at is invalid' });
    await expectApiError(inst.admin.post(`/projects/${f.project.id}/share`, { group_id: f.group.id, group_access: 30 }), 409, {
      message: 'Project cannot be shared with the group it is in or one of its ancestors.',
    });
    // An administrator shares with any group.
    expect((await inst.admin.post(`/projects/${f.project.id}/share`, { group_id: stranger.id, group_access: 50 })).status).toBe(201);
    // A share giving Owner is removed by the project's (or the group's) Owner, not a Maintainer.
    await expectApiError(f.maintainer.client.delete(`/projects/${f.project.id}/share/${stranger.id}`), 403, { message: 'Forbidden' });
    await expectApiError(f.developer.client.delete(`/projects/${f.project.id}/share/${stranger.id}`), 403);
    await expectApiError(f.maintainer.client.delete(`/projects/${f.project.id}/share/abc`), 400, { error: 'group_id is invalid' });
    expect((await f.owner.client.delete(`/projects/${f.project.id}/share/${stranger.id}`)).status).toBe(204);
    // A Maintainer who holds a role in the group shares below Owner.
    expect((await share(f.maintainer, { group_id: t.id, group_access: 40 })).status).toBe(201);
    expect((await f.maintainer.client.delete(`/projects/${f.project.id}/share/${t.id}`)).status).toBe(204);
  });
});
