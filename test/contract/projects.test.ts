import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { ApiClient, apiPathOf as apiPath } from '../../src/client/client.js';
import { createUser, unique, type TestUser } from '../factories/users.js';
import { createGroup, type GroupJson } from '../factories/groups.js';
import { addMember, createProject, createProjectWithRoles, type ProjectJson, type RoleFixture } from '../factories/projects.js';

const enc = encodeURIComponent;
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const nextLink = (link: string | undefined) => /<([^>]+)>; rel="next"/.exec(link ?? '')?.[1];

describe.each(TRANSPORTS)('projects (%s)', (kind) => {
  let inst: Instance;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    inst = await startInstance(kind, { storages: { second: 'storages/second' } });
    alice = await createUser(inst);
    bob = await createUser(inst);
  });
  afterAll(() => inst.close());

  describe('create', () => {
    it("creates in the caller's personal namespace with the Project shape", async () => {
      const res = await alice.client.post<ProjectJson & Record<string, unknown>>('/projects', { name: 'My App', path: 'my-app', description: 'an app' });
      expect(res.status).toBe(201);
      const u = alice.user.username;
      expect(res.data).toMatchObject({
        name: 'My App',
        path: 'my-app',
        description: 'an app',
        name_with_namespace: `${alice.user.name} / My App`,
        path_with_namespace: `${u}/my-app`,
        default_branch: 'main',
        visibility: 'private',
        web_url: `${inst.webBase}/${u}/my-app`,
        http_url_to_repo: `${inst.webBase}/${u}/my-app.git`,
        ssh_url_to_repo: `git@${new URL(inst.webBase).hostname}:${u}/my-app.git`,
        tag_list: [],
        topics: [],
        forks_count: 0,
        star_count: 0,
        archived: false,
        creator_id: alice.user.id,
        created_at: '2026-01-15T10:00:00.000Z',
        last_activity_at: '2026-01-15T10:00:00.000Z',
        namespace: { name: alice.user.name, path: u, kind: 'user', full_path: u, parent_id: null, avatar_url: null, web_url: `${inst.webBase}/${u}` },
        owner: expect.objectContaining({ id: alice.user.id, username: u }),
        permissions: { project_access: { access_level: 50, notification_level: 3 }, group_access: null },
      });
      expect(res.data._links).toMatchObject({ self: `${inst.webBase}/api/v4/projects/${res.data.id}` });
      expect(res.data.repository_storage).toBeUndefined();
    });

    it('derives the path from the name and the name from the path', async () => {
      const byName = await alice.client.post<ProjectJson>('/projects', { name: 'Hello World Ünïcode' });
      expect(byName.data.path).toBe('hello-world-unicode');
      const byPath = await alice.client.post<ProjectJson>('/projects', { path: 'only-path' });
      expect(byPath.data.name).toBe('only-path');
      await expectApiError(alice.client.post('/projects', {}), 400, { error: 'name, path are missing, at least one parameter must be provided' });
    });

    it('accepts default_branch, initialize_with_readme and a visibility', async () => {
      const res = await alice.client.post<ProjectJson & Record<string, unknown>>('/projects', { path: unique('p'), default_branch: 'trunk', initialize_with_readme: true, visibility: 'public' });
      // The answer describes the repository the README commit made, as a later GET does.
      expect(res.data).toMatchObject({ default_branch: 'trunk', visibility: 'public', empty_repo: false, readme_url: `${String(res.data.web_url)}/-/blob/trunk/README.md` });
      const later = await alice.client.get<Record<string, unknown>>(`/projects/${res.data.id}`);
      expect({ empty_repo: later.data.empty_repo, readme_url: later.data.readme_url }).toEqual({ empty_repo: res.data.empty_repo, readme_url: res.data.readme_url });
      const bare = await alice.client.post<Record<string, unknown>>('/projects', { path: unique('p') });
      expect({ empty_repo: bare.data.empty_repo, readme_url: bare.data.readme_url }).toEqual({ empty_repo: true, readme_url: null });
      await expectApiError(alice.client.post('/projects', { path: unique('p'), visibility: 'hidden' }), 400, { error: 'visibility does not have a valid value' });
      await expectApiError(alice.client.post('/projects', { path: unique('p'), initialize_with_readme: 'maybe' }), 400, {
        error: 'initialize_with_readme is invalid',
      });
    });

    it('refuses taken names and paths and invalid formats', async () => {
      const p = await createProject(inst, alice.client, { name: 'Taken', path: unique('taken') });
      await expectApiError(alice.client.post('/projects', { name: 'Taken', path: p.path }), 400, {
        message: { name: ['has already been taken'], path: ['has already been taken'] },
      });
      await expectApiError(alice.client.post('/projects', { name: 'ok', path: '-bad' }), 400, {
        message: { path: ["can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'"] },
      });
      await expectApiError(alice.client.post('/projects', { name: '!bad', path: unique('ok') }), 400, {
        message: { name: ["can contain only letters, digits, emoji, '_', '.', '+', dashes, or spaces. It must start with a letter, digit, emoji, or '_'."] },
      });
      // The same path in another namespace is fine.
      const other = await bob.client.post<ProjectJson>('/projects', { name: 'Taken', path: p.path });
      expect(other.status).toBe(201);
    });

    it('creates in a group for Developers and up; others get a namespace error', async () => {
      const g = await createGroup(inst, alice.client, { visibility: 'internal' });
      const dev = await createUser(inst);
      const reporter = await createUser(inst);
      await addMember(inst, 'groups', g.id, dev.user.id, 30);
      await addMember(inst, 'groups', g.id, reporter.user.id, 20);
      const res = await dev.client.post<ProjectJson>('/projects', { path: 'svc', namespace_id: g.id });
      expect(res.data).toMatchObject({
        path_with_namespace: `${g.path}/svc`,
        namespace: { id: g.id, kind: 'group', full_path: g.path, web_url: `${inst.webBase}/groups/${g.path}` },
        permissions: { project_access: null, group_access: { access_level: 30, notification_level: 3 } },
      });
      expect((res.data as Record<string, unknown>).owner).toBeUndefined();
      const invalid = { message: { namespace: ['is not valid'] } };
      await expectApiError(reporter.client.post('/projects', { path: 'svc2', namespace_id: g.id }), 400, invalid);
      await expectApiError(bob.client.post('/projects', { path: 'svc2', namespace_id: g.id }), 400, invalid);
      await expectApiError(bob.client.post('/projects', { path: 'svc2', namespace_id: 999999 }), 400, invalid);
      const aliceNs = (await alice.client.get<{ namespace_id: number }>('/user')).data.namespace_id;
      await expectApiError(bob.client.post('/projects', { path: 'svc2', namespace_id: aliceNs }), 400, invalid);
      // Administrators may create anywhere.
      expect((await inst.admin.post('/projects', { path: 'svc3', namespace_id: aliceNs })).status).toBe(201);
      await expectApiError(inst.client().post('/projects', { path: 'x' }), 401, { message: '401 Unauthorized' });
    });

    it('refuses a visibility above the group and a path taken by a subgroup', async () => {
      const g = await createGroup(inst, alice.client);
      await expectApiError(alice.client.post('/projects', { path: unique('p'), namespace_id: g.id, visibility: 'public' }), 400, {
        message: { visibility_level: ['public is not allowed in a private group.'] },
      });
      await createGroup(inst, alice.client, { parent_id: g.id, path: 'shared' });
      await expectApiError(alice.client.post('/projects', { path: 'shared', namespace_id: g.id }), 400, { message: { path: ['has already been taken'] } });
      await createProject(inst, alice.client, { namespace_id: g.id, path: 'proj' });
      await expectApiError(alice.client.post('/groups', { name: 'proj', path: 'proj', parent_id: g.id }), 400, {
        message: 'Failed to save group {:path=>["has already been taken"]}',
      });
    });

    it("enforces the user's personal projects limit with 403", async () => {
      const one = await createUser(inst, { projects_limit: 1 });
      await createProject(inst, one.client);
      await expectApiError(one.client.post('/projects', { path: unique('p') }), 403, {
        message: ['Your project limit is 1 projects! Please contact your administrator to increase it'],
      });
      const none = await createUser(inst, { projects_limit: 0 });
      await expectApiError(none.client.post('/projects', { path: unique('p') }), 403, {
        message: ['Personal project creation is not allowed. Please contact your administrator with questions'],
      });
      // Group projects do not count against it.
      const g = await createGroup(inst, none.client);
      expect((await none.client.post('/projects', { path: unique('p'), namespace_id: g.id })).status).toBe(201);
    });

    it('lets administrators choose a configured repository storage', async () => {
      const res = await inst.admin.post<Record<string, unknown>>('/projects', { path: unique('s'), repository_storage: 'second' });
      expect(res.data.repository_storage).toBe('second');
      await expectApiError(inst.admin.post('/projects', { path: unique('s'), repository_storage: 'nowhere' }), 400, {
        message: { repository_storage: ['is not included in the list'] },
      });
      // Others' choice is ignored.
      const mine = await alice.client.post<ProjectJson>('/projects', { path: unique('s'), repository_storage: 'second' });
      const asAdmin = await inst.admin.get<Record<string, unknown>>(`/projects/${mine.data.id}`);
      expect(asAdmin.data.repository_storage).toBe('default');
    });
  });

  describe('personal projects of a user', () => {
    it('lets administrators create a project for a user', async () => {
      const u = await createUser(inst);
      const res = await inst.admin.post<ProjectJson & { creator_id: number }>(`/projects/user/${u.user.id}`, { name: 'Given' });
      expect(res.status).toBe(201);
      expect(res.data).toMatchObject({ path_with_namespace: `${u.user.username}/given`, creator_id: u.user.id });
      await expectApiError(alice.client.post(`/projects/user/${u.user.id}`, { name: 'x' }), 403, { message: '403 Forbidden' });
      await expectApiError(inst.admin.post('/projects/user/999999', { name: 'x' }), 404, { message: '404 User Not Found' });
      await expectApiError(inst.admin.post(`/projects/user/${u.user.id}`, {}), 400, { error: 'name, path are missing, at least one parameter must be provided' });
    });

    it("lists a user's personal projects that the caller can see", async () => {
      const u = await createUser(inst);
      const priv = await createProject(inst, u.client, { path: 'priv' });
      const pub = await createProject(inst, u.client, { path: 'pub', visibility: 'public' });
      expect(ids((await u.client.get<ProjectJson[]>(`/users/${u.user.id}/projects`)).data)).toEqual([pub.id, priv.id]);
      expect(ids((await bob.client.get<ProjectJson[]>(`/users/${u.user.username}/projects`)).data)).toEqual([pub.id]);
      expect(ids((await inst.client().get<ProjectJson[]>(`/users/${u.user.id}/projects`)).data)).toEqual([pub.id]);
      await expectApiError(bob.client.get('/users/999999/projects'), 404, { message: '404 User Not Found' });
    });
  });

  describe('get and permissions', () => {
    let fx: RoleFixture;
    let publicProject: ProjectJson;

    beforeAll(async () => {
      fx = await createProjectWithRoles(inst);
      publicProject = await createProject(inst, inst.admin, { visibility: 'public', path: unique('pub') });
    });

    it('reads by id and by URL-encoded full path', async () => {
      const byId = await fx.developer.client.get<ProjectJson>(`/projects/${fx.project.id}`);
      const byPath = await fx.developer.client.get<ProjectJson>(`/projects/${enc(fx.project.path_with_namespace)}`);
      expect(byPath.data).toEqual(byId.data);
      expect(byId.data.permissions).toEqual({ project_access: { access_level: 30, notification_level: 3 }, group_access: null });
      const upper = await fx.developer.client.get<ProjectJson>(`/projects/${enc(fx.project.path_with_namespace.toUpperCase())}`);
      expect(upper.data.id).toBe(fx.project.id);
    });

    it('answers 404 for private projects to non-members and anonymous callers', async () => {
      await expectApiError(fx.nonMember.client.get(`/projects/${fx.project.id}`), 404, { message: '404 Project Not Found' });
      await expectApiError(inst.client().get(`/projects/${fx.project.id}`), 404, { message: '404 Project Not Found' });
      await expectApiError(fx.nonMember.client.get('/projects/999999'), 404, { message: '404 Project Not Found' });
      await expectApiError(fx.nonMember.client.get(`/projects/${enc('no/such')}`), 404, { message: '404 Project Not Found' });
      for (const who of [fx.owner, fx.maintainer, fx.developer, fx.reporter, fx.guest]) expect((await who.client.get(`/projects/${fx.project.id}`)).status).toBe(200);
      expect((await inst.admin.get(`/projects/${fx.project.id}`)).status).toBe(200);
    });

    it('shows public projects to anyone; hides default_branch from those who cannot read code', async () => {
      const anon = await inst.client().get<Record<string, unknown>>(`/projects/${publicProject.id}`);
      expect(anon.data.id).toBe(publicProject.id);
      expect(anon.data.default_branch).toBe('main');
      expect(anon.data.permissions).toBeUndefined();
      const guest = await fx.guest.client.get<Record<string, unknown>>(`/projects/${fx.project.id}`);
      expect(guest.data.default_branch).toBeUndefined();
      expect(guest.data.readme_url).toBeUndefined();
    });

    it('shows repository_storage to administrators only', async () => {
      expect((await inst.admin.get<Record<string, unknown>>(`/projects/${fx.project.id}`)).data.repository_storage).toBe('default');
      expect((await fx.owner.client.get<Record<string, unknown>>(`/projects/${fx.project.id}`)).data.repository_storage).toBeUndefined();
    });

    it('reports inherited group access', async () => {
      const res = await fx.owner.client.get<ProjectJson>(`/projects/${fx.project.id}`);
      expect(res.data.permissions).toEqual({ project_access: null, group_access: { access_level: 50, notification_level: 3 } });
    });
  });

  describe('list', () => {
    let carol: TestUser;
    let g: GroupJson;
    let priv: ProjectJson;
    let internal: ProjectJson;
    let pub: ProjectJson;
    let groupProject: ProjectJson;
    let tag: string;

    beforeAll(async () => {
      tag = unique('lst');
      carol = await createUser(inst);
      priv = await createProject(inst, inst.admin, { path: `${tag}-priv` });
      inst.clock.advance(1000);
      internal = await createProject(inst, inst.admin, { path: `${tag}-internal`, visibility: 'internal' });
      inst.clock.advance(1000);
      pub = await createProject(inst, inst.admin, { path: `${tag}-pub`, visibility: 'public', description: 'the public one' });
      inst.clock.advance(1000);
      g = await createGroup(inst, inst.admin);
      groupProject = await createProject(inst, inst.admin, { path: `${tag}-grp`, namespace_id: g.id });
      await addMember(inst, 'groups', g.id, carol.user.id, 20);
    });

    it('shows anonymous callers public projects, users also internal and member ones, admins all', async () => {
      expect(ids((await inst.client().get<ProjectJson[]>('/projects', { search: tag })).data)).toEqual([pub.id]);
      expect(ids((await carol.client.get<ProjectJson[]>('/projects', { search: tag })).data)).toEqual([groupProject.id, pub.id, internal.id]);
      expect(ids((await inst.admin.get<ProjectJson[]>('/projects', { search: tag })).data)).toEqual([groupProject.id, pub.id, internal.id, priv.id]);
    });

    it('counts unfiltered totals exactly as many projects as each viewer is shown', async () => {
      // A private project reached only through a direct membership, and one whose visibility
      // changes after creation: both must move the kept counts the same way the list moves.
      const direct = await createProject(inst, inst.admin, { path: `${tag}-direct` });
      await addMember(inst, 'projects', direct.id, carol.user.id, 10);
      const flips = await createProject(inst, inst.admin, { path: `${tag}-flips`, visibility: 'public' });
      await inst.admin.put(`/projects/${flips.id}`, { visibility: 'private' });
      for (const client of [inst.client(), carol.client, inst.admin]) {
        const seen: number[] = [];
        let total = '';
        for (let page = 1; ; page++) {
          const res = await client.get<ProjectJson[]>('/projects', { per_page: 100, page, simple: true });
          total = res.headers['x-total'] ?? '';
          seen.push(...ids(res.data));
          if (!res.headers['x-next-page']) break;
        }
        expect(Number(total)).toBe(seen.length);
      }
      const carolSees = ids((await carol.client.get<ProjectJson[]>('/projects', { per_page: 100, simple: true })).data);
      expect(carolSees).toContain(direct.id);
      expect(carolSees).not.toContain(flips.id);
      await inst.admin.delete(`/projects/${direct.id}`);
      await inst.admin.delete(`/projects/${flips.id}`);
    });

    it('filters by membership, min_access_level, owned, visibility and search', async () => {
      expect(ids((await carol.client.get<ProjectJson[]>('/projects', { membership: true })).data)).toEqual([groupProject.id]);
      expect(ids((await carol.client.get<ProjectJson[]>('/projects', { min_access_level: 20 })).data)).toEqual([groupProject.id]);
      expect((await carol.client.get<ProjectJson[]>('/projects', { min_access_level: 30 })).data).toEqual([]);
      const own = await createProject(inst, carol.client, { path: `${tag}-own` });
      expect(ids((await carol.client.get<ProjectJson[]>('/projects', { owned: true })).data)).toEqual([own.id]);
      expect(ids((await inst.admin.get<ProjectJson[]>('/projects', { search: tag, visibility: 'internal' })).data)).toEqual([internal.id]);
      expect(ids((await inst.admin.get<ProjectJson[]>('/projects', { search: 'THE PUBLIC' })).data)).toEqual([pub.id]);
      expect((await inst.client().get<ProjectJson[]>('/projects', { owned: true })).data).toEqual([]);
      await expectApiError(carol.client.get('/projects', { min_access_level: 35 }), 400, { error: 'min_access_level does not have a valid value' });
    });

    it('filters by archived', async () => {
      const p = await createProject(inst, alice.client, { path: `${tag}-arch` });
      const archived = await alice.client.post<ProjectJson & { archived: boolean }>(`/projects/${p.id}/archive`);
      expect(archived.status).toBe(201);
      expect(archived.data.archived).toBe(true);
      expect(ids((await alice.client.get<ProjectJson[]>('/projects', { archived: true, owned: true })).data)).toEqual([p.id]);
      expect(ids((await alice.client.get<ProjectJson[]>('/projects', { archived: false, search: `${tag}-arch` })).data)).toEqual([]);
      const back = await alice.client.post<{ archived: boolean }>(`/projects/${p.id}/unarchive`);
      expect(back.data.archived).toBe(false);
      await expectApiError(bob.client.post(`/projects/${p.id}/archive`), 404);
    });

    it('filters by repository_storage for administrators only', async () => {
      const s = await inst.admin.post<ProjectJson>('/projects', { path: `${tag}-second`, repository_storage: 'second' });
      const onSecond = await inst.admin.get<Record<string, unknown>[]>('/projects', { repository_storage: 'second', search: tag });
      expect(ids(onSecond.data as { id: number }[])).toEqual([s.data.id]);
      expect(onSecond.data.every((p) => p.repository_storage === 'second')).toBe(true);
      // Non-administrators: the filter is ignored.
      const carolView = await carol.client.get<ProjectJson[]>('/projects', { repository_storage: 'second', search: tag });
      expect(ids(carolView.data)).toContain(pub.id);
    });

    it('orders by the allowed fields and rejects others', async () => {
      const byPath = await inst.admin.get<ProjectJson[]>('/projects', { search: tag, order_by: 'path', sort: 'asc' });
      expect(byPath.data.map((p) => p.path)).toEqual([...byPath.data.map((p) => p.path)].sort());
      const byId = await inst.admin.get<ProjectJson[]>('/projects', { search: tag, order_by: 'id', sort: 'asc' });
      expect(ids(byId.data)).toEqual([...ids(byId.data)].sort((a, b) => a - b));
      await expectApiError(inst.admin.get('/projects', { order_by: 'stars' }), 400, { error: 'order_by does not have a valid value' });
    });

    it('filters by creation time, with + encoded in the offset', async () => {
      const after = await inst.admin.get<ProjectJson[]>('/projects', { search: tag, created_after: '2026-01-15T11:00:01+01:00' });
      expect(ids(after.data)).toContain(pub.id);
      expect(ids(after.data)).not.toContain(internal.id);
    });

    it('pages by keyset ordered by id, both directions', async () => {
      const asc: number[] = [];
      let res = await inst.admin.get<ProjectJson[]>('/projects', { pagination: 'keyset', order_by: 'id', sort: 'asc', per_page: 2, search: tag });
      for (;;) {
        expect(res.headers['x-total']).toBeUndefined();
        asc.push(...ids(res.data));
        const next = nextLink(res.headers.link);
        // As the platform's keyset pager: every non-empty page links next; only the empty one ends.
        expect(next === undefined).toBe(res.data.length === 0);
        if (!next) break;
        expect(next).toContain('id_after=');
        res = await inst.admin.get<ProjectJson[]>(apiPath(next));
      }
      const all = ids((await inst.admin.get<ProjectJson[]>('/projects', { search: tag, order_by: 'id', sort: 'asc', per_page: 100 })).data);
      expect(asc).toEqual(all);
      const desc = await inst.admin.get<ProjectJson[]>('/projects', { pagination: 'keyset', order_by: 'id', sort: 'desc', per_page: 1, search: tag });
      expect(nextLink(desc.headers.link)).toContain(`id_before=${desc.data[0]!.id}`);
      const last = await inst.admin.get<ProjectJson[]>('/projects', { pagination: 'keyset', order_by: 'id', sort: 'asc', id_after: all[all.length - 1] });
      expect(last.data).toEqual([]);
      expect(last.headers.link).toBeUndefined();
      // The specification requires sort with keyset pages; order_by must be id.
      await expectApiError(inst.admin.get('/projects', { pagination: 'keyset', order_by: 'id' }), 400, { error: 'sort is missing' });
      await expectApiError(inst.admin.get('/projects', { pagination: 'keyset', order_by: 'name', sort: 'asc' }), 405, {
        error: 'Keyset pagination is not yet available for this type of request',
      });
      await expectApiError(inst.client().get('/projects', { pagination: 'keyset', sort: 'desc' }), 405, {
        error: 'Keyset pagination is not yet available for this type of request',
      });
      await expectApiError(inst.admin.get('/projects', { pagination: 'keyset', order_by: 'name' }), 400, { error: 'sort is missing' });
    });

    it('limits offset pagination to 50,000 records, in every order', async () => {
      const limit = {
        error:
          'Offset pagination has a maximum allowed offset of 50000 for requests that return objects of type Project. Remaining records can be retrieved using keyset pagination.',
      };
      await expectApiError(inst.admin.get('/projects', { page: 501, per_page: 100 }), 405, limit);
      // Sizes are sorted in code, not in SQL: the same limit, with or without statistics.
      for (const order_by of ['repository_size', 'storage_size', 'wiki_size', 'packages_size', 'id', 'name', 'similarity', 'star_count']) {
        await expectApiError(inst.admin.get('/projects', { order_by, page: 501, per_page: 100 }), 405, limit);
        await expectApiError(inst.admin.get('/projects', { order_by, statistics: true, page: 501, per_page: 100 }), 405, limit);
        // At the limit itself the page is answered (empty here).
        const last = await inst.admin.get<unknown[]>('/projects', { order_by, page: 500, per_page: 100 });
        expect(last.status, order_by).toBe(200);
        expect(last.data, order_by).toEqual([]);
      }
      // page × per_page as asked, before per_page is capped at 100 (the platform's params[:per_page]).
      await expectApiError(inst.admin.get('/projects', { order_by: 'repository_size', page: 251, per_page: 200 }), 405, limit);
      await expectApiError(inst.admin.get('/projects', { page: 251, per_page: 200 }), 405, limit);
      expect((await inst.admin.get<unknown[]>('/projects', { page: 250, per_page: 200 })).status).toBe(200);
    });

    it('returns basic details with simple=true', async () => {
      const res = await inst.admin.get<Record<string, unknown>[]>('/projects', { search: `${tag}-pub`, simple: true });
      expect(Object.keys(res.data[0]!).sort()).toEqual(
        [
          'id',
          'description',
          'name',
          'name_with_namespace',
          'path',
          'path_with_namespace',
          'created_at',
          'default_branch',
          'tag_list',
          'topics',
          'ssh_url_to_repo',
          'http_url_to_repo',
          'web_url',
          'readme_url',
          'forks_count',
          'avatar_url',
          'star_count',
          'last_activity_at',
          'namespace',
        ].sort(),
      );
    });
  });

  describe('update', () => {
    let fx: RoleFixture;
    beforeAll(async () => {
      fx = await createProjectWithRoles(inst, { visibility: 'internal' }, { visibility: 'internal' });
    });

    it('lets Maintainers change name, description, visibility and default branch', async () => {
      const res = await fx.maintainer.client.put<ProjectJson & { description: string }>(`/projects/${fx.project.id}`, {
        name: 'Renamed',
        description: 'changed',
        visibility: 'private',
        default_branch: 'develop',
      });
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ name: 'Renamed', description: 'changed', visibility: 'private', default_branch: 'develop' });
      expect(res.data.name_with_namespace).toBe(`${fx.group.name} / Renamed`);
    });

    it('refuses Developers (403), non-members of a private project (404) and anonymous callers (401)', async () => {
      await expectApiError(fx.developer.client.put(`/projects/${fx.project.id}`, { description: 'x' }), 403, { message: '403 Forbidden' });
      await expectApiError(fx.nonMember.client.put(`/projects/${fx.project.id}`, { description: 'x' }), 404, { message: '404 Project Not Found' });
      await expectApiError(inst.client().put(`/projects/${fx.project.id}`, { description: 'x' }), 401);
    });

    it('refuses a visibility above the group and taken paths', async () => {
      await expectApiError(fx.maintainer.client.put(`/projects/${fx.project.id}`, { visibility: 'public' }), 400, {
        message: { visibility_level: ['public is not allowed in a internal group.'] },
      });
      const other = await createProject(inst, inst.admin, { namespace_id: fx.group.id });
      await expectApiError(fx.maintainer.client.put(`/projects/${fx.project.id}`, { path: other.path }), 400, { message: { path: ['has already been taken'] } });
    });

    it('redirects the old path after a path change (301 for GET, 405 otherwise)', async () => {
      const p = await createProject(inst, alice.client, { path: unique('before') });
      const oldPath = p.path_with_namespace;
      const res = await alice.client.put<ProjectJson>(`/projects/${p.id}`, { path: 'after-rename' });
      expect(res.data.path_with_namespace).toBe(`${alice.user.username}/after-rename`);
      const moved = await inst.raw('GET', `/projects/${enc(oldPath)}`, { headers: { 'private-token': alice.token } });
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toMatch(new RegExp(`^http://[^/]+/api/v4/projects/${p.id}$`));
      expect(moved.headers['content-type']).toMatch(/^text\/plain/);
      expect(moved.body).toBe(`This resource has been moved permanently to ${moved.headers.location}`);
      const sub = await inst.raw('GET', `/projects/${enc(oldPath)}/members`, { query: 'per_page=5', headers: { 'private-token': alice.token } });
      expect(sub.status).toBe(301);
      expect(sub.headers.location).toMatch(new RegExp(`/api/v4/projects/${p.id}/members\\?per_page=5$`));
      const refused = await alice.client.request('PUT', `/projects/${enc(oldPath)}`, { body: { description: 'x' }, allowError: true });
      expect([refused.status, refused.data]).toEqual([405, { message: 'Non GET methods are not allowed for moved projects' }]);
      // The client follows a GET to the new place (telling its caller once) and names the new
      // path when another method is refused there.
      const told: string[][] = [];
      const following = new ApiClient(inst.transport, { token: alice.token, onMoved: (from, to) => told.push([from, to]) });
      expect((await following.get<ProjectJson>(`/projects/${enc(oldPath)}`)).data.id).toBe(p.id);
      expect((await following.get<unknown[]>(`/projects/${enc(oldPath)}/members`)).status).toBe(200);
      expect(told).toEqual([[`/projects/${enc(oldPath)}`, `/projects/${p.id}`]]);
      await expectApiError(following.put(`/projects/${enc(oldPath)}`, { description: 'x' }), 405, {
        message: `Non GET methods are not allowed for moved projects: it moved to /projects/${p.id}; send the PUT there`,
      });
      await expectApiError(following.post(`/projects/${enc(oldPath)}/repository/tags`, { tag_name: 't', ref: 'main' }), 405, {
        message: `Non GET methods are not allowed for moved projects: it moved to /projects/${p.id}/repository/tags; send the POST there`,
      });
      // Those who cannot see the project learn nothing.
      await expectApiError(bob.client.get(`/projects/${enc(oldPath)}`), 404, { message: '404 Project Not Found' });
      // A new project at the old path takes it over.
      const fresh = await createProject(inst, alice.client, { name: 'fresh', path: oldPath.split('/')[1] });
      expect((await alice.client.get<ProjectJson>(`/projects/${enc(oldPath)}`)).data.id).toBe(fresh.id);
    });
    it("redirects a user's personal projects after the user is renamed", async () => {
      const u = await createUser(inst);
      const p = await createProject(inst, u.client, { path: 'home' });
      const renamed = unique('renamed');
      await inst.admin.put(`/users/${u.user.id}`, { username: renamed });
      const moved = await u.client.request('GET', `/projects/${enc(p.path_with_namespace)}`, { allowError: true, followRedirects: false });
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toMatch(new RegExp(`/api/v4/projects/${p.id}$`));
      expect((await u.client.get<ProjectJson>(`/projects/${enc(`${renamed}/home`)}`)).data.namespace.full_path).toBe(renamed);
    });
  });

  describe('transfer', () => {
    it('moves a project to a group, lowering its visibility, and redirects the old path', async () => {
      const target = await createGroup(inst, alice.client, { visibility: 'internal' });
      const p = await createProject(inst, alice.client, { path: unique('tr'), visibility: 'public' });
      const res = await alice.client.put<ProjectJson>(`/projects/${p.id}/transfer`, { namespace: target.id });
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ path_with_namespace: `${target.path}/${p.path}`, visibility: 'internal', namespace: { id: target.id } });
      const moved = await alice.client.request('GET', `/projects/${enc(p.path_with_namespace)}`, { allowError: true, followRedirects: false });
      expect(moved.status).toBe(301);
      // By full path of the namespace too.
      const back = await alice.client.put<ProjectJson>(`/projects/${p.id}/transfer`, { namespace: alice.user.username });
      expect(back.data.path_with_namespace).toBe(p.path_with_namespace);
    });

    it('answers the platform errors', async () => {
      const p = await createProject(inst, alice.client, { path: unique('tr') });
      await expectApiError(alice.client.put(`/projects/${p.id}/transfer`, { namespace: 999999 }), 404, { message: '404 Namespace Not Found' });
      const hidden = await createGroup(inst, inst.admin);
      await expectApiError(alice.client.put(`/projects/${p.id}/transfer`, { namespace: hidden.id }), 404, { message: '404 Namespace Not Found' });
      await expectApiError(alice.client.put(`/projects/${p.id}/transfer`, {}), 400, { error: 'namespace is missing' });
      await expectApiError(alice.client.put(`/projects/${p.id}/transfer`, { namespace: alice.user.username }), 400, {
        message: 'Failed to transfer project {:new_namespace=>["Project is already in this namespace."]}',
      });
      const readOnly = await createGroup(inst, inst.admin, { visibility: 'internal' });
      await addMember(inst, 'groups', readOnly.id, alice.user.id, 20);
      await expectApiError(alice.client.put(`/projects/${p.id}/transfer`, { namespace: readOnly.id }), 400, {
        message: `Failed to transfer project {:new_namespace=>["You don't have permission to transfer projects into that namespace."]}`,
      });
      const clash = await createGroup(inst, alice.client);
      await createProject(inst, alice.client, { namespace_id: clash.id, path: p.path });
      await expectApiError(alice.client.put(`/projects/${p.id}/transfer`, { namespace: clash.id }), 400, {
        message: 'Failed to transfer project {:new_namespace=>["Project with same name or path in target namespace already exists"]}',
      });
    });

    it('needs Owner on the project', async () => {
      const fx = await createProjectWithRoles(inst);
      const target = await createGroup(inst, fx.maintainer.client);
      await expectApiError(fx.maintainer.client.put(`/projects/${fx.project.id}/transfer`, { namespace: target.id }), 403, { message: '403 Forbidden' });
      await addMember(inst, 'groups', target.id, fx.owner.user.id, 40);
      const res = await fx.owner.client.put<ProjectJson>(`/projects/${fx.project.id}/transfer`, { namespace: target.id });
      expect(res.data.namespace.id).toBe(target.id);
    });
  });

  describe('delete', () => {
    it('deletes with 202 for Owners; Maintainers get 403', async () => {
      const fx = await createProjectWithRoles(inst);
      await expectApiError(fx.maintainer.client.delete(`/projects/${fx.project.id}`), 403, { message: '403 Forbidden' });
      await expectApiError(fx.nonMember.client.delete(`/projects/${fx.project.id}`), 404, { message: '404 Project Not Found' });
      const res = await fx.owner.client.delete(`/projects/${fx.project.id}`);
      expect(res.status).toBe(202);
      expect(res.data).toEqual({ message: '202 Accepted' });
      await expectApiError(inst.admin.get(`/projects/${fx.project.id}`), 404, { message: '404 Project Not Found' });
      const members = inst.core.db.prepare("SELECT COUNT(*) AS n FROM members WHERE source_type = 'project' AND source_id = ?").get(fx.project.id) as { n: number };
      expect(members.n).toBe(0);
    });

    it('lets the owner of a personal project and administrators delete', async () => {
      const p = await createProject(inst, alice.client);
      expect((await alice.client.delete(`/projects/${enc(p.path_with_namespace)}`)).status).toBe(202);
      const q = await createProject(inst, alice.client);
      expect((await inst.admin.delete(`/projects/${q.id}`)).status).toBe(202);
      await expectApiError(inst.admin.delete(`/projects/${q.id}`), 404);
    });
  });

  describe('bad input on every projects endpoint', () => {
    it('answers the Grape 400s', async () => {
      const p = await createProject(inst, alice.client);
      // Thunks: each request is sent only when its answer is awaited (a rejection left waiting
      // would surface as an unhandled error).
      const bad: [() => Promise<unknown>, unknown][] = [
        [() => alice.client.post('/projects', {}), { error: 'name, path are missing, at least one parameter must be provided' }],
        [() => alice.client.post('/projects', { path: unique('p'), namespace_id: 'acme' }), { error: 'namespace_id is invalid' }],
        [() => alice.client.post('/projects', { path: unique('p'), visibility: 'secret' }), { error: 'visibility does not have a valid value' }],
        [() => alice.client.post('/projects', { path: unique('p'), initialize_with_readme: 'sure' }), { error: 'initialize_with_readme is invalid' }],
        [() => alice.client.get('/projects', { archived: 'maybe' }), { error: 'archived is invalid' }],
        [() => alice.client.get('/projects', { min_access_level: 25 }), { error: 'min_access_level does not have a valid value' }],
        [() => alice.client.get('/projects', { id_after: 'x' }), { error: 'id_after is invalid' }],
        [() => alice.client.get('/projects', { updated_before: 'soon' }), { error: 'updated_before is invalid' }],
        [() => alice.client.get('/projects', { pagination: 'cursor' }), { error: 'pagination does not have a valid value' }],
        [() => alice.client.get(`/projects/${p.id}`, { statistics: 'x' }), { error: 'statistics is invalid' }],
        [() => alice.client.put(`/projects/${p.id}`, { visibility: 'secret' }), { error: 'visibility does not have a valid value' }],
        [() => alice.client.get(`/users/${alice.user.id}/projects`, { owned: 'x' }), { error: 'owned is invalid' }],
      ];
      for (const [send, body] of bad) await expectApiError(send(), 400, body);
    });
  });
});
