import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createUser, unique, type TestUser } from '../factories/users.js';
import { createGroup, type GroupJson } from '../factories/groups.js';
import { addMember, createProject, type ProjectJson } from '../factories/projects.js';

const enc = encodeURIComponent;

describe.each(TRANSPORTS)('groups (%s)', (kind) => {
  let inst: Instance;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    inst = await startInstance(kind);
    alice = await createUser(inst);
    bob = await createUser(inst);
  });
  afterAll(() => inst.close());

  describe('create', () => {
    it('creates a top-level group with the GroupDetail shape; the creator becomes Owner', async () => {
      const path = unique('acme');
      const res = await alice.client.post<GroupJson>('/groups', { name: 'Acme Corp', path, description: 'the acme group', visibility: 'internal' });
      expect(res.status).toBe(201);
      expect(res.data).toMatchObject({
        name: 'Acme Corp',
        path,
        full_path: path,
        full_name: 'Acme Corp',
        parent_id: null,
        description: 'the acme group',
        visibility: 'internal',
        web_url: `${inst.webBase}/groups/${path}`,
        avatar_url: null,
        shared_with_groups: [],
        created_at: '2026-01-15T10:00:00.000Z',
      });
      expect(typeof res.data.id).toBe('number');
      expect(res.data.projects).toBeUndefined();
      const members = await alice.client.get<{ id: number; access_level: number }[]>(`/groups/${res.data.id}/members`);
      expect(members.data).toEqual([expect.objectContaining({ id: alice.user.id, access_level: 50 })]);
    });

    it('defaults to private and makes admins Owners too', async () => {
      const g = await createGroup(inst);
      expect(g.visibility).toBe('private');
      const members = await inst.admin.get<{ username: string; access_level: number }[]>(`/groups/${g.id}/members`);
      expect(members.data).toEqual([expect.objectContaining({ username: 'root', access_level: 50 })]);
    });

    it('requires name and path, and checks visibility values', async () => {
      await expectApiError(alice.client.post('/groups', {}), 400, { error: 'name is missing, path is missing' });
      await expectApiError(alice.client.post('/groups', { name: 'x' }), 400, { error: 'path is missing' });
      await expectApiError(alice.client.post('/groups', { name: 'x', path: unique('x'), visibility: 'secret' }), 400, {
        error: 'visibility does not have a valid value',
      });
    });

    it('refuses taken and invalid paths with the platform message', async () => {
      const g = await createGroup(inst);
      await expectApiError(alice.client.post('/groups', { name: 'Again', path: g.path }), 400, {
        message: 'Failed to save group {:path=>["has already been taken"]}',
      });
      // Top-level groups share the path space with usernames (case-insensitively).
      await expectApiError(alice.client.post('/groups', { name: 'Bob', path: bob.user.username.toUpperCase() }), 400, {
        message: 'Failed to save group {:path=>["has already been taken"]}',
      });
      await expectApiError(alice.client.post('/groups', { name: 'Bad', path: '-bad' }), 400, {
        message: `Failed to save group {:path=>["can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'."]}`,
      });
      await expectApiError(alice.client.post('/groups', { name: 'Bad', path: 'x.git' }), 400);
      await expectApiError(alice.client.post('/groups', { name: '-bad name', path: unique('ok') }), 400, {
        message: `Failed to save group {:name=>["can contain only letters, digits, emoji, '_', '.', dash, space, parenthesis. It must start with letter, digit, emoji or '_'."]}`,
      });
    });

    it('refuses users who may not create groups (403) and anonymous callers (401)', async () => {
      const limited = await createUser(inst, { can_create_group: false });
      await expectApiError(limited.client.post('/groups', { name: 'n', path: unique('n') }), 403, { message: '403 Forbidden' });
      await expectApiError(inst.client().post('/groups', { name: 'n', path: unique('n') }), 401, { message: '401 Unauthorized' });
    });
  });

  describe('subgroups', () => {
    let parent: GroupJson;
    beforeAll(async () => {
      parent = await createGroup(inst, alice.client, { visibility: 'internal' });
    });

    it('creates a subgroup under a parent the caller owns', async () => {
      const sub = await alice.client.post<GroupJson>('/groups', { name: 'Web Team', path: 'web', parent_id: parent.id });
      expect(sub.status).toBe(201);
      expect(sub.data).toMatchObject({
        parent_id: parent.id,
        full_path: `${parent.path}/web`,
        full_name: `${parent.name} / Web Team`,
        web_url: `${inst.webBase}/groups/${parent.path}/web`,
      });
      // Paths are unique among siblings only.
      const other = await createGroup(inst, alice.client);
      const again = await alice.client.post<GroupJson>('/groups', { name: 'web', path: 'web', parent_id: other.id });
      expect(again.data.full_path).toBe(`${other.path}/web`);
      await expectApiError(alice.client.post('/groups', { name: 'web2', path: 'WEB', parent_id: parent.id }), 400, {
        message: 'Failed to save group {:path=>["has already been taken"]}',
      });
    });

    it('needs create_subgroup (Owner) on the parent; admins may always', async () => {
      await addMember(inst, 'groups', parent.id, bob.user.id, 40);
      await expectApiError(bob.client.post('/groups', { name: 's', path: unique('s'), parent_id: parent.id }), 403, { message: '403 Forbidden' });
      const byAdmin = await inst.admin.post<GroupJson>('/groups', { name: 's', path: unique('s'), parent_id: parent.id });
      expect(byAdmin.data.parent_id).toBe(parent.id);
    });

    it('answers 404 for an unknown or invisible parent', async () => {
      await expectApiError(alice.client.post('/groups', { name: 's', path: 's', parent_id: 999999 }), 404, { message: '404 Group Not Found' });
      const hidden = await createGroup(inst);
      await expectApiError(alice.client.post('/groups', { name: 's', path: 's', parent_id: hidden.id }), 404, { message: '404 Group Not Found' });
    });

    it('refuses a subgroup more visible than its parent', async () => {
      await expectApiError(alice.client.post('/groups', { name: 'pub', path: unique('pub'), parent_id: parent.id, visibility: 'public' }), 400, {
        message: 'Failed to save group {:visibility_level=>["public is not allowed since the parent group has a internal visibility."]}',
      });
    });

    it('lists subgroups and descendant groups', async () => {
      const root = await createGroup(inst, alice.client);
      const a = await createGroup(inst, alice.client, { parent_id: root.id, path: 'a' });
      const b = await createGroup(inst, alice.client, { parent_id: root.id, path: 'b' });
      // A name no random root path can contain (those are letters and digits only).
      const a1 = await createGroup(inst, alice.client, { parent_id: a.id, path: 'deep-leaf' });
      const subs = await alice.client.get<GroupJson[]>(`/groups/${root.id}/subgroups`);
      expect(subs.data.map((g) => g.id)).toEqual([a.id, b.id]);
      const desc = await alice.client.get<GroupJson[]>(`/groups/${enc(root.full_path)}/descendant_groups`, { order_by: 'id' });
      expect(desc.data.map((g) => g.id)).toEqual([a.id, b.id, a1.id]);
      const search = await alice.client.get<GroupJson[]>(`/groups/${root.id}/descendant_groups`, { search: 'deep-leaf' });
      expect(search.data.map((g) => g.id)).toEqual([a1.id]);
      // Others see only what is visible to them.
      await expectApiError(bob.client.get(`/groups/${root.id}/subgroups`), 404, { message: '404 Group Not Found' });
    });
  });

  describe('get', () => {
    it('reads by id and by URL-encoded full path, with projects', async () => {
      const g = await createGroup(inst, alice.client, { visibility: 'public' });
      const sub = await createGroup(inst, alice.client, { parent_id: g.id, path: 'inner', visibility: 'public' });
      const p = await createProject(inst, alice.client, { namespace_id: sub.id, path: 'svc', visibility: 'public' });
      const byPath = await inst.client().get<GroupJson & { projects: ProjectJson[] }>(`/groups/${enc(sub.full_path)}`);
      expect(byPath.data.id).toBe(sub.id);
      expect(byPath.data.projects.map((x) => x.id)).toEqual([p.id]);
      expect(byPath.data.projects[0]).toMatchObject({ path_with_namespace: `${g.path}/inner/svc` });
      const without = await alice.client.get<Record<string, unknown>>(`/groups/${sub.id}`, { with_projects: false });
      expect(without.data.projects).toBeUndefined();
      expect(without.data.full_path).toBe(`${g.path}/inner`);
    });

    it('hides private groups from non-members and anonymous callers (404)', async () => {
      const g = await createGroup(inst, alice.client);
      await expectApiError(bob.client.get(`/groups/${g.id}`), 404, { message: '404 Group Not Found' });
      await expectApiError(inst.client().get(`/groups/${g.id}`), 404, { message: '404 Group Not Found' });
      await expectApiError(alice.client.get('/groups/999999'), 404, { message: '404 Group Not Found' });
      // Internal: any signed-in user, not anonymous.
      const internal = await createGroup(inst, alice.client, { visibility: 'internal' });
      expect((await bob.client.get(`/groups/${internal.id}`)).status).toBe(200);
      await expectApiError(inst.client().get(`/groups/${internal.id}`), 404);
      // Admins see everything.
      expect((await inst.admin.get(`/groups/${g.id}`)).status).toBe(200);
    });

    it('shows the projects the viewer may see only', async () => {
      const g = await createGroup(inst, alice.client, { visibility: 'public' });
      const pub = await createProject(inst, alice.client, { namespace_id: g.id, visibility: 'public' });
      await createProject(inst, alice.client, { namespace_id: g.id, visibility: 'private' });
      const res = await bob.client.get<{ projects: ProjectJson[] }>(`/groups/${g.id}`);
      expect(res.data.projects.map((p) => p.id)).toEqual([pub.id]);
      const own = await alice.client.get<{ projects: ProjectJson[] }>(`/groups/${g.id}`);
      expect(own.data.projects).toHaveLength(2);
    });
  });

  describe('list', () => {
    let mine: GroupJson;
    let pub: GroupJson;
    let internal: GroupJson;
    let carol: TestUser;

    beforeAll(async () => {
      carol = await createUser(inst);
      mine = await createGroup(inst, carol.client, { name: 'carol-zeta', path: unique('czeta') });
      pub = await createGroup(inst, inst.admin, { name: 'carol-pub', path: unique('cpub'), visibility: 'public' });
      internal = await createGroup(inst, inst.admin, { name: 'carol-internal', path: unique('cint'), visibility: 'internal' });
    });

    it('shows members their own groups by default, and all available ones on request', async () => {
      const own = await carol.client.get<GroupJson[]>('/groups');
      expect(own.data.map((g) => g.id)).toEqual([mine.id]);
      const all = await carol.client.get<GroupJson[]>('/groups', { all_available: true, search: 'carol-', per_page: 100 });
      expect(all.data.map((g) => g.id).sort()).toEqual([mine.id, pub.id, internal.id].sort());
    });

    it('shows anonymous callers public groups only', async () => {
      const anon = await inst.client().get<GroupJson[]>('/groups', { search: 'carol-' });
      expect(anon.data.map((g) => g.id)).toEqual([pub.id]);
    });

    it('shows admins all groups', async () => {
      const res = await inst.admin.get<GroupJson[]>('/groups', { search: 'carol-', per_page: 100 });
      expect(res.data.map((g) => g.id).sort()).toEqual([mine.id, pub.id, internal.id].sort());
    });

    it('orders by name (default), path or id, in either direction', async () => {
      const res = await inst.admin.get<GroupJson[]>('/groups', { search: 'carol-' });
      expect(res.data.map((g) => g.name)).toEqual(['carol-internal', 'carol-pub', 'carol-zeta']);
      const desc = await inst.admin.get<GroupJson[]>('/groups', { search: 'carol-', order_by: 'id', sort: 'desc' });
      expect(desc.data.map((g) => g.id)).toEqual([internal.id, pub.id, mine.id]);
      await expectApiError(inst.admin.get('/groups', { order_by: 'size' }), 400, { error: 'order_by does not have a valid value' });
    });

    it('filters by owned, min_access_level, top_level_only, visibility and skip_groups', async () => {
      await addMember(inst, 'groups', pub.id, carol.user.id, 20);
      const sub = await createGroup(inst, inst.admin, { name: 'carol-sub', path: 'sub', parent_id: pub.id, visibility: 'public' });
      const owned = await carol.client.get<GroupJson[]>('/groups', { owned: true });
      expect(owned.data.map((g) => g.id)).toEqual([mine.id]);
      const reporter = await carol.client.get<GroupJson[]>('/groups', { min_access_level: 20 });
      expect(reporter.data.map((g) => g.id).sort()).toEqual([mine.id, pub.id, sub.id].sort());
      const ownerOnly = await carol.client.get<GroupJson[]>('/groups', { min_access_level: 50 });
      expect(ownerOnly.data.map((g) => g.id)).toEqual([mine.id]);
      const top = await carol.client.get<GroupJson[]>('/groups', { top_level_only: true });
      expect(top.data.map((g) => g.id)).not.toContain(sub.id);
      const vis = await inst.admin.get<GroupJson[]>('/groups', { search: 'carol-', visibility: 'internal' });
      expect(vis.data.map((g) => g.id)).toEqual([internal.id]);
      const skipped = await inst.admin.get<GroupJson[]>('/groups', { search: 'carol-', skip_groups: [pub.id, sub.id] });
      expect(skipped.data.map((g) => g.id)).toEqual([internal.id, mine.id]);
      await expectApiError(carol.client.get('/groups', { min_access_level: 7 }), 400, { error: 'min_access_level does not have a valid value' });
    });

    it('pages with offset headers', async () => {
      const res = await inst.admin.get<GroupJson[]>('/groups', { per_page: 2, page: 1 });
      expect(res.data).toHaveLength(2);
      expect(res.headers['x-page']).toBe('1');
      expect(res.headers['x-next-page']).toBe('2');
      expect(Number(res.headers['x-total'])).toBeGreaterThan(2);
    });

    it('pages anonymous callers by keyset ordered by name', async () => {
      const prefix = unique('ks');
      for (const n of ['c', 'a', 'b']) await createGroup(inst, inst.admin, { name: `${prefix}-${n}`, path: `${prefix}-${n}`, visibility: 'public' });
      const anon = inst.client();
      const first = await anon.get<GroupJson[]>('/groups', { pagination: 'keyset', order_by: 'name', sort: 'asc', per_page: 2, search: prefix });
      expect(first.data.map((g) => g.name)).toEqual([`${prefix}-a`, `${prefix}-b`]);
      expect(first.headers['x-total']).toBeUndefined();
      const next = /<([^>]+)>; rel="next"/.exec(first.headers.link ?? '')?.[1];
      expect(next).toContain('cursor=');
      const second = await anon.get<GroupJson[]>(next!.slice(next!.indexOf('/api/v4') + 7));
      expect(second.data.map((g) => g.name)).toEqual([`${prefix}-c`]);
      expect(second.headers.link).toBeUndefined();
      const all: string[] = [];
      for await (const g of anon.paginate<GroupJson>('/groups', { pagination: 'keyset', order_by: 'name', sort: 'asc', per_page: 1, search: prefix })) all.push(g.name);
      expect(all).toEqual([`${prefix}-a`, `${prefix}-b`, `${prefix}-c`]);
      await expectApiError(anon.get('/groups', { pagination: 'keyset', order_by: 'id', sort: 'asc' }), 405, {
        error: 'Keyset pagination is not yet available for this type of request',
      });
    });

    it('limits anonymous offset pagination to 50,000 records', async () => {
      await expectApiError(inst.client().get('/groups', { page: 3000, per_page: 25 }), 405, {
        error:
          'Offset pagination has a maximum allowed offset of 50000 for requests that return objects of type Group. Remaining records can be retrieved using keyset pagination.',
      });
    });
  });

  describe('update', () => {
    it('lets Owners change name, path, description and visibility', async () => {
      const g = await createGroup(inst, alice.client, { visibility: 'private' });
      const newPath = unique('renamed');
      const res = await alice.client.put<GroupJson>(`/groups/${g.id}`, { name: 'Renamed', path: newPath, description: 'new', visibility: 'public' });
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ name: 'Renamed', path: newPath, full_path: newPath, full_name: 'Renamed', description: 'new', visibility: 'public' });
      expect((await alice.client.get<GroupJson>(`/groups/${enc(newPath)}`)).data.id).toBe(g.id);
      await expectApiError(alice.client.get(`/groups/${enc(g.path)}`), 404);
    });

    it('rewrites the full path and name of every descendant', async () => {
      const g = await createGroup(inst, alice.client, { name: 'Top' });
      const sub = await createGroup(inst, alice.client, { name: 'Mid', path: 'mid', parent_id: g.id });
      const leaf = await createGroup(inst, alice.client, { name: 'Leaf', path: 'leaf', parent_id: sub.id });
      const newPath = unique('top');
      await alice.client.put(`/groups/${g.id}`, { path: newPath, name: 'Top2' });
      const got = await alice.client.get<GroupJson>(`/groups/${leaf.id}`);
      expect(got.data).toMatchObject({ full_path: `${newPath}/mid/leaf`, full_name: 'Top2 / Mid / Leaf' });
      const renamedMid = await alice.client.put<GroupJson>(`/groups/${sub.id}`, { path: 'middle' });
      expect(renamedMid.data.full_path).toBe(`${newPath}/middle`);
      expect((await alice.client.get<GroupJson>(`/groups/${enc(`${newPath}/middle/leaf`)}`)).data.id).toBe(leaf.id);
    });

    it('leaves redirects for the projects below a renamed group', async () => {
      const g = await createGroup(inst, alice.client);
      const sub = await createGroup(inst, alice.client, { path: 'sub', parent_id: g.id });
      const p = await createProject(inst, alice.client, { namespace_id: sub.id, path: 'app' });
      const oldPath = `${g.path}/sub/app`;
      const newPath = unique('moved');
      await alice.client.put(`/groups/${g.id}`, { path: newPath });
      const moved = await alice.client.request('GET', `/projects/${enc(oldPath)}`, { allowError: true, followRedirects: false });
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toMatch(new RegExp(`/api/v4/projects/${p.id}$`));
      expect(moved.data).toBe(`This resource has been moved permanently to ${moved.headers.location}`);
      const now = await alice.client.get<ProjectJson>(`/projects/${enc(`${newPath}/sub/app`)}`);
      expect(now.data.id).toBe(p.id);
    });

    it('validates path, name and visibility against parent, subgroups and projects', async () => {
      const g = await createGroup(inst, alice.client, { visibility: 'public' });
      const other = await createGroup(inst, alice.client);
      await expectApiError(alice.client.put(`/groups/${g.id}`, { path: other.path }), 400, { message: { path: ['has already been taken'] } });
      await expectApiError(alice.client.put(`/groups/${g.id}`, { path: 'bad path' }), 400, {
        message: { path: ["can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'."] },
      });
      const sub = await createGroup(inst, alice.client, { parent_id: g.id, path: 'pub', visibility: 'public' });
      await expectApiError(alice.client.put(`/groups/${g.id}`, { visibility: 'internal' }), 400, {
        message: { visibility_level: ['internal is not allowed since there are sub-groups with higher visibility.'] },
      });
      await alice.client.put(`/groups/${sub.id}`, { visibility: 'private' });
      await createProject(inst, alice.client, { namespace_id: g.id, visibility: 'public' });
      await expectApiError(alice.client.put(`/groups/${g.id}`, { visibility: 'private' }), 400, {
        message: { visibility_level: ['private is not allowed since this group contains projects with higher visibility.'] },
      });
      const priv = await createGroup(inst, alice.client);
      const child = await createGroup(inst, alice.client, { parent_id: priv.id, path: 'c' });
      await expectApiError(alice.client.put(`/groups/${child.id}`, { visibility: 'public' }), 400, {
        message: { visibility_level: ['public is not allowed since the parent group has a private visibility.'] },
      });
    });

    it('is for Owners: 403 for other members, 404 for non-members', async () => {
      const g = await createGroup(inst, alice.client);
      await addMember(inst, 'groups', g.id, bob.user.id, 40);
      await expectApiError(bob.client.put(`/groups/${g.id}`, { description: 'x' }), 403, { message: '403 Forbidden' });
      const carol = await createUser(inst);
      await expectApiError(carol.client.put(`/groups/${g.id}`, { description: 'x' }), 404, { message: '404 Group Not Found' });
      expect((await inst.admin.put<GroupJson>(`/groups/${g.id}`, { description: 'by admin' })).data.description).toBe('by admin');
    });
  });

  describe('delete', () => {
    it('deletes with 202, taking subgroups and projects along', async () => {
      const g = await createGroup(inst, alice.client);
      const sub = await createGroup(inst, alice.client, { parent_id: g.id, path: 'sub' });
      const p = await createProject(inst, alice.client, { namespace_id: sub.id });
      const res = await alice.client.delete(`/groups/${g.id}`);
      expect(res.status).toBe(202);
      expect(res.data).toEqual({ message: '202 Accepted' });
      await expectApiError(alice.client.get(`/groups/${g.id}`), 404);
      await expectApiError(alice.client.get(`/groups/${sub.id}`), 404);
      await expectApiError(alice.client.get(`/projects/${p.id}`), 404, { message: '404 Project Not Found' });
      // The path is free again.
      expect((await alice.client.post('/groups', { name: 'again', path: g.path })).status).toBe(201);
    });

    it('is for Owners and admins', async () => {
      const g = await createGroup(inst, alice.client);
      await addMember(inst, 'groups', g.id, bob.user.id, 40);
      await expectApiError(bob.client.delete(`/groups/${g.id}`), 403, { message: '403 Forbidden' });
      await expectApiError(inst.client().delete(`/groups/${g.id}`), 401);
      expect((await inst.admin.delete(`/groups/${g.id}`)).status).toBe(202);
    });
  });

  describe('projects of a group', () => {
    it('lists projects, optionally with subgroups, newest first, with filters', async () => {
      const g = await createGroup(inst, alice.client, { visibility: 'public' });
      const sub = await createGroup(inst, alice.client, { parent_id: g.id, path: 'sub', visibility: 'public' });
      const a = await createProject(inst, alice.client, { namespace_id: g.id, path: 'alpha', visibility: 'public' });
      inst.clock.advance(1000);
      const b = await createProject(inst, alice.client, { namespace_id: g.id, path: 'beta' });
      const c = await createProject(inst, alice.client, { namespace_id: sub.id, path: 'gamma', visibility: 'public' });
      const direct = await alice.client.get<ProjectJson[]>(`/groups/${g.id}/projects`);
      expect(direct.data.map((p) => p.id)).toEqual([b.id, a.id]);
      const deep = await alice.client.get<ProjectJson[]>(`/groups/${g.id}/projects`, { include_subgroups: true, order_by: 'path', sort: 'asc' });
      expect(deep.data.map((p) => p.id)).toEqual([a.id, b.id, c.id]);
      const anon = await inst.client().get<ProjectJson[]>(`/groups/${g.id}/projects`, { include_subgroups: true, order_by: 'id', sort: 'asc' });
      expect(anon.data.map((p) => p.id)).toEqual([a.id, c.id]);
      const simple = await alice.client.get<Record<string, unknown>[]>(`/groups/${g.id}/projects`, { simple: true, search: 'alpha' });
      expect(simple.data).toHaveLength(1);
      expect(simple.data[0]?._links).toBeUndefined();
      expect(simple.data[0]?.path).toBe('alpha');
    });
  });

  describe('permission matrix: every role on a private group', () => {
    it('reads for members; changes, subgroups and deletion for Owners; 404 for outsiders', async () => {
      const group = await createGroup(inst);
      const users: Record<string, TestUser> = {};
      for (const [role, level] of [['owner', 50], ['maintainer', 40], ['developer', 30], ['reporter', 20], ['guest', 10], ['nonMember', 0]] as const) {
        users[role] = await createUser(inst);
        if (level) await addMember(inst, 'groups', group.id, users[role]!.user.id, level);
      }
      const clients = {
        admin: inst.admin,
        ...Object.fromEntries(Object.entries(users).map(([role, u]) => [role, u.client])),
        anonymous: inst.client(),
      };
      const status = (p: Promise<{ status: number }>) =>
        p.then(
          (r) => r.status,
          (e: { status: number }) => e.status,
        );
      const got: Record<string, number[]> = {};
      for (const [role, client] of Object.entries(clients)) {
        const victim = await createGroup(inst, inst.admin, { parent_id: group.id });
        got[role] = [
          await status(client.get(`/groups/${group.id}`)),
          await status(client.get(`/groups/${group.id}/subgroups`)),
          await status(client.put(`/groups/${group.id}`, { description: `by ${role}` })),
          await status(client.post('/groups', { name: unique('sub'), path: unique('sub'), parent_id: group.id })),
          await status(client.delete(`/groups/${victim.id}`)),
        ];
      }
      expect(got).toEqual({
        admin: [200, 200, 200, 201, 202],
        owner: [200, 200, 200, 201, 202],
        maintainer: [200, 200, 403, 403, 403],
        developer: [200, 200, 403, 403, 403],
        reporter: [200, 200, 403, 403, 403],
        guest: [200, 200, 403, 403, 403],
        nonMember: [404, 404, 404, 404, 404],
        anonymous: [404, 404, 401, 401, 401],
      });
    });

    it('answers 400 for malformed params on every groups endpoint', async () => {
      const g = await createGroup(inst, alice.client);
      // Thunks: each request is sent only when its answer is awaited (a rejection left waiting
      // would surface as an unhandled error).
      const bad: [() => Promise<unknown>, unknown][] = [
        [() => alice.client.get('/groups', { owned: 'maybe' }), { error: 'owned is invalid' }],
        [() => alice.client.get('/groups', { order_by: 'size' }), { error: 'order_by does not have a valid value' }],
        [() => alice.client.get('/groups', { min_access_level: 7 }), { error: 'min_access_level does not have a valid value' }],
        [() => alice.client.get(`/groups/${g.id}`, { with_projects: 'maybe' }), { error: 'with_projects is invalid' }],
        [() => alice.client.get(`/groups/${g.id}/subgroups`, { sort: 'up' }), { error: 'sort does not have a valid value' }],
        [() => alice.client.get(`/groups/${g.id}/projects`, { include_subgroups: 'x' }), { error: 'include_subgroups is invalid' }],
        [() => alice.client.post('/groups', { name: 'x', path: unique('x'), parent_id: 'top' }), { error: 'parent_id is invalid' }],
        [() => alice.client.post('/groups', { name: 'x', path: unique('x'), visibility: 'secret' }), { error: 'visibility does not have a valid value' }],
        [() => alice.client.put(`/groups/${g.id}`, { visibility: 'secret' }), { error: 'visibility does not have a valid value' }],
      ];
      for (const [send, body] of bad) await expectApiError(send(), 400, body);
    });
  });
});
