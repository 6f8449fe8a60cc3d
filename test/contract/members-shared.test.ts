// members/all with shares (doc/api/members.md, MembersFinder and GroupMembersFinder): the members
// of the groups a project or group (or one of its ancestors) is shared with are listed at most at
// the share's level, a user's highest level wins, expired shares give nothing, and a private
// invited group's members are listed only to its members, the shared source's members and
// administrators. Pages, totals and /all/:user_id include them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createUser, type TestUser } from '../factories/users.js';
import { createGroup, type GroupJson } from '../factories/groups.js';
import { addMember, createProject, type MemberJson, type ProjectJson } from '../factories/projects.js';
import type { ApiClient } from '../../src/client/client.js';

const byUser = (rows: MemberJson[]) => Object.fromEntries(rows.map((m) => [m.id, m.access_level]));

describe.each(TRANSPORTS)('members/all with shares (%s)', (kind) => {
  let inst: Instance;
  let rootId: number;

  beforeAll(async () => {
    inst = await startInstance(kind);
    rootId = (await inst.admin.get<{ id: number }>('/user')).data.id;
  });
  afterAll(() => inst.close());

  /** Every member of a list, walked page by page; each page's X-Total must equal what the walk finds. */
  async function walk(client: ApiClient, path: string, perPage = 2): Promise<{ rows: MemberJson[]; totals: string[] }> {
    const rows: MemberJson[] = [];
    const totals: string[] = [];
    for (let page = 1; page <= 20; page++) {
      const res = await client.get<MemberJson[]>(path, { per_page: perPage, page });
      totals.push(String(res.headers['x-total']));
      rows.push(...res.data);
      if (res.data.length < perPage) break;
    }
    return { rows, totals };
  }

  describe('a project shared with a group', () => {
    let project: ProjectJson;
    let team: GroupJson;
    let teamParent: GroupJson;
    let direct: TestUser;
    let teamOwner: TestUser;
    let teamReporter: TestUser;
    let both: TestUser;
    let parentMember: TestUser;
    let lapsedMember: TestUser;
    let outsider: TestUser;
    let expected: Record<number, number>;

    beforeAll(async () => {
      const home = await createGroup(inst, inst.admin, { visibility: 'public' });
      project = await createProject(inst, inst.admin, { namespace_id: home.id, visibility: 'public' });
      // A private team in a private parent; root, who creates both, is their Owner.
      teamParent = await createGroup(inst, inst.admin);
      team = await createGroup(inst, inst.admin, { parent_id: teamParent.id, path: 'team' });
      const lapsed = await createGroup(inst, inst.admin);
      [direct, teamOwner, teamReporter, both, parentMember, lapsedMember, outsider] = await Promise.all(Array.from({ length: 7 }, () => createUser(inst)));
      await addMember(inst, 'projects', project.id, direct.user.id, 10);
      await addMember(inst, 'groups', team.id, teamOwner.user.id, 50);
      await addMember(inst, 'groups', team.id, teamReporter.user.id, 20);
      // A Guest of the project who is a Maintainer of the team: the share's Developer wins.
      await addMember(inst, 'projects', project.id, both.user.id, 10);
      await addMember(inst, 'groups', team.id, both.user.id, 40);
      await addMember(inst, 'groups', teamParent.id, parentMember.user.id, 40);
      await addMember(inst, 'groups', lapsed.id, lapsedMember.user.id, 40);
      expect((await inst.admin.post(`/projects/${project.id}/share`, { group_id: team.id, group_access: 30 })).status).toBe(201);
      // Expired before the instance's today: it gives nothing.
      expect((await inst.admin.post(`/projects/${project.id}/share`, { group_id: lapsed.id, group_access: 40, expires_at: '2026-01-01' })).status).toBe(201);
      expected = {
        [rootId]: 50,
        [direct.user.id]: 10,
        [teamOwner.user.id]: 30,
        [teamReporter.user.id]: 20,
        [both.user.id]: 30,
        [parentMember.user.id]: 30,
      };
    });

    it("lists the team's members (and its parent's) at most at the share's level, the highest level winning", async () => {
      const res = await direct.client.get<MemberJson[]>(`/projects/${project.id}/members/all`, { per_page: 100 });
      expect(byUser(res.data)).toEqual(expected);
      expect(res.headers['x-total']).toBe(String(Object.keys(expected).length));
    });

    it('pages them by user with totals that count them', async () => {
      const { rows, totals } = await walk(direct.client, `/projects/${project.id}/members/all`);
      expect(rows.map((m) => m.id)).toEqual(Object.keys(expected).map(Number).sort((a, b) => a - b));
      expect(new Set(totals)).toEqual(new Set([String(Object.keys(expected).length)]));
      // A page of one user each: every user at their best level, as in pages of several.
      expect(byUser((await walk(direct.client, `/projects/${project.id}/members/all`, 1)).rows)).toEqual(expected);
      expect(byUser(rows)).toEqual(expected);
      const filtered = await direct.client.get<MemberJson[]>(`/projects/${project.id}/members/all`, { query: teamReporter.user.username });
      expect(byUser(filtered.data)).toEqual({ [teamReporter.user.id]: 20 });
      expect(filtered.headers['x-total']).toBe('1');
      const some = await direct.client.get<MemberJson[]>(`/projects/${project.id}/members/all`, { user_ids: [both.user.id, lapsedMember.user.id] });
      expect(byUser(some.data)).toEqual({ [both.user.id]: 30 });
      expect(some.headers['x-total']).toBe('1');
    });

    it('finds one such member with /all/:user_id, never through an expired share or among the direct members', async () => {
      const one = await direct.client.get<MemberJson>(`/projects/${project.id}/members/all/${teamOwner.user.id}`);
      expect(one.data).toMatchObject({ id: teamOwner.user.id, username: teamOwner.user.username, access_level: 30 });
      await expectApiError(direct.client.get(`/projects/${project.id}/members/all/${lapsedMember.user.id}`), 404, { message: '404 Not found' });
      await expectApiError(direct.client.get(`/projects/${project.id}/members/${teamOwner.user.id}`), 404, { message: '404 Not found' });
      const directOnly = await direct.client.get<MemberJson[]>(`/projects/${project.id}/members`, { per_page: 100 });
      expect(directOnly.data.map((m) => m.id)).not.toContain(teamOwner.user.id);
    });

    it("hides a private team's members from whoever is a member of neither the team nor the project", async () => {
      const hidden = await outsider.client.get<MemberJson[]>(`/projects/${project.id}/members/all`, { per_page: 100 });
      expect(byUser(hidden.data)).toEqual({ [rootId]: 50, [direct.user.id]: 10, [both.user.id]: 10 });
      expect(hidden.headers['x-total']).toBe('3');
      await expectApiError(outsider.client.get(`/projects/${project.id}/members/all/${teamOwner.user.id}`), 404);
      // A member of the team sees them (and, a member of the project through the share, its
      // parent's too); so does an administrator.
      const viewer = await createUser(inst);
      await addMember(inst, 'groups', team.id, viewer.user.id, 10);
      const shown = await viewer.client.get<MemberJson[]>(`/projects/${project.id}/members/all`, { per_page: 100 });
      expect(byUser(shown.data)).toEqual({ ...expected, [viewer.user.id]: 10 });
      expect(byUser((await inst.admin.get<MemberJson[]>(`/projects/${project.id}/members/all`, { per_page: 100 })).data)).toEqual({ ...expected, [viewer.user.id]: 10 });
      await inst.admin.delete(`/groups/${team.id}/members/${viewer.user.id}`);
    });

    it('lists a public team to anyone', async () => {
      const open = await createGroup(inst, inst.admin, { visibility: 'public' });
      const member = await createUser(inst);
      await addMember(inst, 'groups', open.id, member.user.id, 30);
      await inst.admin.post(`/projects/${project.id}/share`, { group_id: open.id, group_access: 20 });
      try {
        const res = await outsider.client.get<MemberJson[]>(`/projects/${project.id}/members/all/${member.user.id}`);
        expect(res.data).toMatchObject({ id: member.user.id, access_level: 20 });
      } finally {
        await inst.admin.delete(`/projects/${project.id}/share/${open.id}`);
      }
    });
  });

  describe('a group shared with a group', () => {
    let sub: GroupJson;
    let team: GroupJson;
    let sharedMember: TestUser;
    let groupMember: TestUser;
    let teamViewer: TestUser;
    let lapsed: GroupJson;
    let lapsedMember: TestUser;
    let outsider: TestUser;
    let expected: Record<number, number>;

    beforeAll(async () => {
      const top = await createGroup(inst, inst.admin, { visibility: 'public' });
      sub = await createGroup(inst, inst.admin, { parent_id: top.id, path: 'sub', visibility: 'public' });
      team = await createGroup(inst, inst.admin);
      lapsed = await createGroup(inst, inst.admin);
      [sharedMember, groupMember, teamViewer, lapsedMember, outsider] = await Promise.all(Array.from({ length: 5 }, () => createUser(inst)));
      await addMember(inst, 'groups', sub.id, groupMember.user.id, 30);
      await addMember(inst, 'groups', team.id, sharedMember.user.id, 40);
      await addMember(inst, 'groups', team.id, teamViewer.user.id, 10);
      await addMember(inst, 'groups', lapsed.id, lapsedMember.user.id, 40);
      // Shared into the parent: the subgroup's list has them too.
      expect((await inst.admin.post(`/groups/${top.id}/share`, { group_id: team.id, group_access: 20 })).status).toBe(201);
      expected = { [rootId]: 50, [groupMember.user.id]: 30, [sharedMember.user.id]: 20, [teamViewer.user.id]: 10 };
    });

    it("lists the team's members at most at the share's level to members of the group, of the team and administrators", async () => {
      for (const client of [groupMember.client, teamViewer.client, inst.admin]) {
        const { rows, totals } = await walk(client, `/groups/${sub.id}/members/all`);
        expect(byUser(rows)).toEqual(expected);
        expect(rows.map((m) => m.id)).toEqual(Object.keys(expected).map(Number).sort((a, b) => a - b));
        expect(new Set(totals)).toEqual(new Set([String(Object.keys(expected).length)]));
      }
      const one = await groupMember.client.get<MemberJson>(`/groups/${sub.id}/members/all/${sharedMember.user.id}`);
      expect(one.data).toMatchObject({ id: sharedMember.user.id, access_level: 20 });
    });

    it('drops the members of a share once it expires', async () => {
      expect((await inst.admin.post(`/groups/${sub.id}/share`, { group_id: lapsed.id, group_access: 40, expires_at: '2026-01-16' })).status).toBe(201);
      const today = inst.clock.now();
      try {
        const before = await groupMember.client.get<MemberJson[]>(`/groups/${sub.id}/members/all`, { per_page: 100 });
        expect(byUser(before.data)).toEqual({ ...expected, [lapsedMember.user.id]: 40 });
        inst.clock.advanceDays(2);
        const after = await groupMember.client.get<MemberJson[]>(`/groups/${sub.id}/members/all`, { per_page: 100 });
        expect(byUser(after.data)).toEqual(expected);
        expect(after.headers['x-total']).toBe(String(Object.keys(expected).length));
        await expectApiError(groupMember.client.get(`/groups/${sub.id}/members/all/${lapsedMember.user.id}`), 404);
      } finally {
        inst.clock.set(today);
        await inst.admin.delete(`/groups/${sub.id}/share/${lapsed.id}`);
      }
    });

    it('hides the private team from whoever is a member of neither', async () => {
      const res = await outsider.client.get<MemberJson[]>(`/groups/${sub.id}/members/all`, { per_page: 100 });
      expect(byUser(res.data)).toEqual({ [rootId]: 50, [groupMember.user.id]: 30 });
      expect(res.headers['x-total']).toBe('2');
      await expectApiError(outsider.client.get(`/groups/${sub.id}/members/all/${sharedMember.user.id}`), 404);
    });
  });
});
