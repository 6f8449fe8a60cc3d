import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, FAKE_NOW, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createUser, type TestUser } from '../factories/users.js';
import { createGroup } from '../factories/groups.js';
import { addMember, createProject, createProjectWithRoles, type MemberJson, type RoleFixture } from '../factories/projects.js';

const enc = encodeURIComponent;
const byUser = (rows: MemberJson[]) => Object.fromEntries(rows.map((m) => [m.id, m.access_level]));

describe.each(TRANSPORTS)('members (%s)', (kind) => {
  let inst: Instance;
  let fx: RoleFixture;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    inst = await startInstance(kind);
    fx = await createProjectWithRoles(inst);
    alice = await createUser(inst);
    bob = await createUser(inst);
  });
  afterAll(() => inst.close());

  describe('project members', () => {
    it('adds a member by user_id with the Member shape', async () => {
      const u = await createUser(inst);
      const res = await fx.maintainer.client.post<MemberJson>(`/projects/${fx.project.id}/members`, { user_id: u.user.id, access_level: 30, expires_at: '2026-06-30' });
      expect(res.status).toBe(201);
      expect(res.data).toEqual({
        id: u.user.id,
        username: u.user.username,
        name: u.user.name,
        state: 'active',
        locked: false,
        avatar_url: null,
        web_url: `${inst.webBase}/${u.user.username}`,
        access_level: 30,
        created_at: FAKE_NOW,
        created_by: expect.objectContaining({ id: fx.maintainer.user.id, username: fx.maintainer.user.username }),
        expires_at: '2026-06-30',
        group_saml_identity: null,
        membership_state: 'active',
      });
      // The new member can now read the private project.
      expect((await u.client.get(`/projects/${fx.project.id}`)).status).toBe(200);
    });

    it('lists each member with the user who added it', async () => {
      const [u1, u2, u3] = await Promise.all([createUser(inst), createUser(inst), createUser(inst)]);
      await fx.maintainer.client.post(`/projects/${fx.project.id}/members`, { user_id: u1.user.id, access_level: 20 });
      await inst.admin.post(`/projects/${fx.project.id}/members`, { user_id: u2.user.id, access_level: 20 });
      await fx.maintainer.client.post(`/projects/${fx.project.id}/members`, { user_id: u3.user.id, access_level: 20 });
      const list = await fx.maintainer.client.get<MemberJson[]>(`/projects/${fx.project.id}/members`, { user_ids: [u1.user.id, u2.user.id, u3.user.id] });
      const root = (await inst.admin.get<{ id: number }>('/user')).data.id;
      const creators = Object.fromEntries(list.data.map((m) => [m.id, (m.created_by as { id: number } | undefined)?.id]));
      expect(creators).toEqual({ [u1.user.id]: fx.maintainer.user.id, [u2.user.id]: root, [u3.user.id]: fx.maintainer.user.id });
    });

    it('adds by username, and several users at once', async () => {
      const [u1, u2, u3] = await Promise.all([createUser(inst), createUser(inst), createUser(inst)]);
      const res = await fx.maintainer.client.post<MemberJson>(`/projects/${enc(fx.project.path_with_namespace)}/members`, { username: u1.user.username, access_level: 20 });
      expect(res.data).toMatchObject({ id: u1.user.id, access_level: 20 });
      const bulk = await fx.maintainer.client.post(`/projects/${fx.project.id}/members`, { user_id: `${u2.user.id},${u3.user.id}`, access_level: 10 });
      expect(bulk.status).toBe(201);
      expect(bulk.data).toEqual({ status: 'success' });
      const list = await fx.maintainer.client.get<MemberJson[]>(`/projects/${fx.project.id}/members`, { user_ids: [u2.user.id, u3.user.id] });
      expect(byUser(list.data)).toEqual({ [u2.user.id]: 10, [u3.user.id]: 10 });
      const partial = await fx.maintainer.client.post(`/projects/${fx.project.id}/members`, { user_id: `${u2.user.id},999999`, access_level: 20 });
      expect(partial.data).toEqual({ status: 'error', message: { '999999': 'User not found' } });
    });

    it('answers 409, 404 and 400 as the platform does', async () => {
      await expectApiError(fx.maintainer.client.post(`/projects/${fx.project.id}/members`, { user_id: fx.developer.user.id, access_level: 30 }), 409, {
        message: 'Member already exists',
      });
      await expectApiError(fx.maintainer.client.post(`/projects/${fx.project.id}/members`, { user_id: 999999, access_level: 30 }), 404, {
        message: '404 User Not Found',
      });
      await expectApiError(fx.maintainer.client.post(`/projects/${fx.project.id}/members`, { username: 'nobody-here', access_level: 30 }), 404, {
        message: '404 User Not Found',
      });
      const u = await createUser(inst);
      await expectApiError(fx.maintainer.client.post(`/projects/${fx.project.id}/members`, { user_id: u.user.id, access_level: 35 }), 400, {
        message: { access_level: ['is not included in the list'] },
      });
      await expectApiError(fx.maintainer.client.post(`/projects/${fx.project.id}/members`, { user_id: u.user.id }), 400, { error: 'access_level is missing' });
      await expectApiError(fx.maintainer.client.post(`/projects/${fx.project.id}/members`, { access_level: 30 }), 400, {
        error: 'user_id, username are missing, at least one parameter must be provided',
      });
      await expectApiError(fx.maintainer.client.post(`/projects/${fx.project.id}/members`, { user_id: u.user.id, username: u.user.username, access_level: 30 }), 400, {
        error: 'user_id, username are mutually exclusive',
      });
      await expectApiError(fx.maintainer.client.post(`/projects/${fx.project.id}/members`, { user_id: u.user.id, access_level: 30, expires_at: '2020-01-01' }), 400, {
        message: { expires_at: ['cannot be a date in the past'] },
      });
      await expectApiError(fx.maintainer.client.post(`/projects/${fx.project.id}/members`, { user_id: u.user.id, access_level: 30, expires_at: 'soon' }), 400, {
        error: 'expires_at is invalid',
      });
    });

    it('refuses a level below an inherited membership', async () => {
      await expectApiError(fx.maintainer.client.post(`/projects/${fx.project.id}/members`, { user_id: fx.owner.user.id, access_level: 30 }), 400, {
        message: { access_level: [`should be greater than or equal to Owner inherited membership from group ${fx.group.name}`] },
      });
    });

    it('needs Maintainer to manage members: 403 below, 404 for non-members, 401 anonymous', async () => {
      const u = await createUser(inst);
      const body = { user_id: u.user.id, access_level: 10 };
      await expectApiError(fx.developer.client.post(`/projects/${fx.project.id}/members`, body), 403, { message: '403 Forbidden' });
      await expectApiError(fx.guest.client.post(`/projects/${fx.project.id}/members`, body), 403, { message: '403 Forbidden' });
      await expectApiError(fx.nonMember.client.post(`/projects/${fx.project.id}/members`, body), 404, { message: '404 Project Not Found' });
      await expectApiError(inst.client().post(`/projects/${fx.project.id}/members`, body), 401, { message: '401 Unauthorized' });
      await expectApiError(inst.client().get(`/projects/${fx.project.id}/members`), 401);
      await expectApiError(fx.nonMember.client.get(`/projects/${fx.project.id}/members`), 404, { message: '404 Project Not Found' });
    });

    it('reserves the Owner level to Owners and administrators', async () => {
      const u = await createUser(inst);
      await expectApiError(fx.maintainer.client.post(`/projects/${fx.project.id}/members`, { user_id: u.user.id, access_level: 50 }), 403, { message: '403 Forbidden' });
      const byOwner = await fx.owner.client.post<MemberJson>(`/projects/${fx.project.id}/members`, { user_id: u.user.id, access_level: 50 });
      expect(byOwner.data.access_level).toBe(50);
      await expectApiError(fx.maintainer.client.put(`/projects/${fx.project.id}/members/${u.user.id}`, { access_level: 30 }), 403);
      await expectApiError(fx.maintainer.client.delete(`/projects/${fx.project.id}/members/${u.user.id}`), 403);
      await expectApiError(fx.maintainer.client.put(`/projects/${fx.project.id}/members/${fx.developer.user.id}`, { access_level: 50 }), 403);
      expect((await inst.admin.put<MemberJson>(`/projects/${fx.project.id}/members/${u.user.id}`, { access_level: 40 })).data.access_level).toBe(40);
    });

    it('lists direct members with filters and pagination', async () => {
      const res = await fx.guest.client.get<MemberJson[]>(`/projects/${fx.project.id}/members`);
      const levels = byUser(res.data);
      expect(levels[fx.maintainer.user.id]).toBe(40);
      expect(levels[fx.developer.user.id]).toBe(30);
      expect(levels[fx.reporter.user.id]).toBe(20);
      expect(levels[fx.guest.user.id]).toBe(10);
      expect(levels[fx.owner.user.id]).toBeUndefined();
      const q = await fx.guest.client.get<MemberJson[]>(`/projects/${fx.project.id}/members`, { query: fx.developer.user.username.toUpperCase() });
      expect(q.data.map((m) => m.id)).toEqual([fx.developer.user.id]);
      const skip = await fx.guest.client.get<MemberJson[]>(`/projects/${fx.project.id}/members`, { skip_users: [fx.developer.user.id], per_page: 100 });
      expect(skip.data.map((m) => m.id)).not.toContain(fx.developer.user.id);
      const page = await fx.guest.client.get<MemberJson[]>(`/projects/${fx.project.id}/members`, { per_page: 2, page: 2 });
      expect(page.data).toHaveLength(2);
      expect(page.headers['x-page']).toBe('2');
      expect(Number(page.headers['x-total'])).toBe(res.data.length);
    });

    it('lists inherited members with /all, highest level first', async () => {
      const res = await fx.guest.client.get<MemberJson[]>(`/projects/${fx.project.id}/members/all`, { per_page: 100 });
      const levels = byUser(res.data);
      expect(levels[fx.owner.user.id]).toBe(50);
      expect(levels[fx.developer.user.id]).toBe(30);
      // root created the group and owns it.
      expect(res.data.some((m) => m.username === 'root')).toBe(true);
      const one = await fx.guest.client.get<MemberJson>(`/projects/${fx.project.id}/members/all/${fx.owner.user.id}`);
      expect(one.data).toMatchObject({ id: fx.owner.user.id, access_level: 50 });
      await expectApiError(fx.guest.client.get(`/projects/${fx.project.id}/members/${fx.owner.user.id}`), 404, { message: '404 Not found' });
      const awaiting = await fx.guest.client.get<MemberJson[]>(`/projects/${fx.project.id}/members/all`, { state: 'awaiting' });
      expect(awaiting.data).toEqual([]);
    });

    it('gets one direct member; unknown ones are 404', async () => {
      const res = await fx.reporter.client.get<MemberJson>(`/projects/${fx.project.id}/members/${fx.developer.user.id}`);
      expect(res.data).toMatchObject({ id: fx.developer.user.id, access_level: 30 });
      await expectApiError(fx.reporter.client.get(`/projects/${fx.project.id}/members/999999`), 404, { message: '404 Not found' });
      await expectApiError(fx.reporter.client.get(`/projects/${fx.project.id}/members/abc`), 400, { error: 'user_id is invalid' });
    });

    it('updates level and expiry', async () => {
      const u = await createUser(inst);
      await addMember(inst, 'projects', fx.project.id, u.user.id, 20);
      const res = await fx.maintainer.client.put<MemberJson>(`/projects/${fx.project.id}/members/${u.user.id}`, { access_level: 30, expires_at: '2027-01-01' });
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ id: u.user.id, access_level: 30, expires_at: '2027-01-01' });
      await expectApiError(fx.maintainer.client.put(`/projects/${fx.project.id}/members/${u.user.id}`, { access_level: 7 }), 400, {
        message: { access_level: ['is not included in the list'] },
      });
      await expectApiError(fx.maintainer.client.put(`/projects/${fx.project.id}/members/${u.user.id}`, {}), 400, { error: 'access_level is missing' });
      await expectApiError(fx.maintainer.client.put(`/projects/${fx.project.id}/members/${bob.user.id}`, { access_level: 30 }), 404, { message: '404 Not found' });
      await expectApiError(fx.developer.client.put(`/projects/${fx.project.id}/members/${u.user.id}`, { access_level: 20 }), 403);
    });

    it('removes members (204); members may leave on their own', async () => {
      const [u1, u2] = await Promise.all([createUser(inst), createUser(inst)]);
      await addMember(inst, 'projects', fx.project.id, u1.user.id, 30);
      await addMember(inst, 'projects', fx.project.id, u2.user.id, 30);
      await expectApiError(fx.developer.client.delete(`/projects/${fx.project.id}/members/${u1.user.id}`), 403, { message: '403 Forbidden' });
      const res = await fx.maintainer.client.delete(`/projects/${fx.project.id}/members/${u1.user.id}`);
      expect(res.status).toBe(204);
      expect(res.data).toBeNull();
      await expectApiError(u1.client.get(`/projects/${fx.project.id}`), 404);
      expect((await u2.client.delete(`/projects/${fx.project.id}/members/${u2.user.id}`)).status).toBe(204);
      await expectApiError(fx.maintainer.client.delete(`/projects/${fx.project.id}/members/${u2.user.id}`), 404, { message: '404 Not found' });
    });

    it('keeps the holder of a personal namespace as Owner of its projects', async () => {
      const p = await createProject(inst, alice.client);
      const members = await alice.client.get<MemberJson[]>(`/projects/${p.id}/members`);
      expect(members.data).toEqual([expect.objectContaining({ id: alice.user.id, access_level: 50 })]);
      await expectApiError(alice.client.delete(`/projects/${p.id}/members/${alice.user.id}`), 403);
      await expectApiError(alice.client.put(`/projects/${p.id}/members/${alice.user.id}`, { access_level: 40 }), 403);
      await expectApiError(inst.admin.delete(`/projects/${p.id}/members/${alice.user.id}`), 403);
    });

    it('ignores expired memberships', async () => {
      const u = await createUser(inst);
      await addMember(inst, 'projects', fx.project.id, u.user.id, 30, inst.admin, { expires_at: '2026-01-20' });
      expect((await u.client.get(`/projects/${fx.project.id}`)).status).toBe(200);
      inst.clock.set('2026-01-21T00:00:00Z');
      try {
        await expectApiError(u.client.get(`/projects/${fx.project.id}`), 404);
        const list = await fx.maintainer.client.get<MemberJson[]>(`/projects/${fx.project.id}/members`, { per_page: 100 });
        expect(list.data.map((m) => m.id)).not.toContain(u.user.id);
      } finally {
        inst.clock.set(FAKE_NOW);
      }
    });
  });

  describe('group members', () => {
    it('adds, lists, updates and removes; Owners only may manage', async () => {
      const g = await createGroup(inst, alice.client);
      const res = await alice.client.post<MemberJson>(`/groups/${g.id}/members`, { user_id: bob.user.id, access_level: 40 });
      expect(res.status).toBe(201);
      expect(res.data).toMatchObject({ id: bob.user.id, access_level: 40, membership_state: 'active' });
      const u = await createUser(inst);
      await expectApiError(bob.client.post(`/groups/${g.id}/members`, { user_id: u.user.id, access_level: 10 }), 403, { message: '403 Forbidden' });
      await expectApiError(u.client.post(`/groups/${g.id}/members`, { user_id: u.user.id, access_level: 10 }), 404, { message: '404 Group Not Found' });
      const list = await bob.client.get<MemberJson[]>(`/groups/${enc(g.full_path)}/members`);
      expect(byUser(list.data)).toEqual({ [alice.user.id]: 50, [bob.user.id]: 40 });
      const up = await alice.client.put<MemberJson>(`/groups/${g.id}/members/${bob.user.id}`, { access_level: 20 });
      expect(up.data.access_level).toBe(20);
      expect((await alice.client.delete(`/groups/${g.id}/members/${bob.user.id}`)).status).toBe(204);
      await expectApiError(bob.client.get(`/groups/${g.id}`), 404);
    });

    it('lets anyone who sees a public group read its members', async () => {
      const g = await createGroup(inst, alice.client, { visibility: 'public' });
      const list = await bob.client.get<MemberJson[]>(`/groups/${g.id}/members`);
      expect(list.data.map((m) => m.id)).toEqual([alice.user.id]);
    });

    it('keeps the last Owner of a group', async () => {
      const g = await createGroup(inst, alice.client);
      await expectApiError(alice.client.delete(`/groups/${g.id}/members/${alice.user.id}`), 403, { message: '403 Forbidden' });
      await expectApiError(alice.client.put(`/groups/${g.id}/members/${alice.user.id}`, { access_level: 40 }), 403, { message: '403 Forbidden' });
      await expectApiError(inst.admin.delete(`/groups/${g.id}/members/${alice.user.id}`), 403);
      await addMember(inst, 'groups', g.id, bob.user.id, 50);
      expect((await alice.client.put<MemberJson>(`/groups/${g.id}/members/${alice.user.id}`, { access_level: 40 })).data.access_level).toBe(40);
      await expectApiError(bob.client.delete(`/groups/${g.id}/members/${bob.user.id}`), 403);
      expect((await bob.client.delete(`/groups/${g.id}/members/${alice.user.id}`)).status).toBe(204);
    });

    it('counts Owners of ancestor groups for a subgroup, and lists inherited members', async () => {
      const g = await createGroup(inst, alice.client);
      // root creates the subgroup and is its only direct Owner; alice owns the parent.
      const sub = await createGroup(inst, inst.admin, { parent_id: g.id, path: 'sub' });
      const root = (await inst.admin.get<{ id: number }>('/user')).data.id;
      expect((await alice.client.delete(`/groups/${sub.id}/members/${root}`)).status).toBe(204);
      expect((await alice.client.get<MemberJson[]>(`/groups/${sub.id}/members`)).data).toEqual([]);
      const all = await alice.client.get<MemberJson[]>(`/groups/${sub.id}/members/all`);
      expect(byUser(all.data)).toEqual({ [alice.user.id]: 50 });
      await expectApiError(alice.client.post(`/groups/${sub.id}/members`, { user_id: alice.user.id, access_level: 30 }), 400, {
        message: { access_level: [`should be greater than or equal to Owner inherited membership from group ${g.name}`] },
      });
    });

    it('pages members/all of a project by user, each at its best level, and follows membership changes', async () => {
      const g = await createGroup(inst, alice.client);
      const sub = await createGroup(inst, alice.client, { parent_id: g.id, path: 'sub' });
      const p = await createProject(inst, alice.client, { namespace_id: sub.id });
      const users = await Promise.all(Array.from({ length: 12 }, () => createUser(inst)));
      const expected: Record<number, number> = { [alice.user.id]: 50 };
      for (const [i, u] of users.entries()) {
        // Every third user in the parent, the next in the subgroup, the next in the project; the
        // first also holds a higher level in the project.
        const [source, id, level] = i % 3 === 0 ? (['groups', g.id, 20] as const) : i % 3 === 1 ? (['groups', sub.id, 30] as const) : (['projects', p.id, 40] as const);
        await addMember(inst, source, id, u.user.id, level);
        expected[u.user.id] = level;
      }
      await addMember(inst, 'projects', p.id, (users[0] as TestUser).user.id, 40);
      expected[(users[0] as TestUser).user.id] = 40;
      const walk = async () => {
        const seen: MemberJson[] = [];
        for (let page = 1; page <= 4; page++) {
          const res = await alice.client.get<MemberJson[]>(`/projects/${p.id}/members/all`, { per_page: 5, page });
          expect(res.headers['x-total']).toBe(String(Object.keys(expected).length));
          seen.push(...res.data);
        }
        return seen;
      };
      let seen = await walk();
      expect(seen.map((m) => m.id)).toEqual(Object.keys(expected).map(Number).sort((a, b) => a - b));
      expect(byUser(seen)).toEqual(expected);

      // A removal, a level raised above the inherited one, and a new member show on the next walk.
      const [gone, raised] = [users[3] as TestUser, users[4] as TestUser];
      expect((await alice.client.delete(`/groups/${g.id}/members/${gone.user.id}`)).status).toBe(204);
      delete expected[gone.user.id];
      await addMember(inst, 'projects', p.id, raised.user.id, 40);
      expected[raised.user.id] = 40;
      await addMember(inst, 'groups', g.id, bob.user.id, 30);
      expected[bob.user.id] = 30;
      seen = await walk();
      expect(seen.map((m) => m.id)).toEqual(Object.keys(expected).map(Number).sort((a, b) => a - b));
      expect(byUser(seen)).toEqual(expected);
      const one = await alice.client.get<MemberJson>(`/projects/${p.id}/members/all/${(users[1] as TestUser).user.id}`);
      expect(one.data.access_level).toBe(30);
    });

    it('gives group members access to the projects below', async () => {
      const g = await createGroup(inst, alice.client);
      const sub = await createGroup(inst, alice.client, { parent_id: g.id, path: 'sub' });
      const p = await createProject(inst, alice.client, { namespace_id: sub.id });
      const u = await createUser(inst);
      await expectApiError(u.client.get(`/projects/${p.id}`), 404);
      await addMember(inst, 'groups', g.id, u.user.id, 10);
      expect((await u.client.get(`/projects/${p.id}`)).status).toBe(200);
      await expectApiError(u.client.put(`/projects/${p.id}`, { description: 'x' }), 403);
    });
  });

  describe('permission matrix: every role on every members endpoint', () => {
    const status = (p: Promise<{ status: number }>) =>
      p.then(
        (r) => r.status,
        (e: { status: number }) => e.status,
      );
    const roles = () => ({
      admin: inst.admin,
      owner: fx.owner.client,
      maintainer: fx.maintainer.client,
      developer: fx.developer.client,
      reporter: fx.reporter.client,
      guest: fx.guest.client,
      nonMember: fx.nonMember.client,
      anonymous: inst.client(),
    });

    /** Each role's statuses for list, list all, get, add, change and remove on `base`. */
    const memberMatrix = async (base: string): Promise<Record<string, number[]>> => {
      const got: Record<string, number[]> = {};
      for (const [role, client] of Object.entries(roles())) {
        const target = await createUser(inst);
        const row = [
          await status(client.get(base)),
          await status(client.get(`${base}/all`)),
          await status(client.get(`${base}/${fx.guest.user.id}`)),
          await status(client.post(base, { user_id: target.user.id, access_level: 20 })),
        ];
        // Change and remove a member added by root, so each role meets the same state.
        await inst.admin.post(base, { user_id: target.user.id, access_level: 20 }).catch(() => undefined);
        row.push(await status(client.put(`${base}/${target.user.id}`, { access_level: 30 })), await status(client.delete(`${base}/${target.user.id}`)));
        got[role] = row;
      }
      return got;
    };

    it('on a private project: reads for members, changes for Maintainers and up, sign-in required', async () => {
      const got = await memberMatrix(`/projects/${fx.project.id}/members`);
      expect(got).toEqual({
        admin: [200, 200, 200, 201, 200, 204],
        owner: [200, 200, 200, 201, 200, 204],
        maintainer: [200, 200, 200, 201, 200, 204],
        developer: [200, 200, 200, 403, 403, 403],
        reporter: [200, 200, 200, 403, 403, 403],
        guest: [200, 200, 200, 403, 403, 403],
        nonMember: [404, 404, 404, 404, 404, 404],
        anonymous: [401, 401, 401, 401, 401, 401],
      });
    });

    it('on a private group: reads for members, changes for Owners', async () => {
      const group = await createGroup(inst);
      await addMember(inst, 'groups', group.id, fx.owner.user.id, 50);
      await addMember(inst, 'groups', group.id, fx.maintainer.user.id, 40);
      await addMember(inst, 'groups', group.id, fx.developer.user.id, 30);
      await addMember(inst, 'groups', group.id, fx.reporter.user.id, 20);
      await addMember(inst, 'groups', group.id, fx.guest.user.id, 10);
      const got = await memberMatrix(`/groups/${group.id}/members`);
      expect(got).toEqual({
        admin: [200, 200, 200, 201, 200, 204],
        owner: [200, 200, 200, 201, 200, 204],
        maintainer: [200, 200, 200, 403, 403, 403],
        developer: [200, 200, 200, 403, 403, 403],
        reporter: [200, 200, 200, 403, 403, 403],
        guest: [200, 200, 200, 403, 403, 403],
        nonMember: [404, 404, 404, 404, 404, 404],
        anonymous: [401, 401, 401, 401, 401, 401],
      });
    });

    it('answers 400 for every malformed param', async () => {
      const base = `/projects/${fx.project.id}/members`;
      const u = await createUser(inst);
      // Thunks: each request is sent only when its answer is awaited (a rejection left waiting
      // would surface as an unhandled error).
      const bad: [() => Promise<unknown>, unknown][] = [
        [() => inst.admin.post(base, { access_level: 30 }), { error: 'user_id, username are missing, at least one parameter must be provided' }],
        [() => inst.admin.post(base, { user_id: u.user.id }), { error: 'access_level is missing' }],
        [() => inst.admin.post(base, { user_id: u.user.id, access_level: 'dev' }), { error: 'access_level is invalid' }],
        [() => inst.admin.post(base, { user_id: u.user.id, access_level: 30, expires_at: '2026-02-30' }), { error: 'expires_at is invalid' }],
        [() => inst.admin.post(base, { user_id: u.user.id, username: u.user.username, access_level: 30 }), { error: 'user_id, username are mutually exclusive' }],
        [() => inst.admin.put(`${base}/${fx.guest.user.id}`, {}), { error: 'access_level is missing' }],
        [() => inst.admin.put(`${base}/abc`, { access_level: 30 }), { error: 'user_id is invalid' }],
        [() => inst.admin.get(`${base}/abc`), { error: 'user_id is invalid' }],
        [() => inst.admin.delete(`${base}/abc`), { error: 'user_id is invalid' }],
        [() => inst.admin.get(base, { user_ids: ['x'] }), { error: 'user_ids is invalid' }],
        [() => inst.admin.get(`${base}/all`, { state: 'gone' }), { error: 'state does not have a valid value' }],
      ];
      for (const [send, body] of bad) await expectApiError(send(), 400, body);
    });
  });
});
