// The shared conventions of the API (routing, encoding, bodies, pagination, authentication,
// permissions), checked through both transports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, FAKE_NOW, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { apiPathOf as apiPath } from '../../src/client/client.js';
import { createUser, unique, type TestUser, type UserJson } from '../factories/users.js';
import { createGroup, type GroupJson } from '../factories/groups.js';
import { createProject, createProjectWithRoles, type ProjectJson, type RoleFixture } from '../factories/projects.js';
import { ApiError } from '../../src/client/api-error.js';
import type { ApiClient } from '../../src/client/client.js';

const enc = encodeURIComponent;
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const links = (header: string | undefined): Record<string, string> =>
  Object.fromEntries([...(header ?? '').matchAll(/<([^>]+)>; rel="([a-z]+)"/g)].map((m) => [m[2], m[1]]));

/** Follows rel=next links to the end, collecting ids. */
async function walk(client: ApiClient, path: string, query: Record<string, unknown>): Promise<number[]> {
  const out: number[] = [];
  let res = await client.get<{ id: number }[]>(path, query);
  for (let guard = 0; guard < 1000; guard++) {
    out.push(...ids(res.data));
    const next = links(res.headers.link).next;
    if (!next) break;
    res = await client.get<{ id: number }[]>(apiPath(next));
  }
  return out;
}

describe.each(TRANSPORTS)('API conventions (%s)', (kind) => {
  let inst: Instance;
  let alice: TestUser;
  let group: GroupJson;
  let project: ProjectJson;

  beforeAll(async () => {
    inst = await startInstance(kind);
    alice = await createUser(inst);
    group = await createGroup(inst, alice.client, { path: unique('acme') });
    project = await createProject(inst, alice.client, { namespace_id: group.id, path: 'web' });
  });
  afterAll(() => inst.close());

  const token = () => ({ 'private-token': alice.token });

  describe('routing and encoding', () => {
    it('answers unknown routes with 404 {"error":"404 Not Found"}', async () => {
      for (const path of ['/nothing/here', '/projects/1/nonsense', '/']) {
        const res = await inst.raw('GET', path, { headers: token() });
        expect(res.status).toBe(404);
        expect(res.json).toEqual({ error: '404 Not Found' });
      }
    });

    it('needs namespaced paths URL-encoded: a raw slash matches no endpoint', async () => {
      const raw = await inst.raw('GET', `/projects/${group.path}/web`, { headers: token() });
      expect(raw.status).toBe(404);
      expect(raw.json).toEqual({ error: '404 Not Found' });
      const encoded = await inst.raw('GET', `/projects/${group.path}%2Fweb`, { headers: token() });
      expect(encoded.status).toBe(200);
      expect((encoded.json as ProjectJson).id).toBe(project.id);
      const lower = await inst.raw('GET', `/projects/${group.path}%2fweb`, { headers: token() });
      expect(lower.status).toBe(200);
      const byId = await inst.raw('GET', `/projects/${project.id}`, { headers: token() });
      expect(byId.status).toBe(200);
      expect((await inst.raw('GET', `/groups/${enc(group.full_path)}`, { headers: token() })).status).toBe(200);
      expect((await inst.raw('GET', `/groups/${group.id}`, { headers: token() })).status).toBe(200);
    });

    it('answers a wrong method on an existing path with 405', async () => {
      const res = await inst.raw('PATCH', `/projects/${project.id}`, { headers: token() });
      expect(res.status).toBe(405);
      expect(res.json).toEqual({ error: '405 Not Allowed' });
      expect((await inst.raw('POST', `/projects/${project.id}/members/all`, { headers: token() })).status).toBe(405);
    });

    it('answers 414 to a query string over 16 KiB, however long, with its JSON body', async () => {
      const res = await inst.raw('GET', '/projects', { query: `search=${'a'.repeat(16 * 1024)}`, headers: token() });
      expect(res.status).toBe(414);
      // Past the HTTP parser's own limit too (64 KiB for a request's line and headers).
      for (const length of [100 * 1024, 1024 * 1024]) {
        const long = await inst.raw('GET', '/projects', { query: `search=${'a'.repeat(length)}`, headers: token() });
        expect(long.status, String(length)).toBe(414);
        expect(long.json).toEqual({ message: '414 Request-URI Too Large' });
      }
    });

    it('decodes a %2B-encoded + in an ISO 8601 query value; a raw + is a space', async () => {
      inst.clock.advance(60_000);
      const later = await createProject(inst, alice.client, { path: unique('later') });
      try {
        // 10:00:30+01:00 is 09:00:30Z: both projects are newer.
        const both = await inst.raw('GET', '/projects', { query: `owned=true&created_after=2026-01-15T10:00:30%2B01:00`, headers: token() });
        expect(ids(both.json as ProjectJson[])).toEqual(expect.arrayContaining([later.id, project.id]));
        // 09:00:30-01:00 is 10:00:30Z: only the later one.
        const one = await inst.raw('GET', '/projects', { query: `owned=true&created_after=2026-01-15T09:00:30-01:00`, headers: token() });
        expect(ids(one.json as ProjectJson[])).toEqual([later.id]);
        const raw = await inst.raw('GET', '/projects', { query: 'created_after=2026-01-15T10:00:30+01:00', headers: token() });
        expect(raw.status).toBe(400);
        expect(raw.json).toEqual({ error: 'created_after is invalid' });
        // The client encodes it right.
        const viaClient = await alice.client.get<ProjectJson[]>('/projects', { owned: true, created_after: '2026-01-15T10:00:30+01:00' });
        expect(ids(viaClient.data)).toEqual(expect.arrayContaining([later.id, project.id]));
      } finally {
        inst.clock.set(FAKE_NOW);
      }
    });
  });

  describe('names that would reach an object prototype', () => {
    // The same answer on both transports: 400 with the platform's `{"error": ...}` for a header,
    // query or body key named __proto__, constructor or prototype, and nothing polluted after.
    const refusal = (name: string) => ({ error: `${name} is not an allowed parameter name` });
    const names = ['__proto__', 'constructor', 'prototype'];

    it('refuses them as header names, signed in or not, in any case', async () => {
      for (const name of names) {
        for (const sent of [name, name.toUpperCase()]) {
          const anonymous = await inst.raw('GET', '/projects', { headers: { [sent]: 'x' } });
          expect([anonymous.status, anonymous.json], `header ${sent}`).toEqual([400, refusal(name)]);
          const signedIn = await inst.raw('GET', '/user', { headers: { 'private-token': inst.rootToken, [sent]: '{"is_admin":true}' } });
          expect([signedIn.status, signedIn.json], `header ${sent}`).toEqual([400, refusal(name)]);
        }
      }
      // A name that only starts so is an ordinary header.
      const ordinary = await inst.raw('GET', '/user', { headers: { 'private-token': inst.rootToken, __proto__x: 'y', 'x-constructor': 'z' } });
      expect(ordinary.status).toBe(200);
      expect(({} as Record<string, unknown>).is_admin).toBeUndefined();
    });

    it('refuses them as query and JSON body keys', async () => {
      for (const name of names) {
        const query = await inst.raw('GET', '/projects', { query: `${name}[admin]=1` });
        expect([query.status, query.json], `query ${name}`).toEqual([400, refusal(name)]);
        const body = await inst.raw('POST', '/projects', { headers: { 'private-token': inst.rootToken, 'content-type': 'application/json' }, body: `{"name":"p","${name}":{"admin":true}}` });
        expect([body.status, body.json], `body ${name}`).toEqual([400, refusal(name)]);
      }
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });
  });

  describe('request bodies', () => {
    it('accepts JSON, urlencoded and multipart bodies for the same POST', async () => {
      const json = await inst.raw('POST', '/groups', {
        headers: { ...token(), 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Json Group', path: unique('json') }),
      });
      expect(json.status).toBe(201);
      expect((json.json as GroupJson).name).toBe('Json Group');
      const formPath = unique('form');
      const form = await inst.raw('POST', '/groups', {
        headers: { ...token(), 'content-type': 'application/x-www-form-urlencoded' },
        body: `name=Form+Group+%28eu%29&path=${formPath}&visibility=internal`,
      });
      expect(form.status).toBe(201);
      expect(form.json).toMatchObject({ name: 'Form Group (eu)', path: formPath, visibility: 'internal' });
      const multi = await alice.client.request<GroupJson>('POST', '/groups', { multipart: { name: 'Multipart Group', path: unique('multi'), description: 'línea' } });
      expect(multi.status).toBe(201);
      expect(multi.data).toMatchObject({ name: 'Multipart Group', description: 'línea' });
      const broken = await inst.raw('POST', '/groups', { headers: { ...token(), 'content-type': 'application/json' }, body: '{"name":' });
      expect(broken.status).toBe(400);
    });

    it('answers 400 to a multipart body that ends inside a file part, and goes on answering', async () => {
      const boundary = 'cut-off-boundary';
      const cutOff = (field: string) => ({
        headers: { ...token(), 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nno closing boundary`,
      });
      const targets: [string, string, string][] = [
        ['GET', '/version', 'file'],
        ['POST', '/groups', 'file'],
        ['POST', `/projects/${project.id}/wikis/attachments`, 'file'],
        // A streamed upload: the part it keeps, and a part it reads past.
        ['PUT', `/projects/${project.id}/packages/generic/cut/1.0.0/a.txt`, 'file'],
        ['PUT', `/projects/${project.id}/packages/generic/cut/1.0.0/a.txt`, 'other'],
      ];
      for (const [method, path, field] of targets) {
        const res = await inst.raw(method, path, cutOff(field));
        expect(res.status, `${method} ${path} (${field})`).toBe(400);
        expect(res.json).toEqual({ error: 'The multipart body could not be parsed' });
      }
      const after = await inst.raw('GET', '/version', { headers: token() });
      expect(after.status).toBe(200);
      const files = await inst.raw('GET', `/projects/${project.id}/packages`, { headers: token() });
      expect(files.json).toEqual([]);
    });

    it('reads name[]=a&name[]=b arrays and name[key]=v hashes', async () => {
      const a = await createGroup(inst, alice.client, { name: 'arr-a', path: unique('arr') });
      const b = await createGroup(inst, alice.client, { name: 'arr-b', path: unique('arr') });
      const c = await createGroup(inst, alice.client, { name: 'arr-c', path: unique('arr') });
      const res = await inst.raw('GET', '/groups', { query: `search=arr-&skip_groups[]=${a.id}&skip_groups[]=${c.id}`, headers: token() });
      expect(ids(res.json as GroupJson[])).toEqual([b.id]);
      const bad = await inst.raw('GET', '/groups', { query: 'skip_groups[]=x', headers: token() });
      expect(bad.json).toEqual({ error: 'skip_groups is invalid' });
      const hash = await inst.raw('GET', '/projects', { query: 'custom_attributes[department]=eng', headers: { 'private-token': inst.rootToken } });
      expect(hash.status).toBe(200);
      expect(hash.json).toEqual([]);
      const notHash = await inst.raw('GET', '/projects', { query: 'custom_attributes=eng', headers: { 'private-token': inst.rootToken } });
      expect(notHash.status).toBe(400);
      expect(notHash.json).toEqual({ error: 'custom_attributes is invalid' });
      // The same forms in a urlencoded body.
      const u = await createUser(inst);
      const form = await inst.raw('POST', `/projects/${project.id}/members`, {
        headers: { ...token(), 'content-type': 'application/x-www-form-urlencoded' },
        body: `user_id=${u.user.id}&access_level=30`,
      });
      expect(form.status).toBe(201);
      const filtered = await inst.raw('GET', `/projects/${project.id}/members`, { query: `user_ids[]=${u.user.id}`, headers: token() });
      expect(ids(filtered.json as UserJson[])).toEqual([u.user.id]);
    });
  });

  describe('offset pagination', () => {
    let tag: string;
    beforeAll(async () => {
      tag = unique('pg');
      for (let i = 0; i < 5; i++) await createGroup(inst, alice.client, { name: `${tag}-${i}`, path: `${tag}-${i}` });
    });

    it('sends the platform headers and Link relations', async () => {
      const res = await alice.client.get<GroupJson[]>('/groups', { search: tag, per_page: 2, page: 2 });
      expect(res.data.map((g) => g.name)).toEqual([`${tag}-2`, `${tag}-3`]);
      expect(res.headers).toMatchObject({ 'x-page': '2', 'x-per-page': '2', 'x-next-page': '3', 'x-prev-page': '1', 'x-total': '5', 'x-total-pages': '3' });
      const rel = links(res.headers.link);
      expect(Object.keys(rel)).toEqual(['prev', 'next', 'first', 'last']);
      expect(rel.next).toContain('page=3');
      expect(rel.last).toContain('page=3');
      const all: string[] = [];
      for await (const g of alice.client.paginate<GroupJson>('/groups', { search: tag, per_page: 2 })) all.push(g.name);
      expect(all).toHaveLength(5);
    });

    it('clamps per_page to 100', async () => {
      const res = await alice.client.get('/groups', { per_page: 500 });
      expect(res.headers['x-per-page']).toBe('100');
    });

    it('refuses per_page=0, page=0 and non-integer pages with 400', async () => {
      await expectApiError(alice.client.get('/groups', { per_page: 0 }), 400, { error: 'per_page has a value not allowed' });
      await expectApiError(alice.client.get('/groups', { page: 0 }), 400, { error: 'page does not have a valid value' });
      await expectApiError(alice.client.get('/groups', { page: -1 }), 400, { error: 'page does not have a valid value' });
      await expectApiError(alice.client.get('/groups', { page: 'abc' }), 400, { error: 'page is invalid' });
      await expectApiError(alice.client.get('/groups', { per_page: 'many' }), 400, { error: 'per_page is invalid' });
    });

    it('answers a page past the end with [] and headers', async () => {
      const res = await alice.client.get('/groups', { search: tag, per_page: 2, page: 9 });
      expect(res.data).toEqual([]);
      expect(res.headers).toMatchObject({ 'x-page': '9', 'x-next-page': '', 'x-prev-page': '8', 'x-total': '5', 'x-total-pages': '3' });
      const empty = await alice.client.get('/groups', { search: 'no-such-group-anywhere' });
      expect(empty.headers).toMatchObject({ 'x-total': '0', 'x-total-pages': '1', 'x-next-page': '' });
    });
  });

  describe('keyset pagination', () => {
    it('pages users by every supported order, matching the offset listing', async () => {
      const made: TestUser[] = [];
      for (const n of ['delta', 'alpha', 'charlie', 'bravo', 'echo']) made.push(await createUser(inst, { username: unique(`ks${n}`), name: `KS ${n}` }));
      inst.clock.advance(1000);
      await inst.admin.put(`/users/${made[1]!.user.id}`, { bio: 'touched' });
      try {
        for (const order_by of ['id', 'name', 'username', 'created_at', 'updated_at']) {
          for (const sort of ['asc', 'desc']) {
            const offset = ids((await inst.admin.get<UserJson[]>('/users', { order_by, sort, per_page: 100 })).data);
            const keyset = await walk(inst.admin, '/users', { pagination: 'keyset', order_by, sort, per_page: 2 });
            expect(keyset, `${order_by} ${sort}`).toEqual(offset);
          }
        }
      } finally {
        inst.clock.set(FAKE_NOW);
      }
      const first = await inst.admin.get<UserJson[]>('/users', { pagination: 'keyset', order_by: 'id', sort: 'asc', per_page: 2 });
      expect(first.headers['x-total']).toBeUndefined();
      expect(links(first.headers.link).next).toContain('cursor=');
    });

    it('pages projects by id with id_after / id_before', async () => {
      const all = ids((await inst.admin.get<ProjectJson[]>('/projects', { order_by: 'id', sort: 'asc', per_page: 100 })).data);
      expect(await walk(inst.admin, '/projects', { pagination: 'keyset', order_by: 'id', sort: 'asc', per_page: 2 })).toEqual(all);
      expect(await walk(inst.admin, '/projects', { pagination: 'keyset', order_by: 'id', sort: 'desc', per_page: 3 })).toEqual([...all].reverse());
      const end = await inst.admin.get('/projects', { pagination: 'keyset', order_by: 'id', sort: 'asc', id_after: all[all.length - 1] });
      expect(end.data).toEqual([]);
      expect(end.headers.link).toBeUndefined();
      expect(end.headers['x-total']).toBeUndefined();
    });
  });

  describe('authentication', () => {
    let sudoToken: string;
    let rootId: number;

    beforeAll(async () => {
      rootId = (await inst.admin.get<UserJson>('/user')).data.id;
      sudoToken = (await inst.admin.post<{ token: string }>(`/users/${rootId}/personal_access_tokens`, { name: 'sudo', scopes: ['api', 'sudo'] })).data.token;
    });

    it('lets an admin with a sudo-scoped token act as another user', async () => {
      const asAlice = await inst.client(sudoToken, alice.user.username).get<UserJson>('/user');
      expect(asAlice.data.id).toBe(alice.user.id);
      const byId = await inst.client(sudoToken, String(alice.user.id)).get<UserJson>('/user');
      expect(byId.data.username).toBe(alice.user.username);
      const param = await inst.raw('GET', '/user', { query: `sudo=${alice.user.username.toUpperCase()}`, headers: { 'private-token': sudoToken } });
      expect((param.json as UserJson).id).toBe(alice.user.id);
      // Acting as someone means their permissions: bob cannot see alice's private project.
      const bob = await createUser(inst);
      await expectApiError(inst.client(sudoToken, bob.user.username).get(`/projects/${project.id}`), 404, { message: '404 Project Not Found' });
      const created = await inst.client(sudoToken, bob.user.username).post<ProjectJson>('/projects', { path: unique('sudo') });
      expect(created.data.namespace.full_path).toBe(bob.user.username);
    });

    it('refuses sudo to non-admins, for unknown users and without the sudo scope', async () => {
      await expectApiError(inst.client(alice.token, 'root').get('/user'), 403, { message: '403 Forbidden - Must be admin to use sudo' });
      await expectApiError(inst.client(sudoToken, 'no-such-user').get('/user'), 404, { message: "404 User with ID or username 'no-such-user' Not Found" });
      await expectApiError(inst.client(inst.rootToken, alice.user.username).get('/user'), 403, {
        error: 'insufficient_scope',
        error_description: 'The request requires higher privileges than provided by the access token.',
        scope: 'sudo',
      });
    });

    it('refuses read_api tokens on writes with 403 insufficient_scope', async () => {
      const { data } = await inst.admin.post<{ token: string }>(`/users/${alice.user.id}/personal_access_tokens`, { name: 'ro', scopes: ['read_api'] });
      const ro = inst.client(data.token);
      expect((await ro.get(`/projects/${project.id}`)).status).toBe(200);
      await expectApiError(ro.post('/projects', { path: unique('ro') }), 403, {
        error: 'insufficient_scope',
        error_description: 'The request requires higher privileges than provided by the access token.',
        scope: 'api',
      });
      await expectApiError(ro.put(`/projects/${project.id}`, { description: 'x' }), 403);
    });

    it("refuses a blocked user's token with 403", async () => {
      const u = await createUser(inst);
      await inst.admin.post(`/users/${u.user.id}/block`);
      await expectApiError(u.client.get('/projects'), 403, { message: '403 Forbidden - Your account has been blocked.' });
      await inst.admin.post(`/users/${u.user.id}/unblock`);
      expect((await u.client.get('/projects')).status).toBe(200);
    });

    it('accepts Authorization: Bearer and answers 401 to bad tokens', async () => {
      const res = await inst.raw('GET', `/projects/${project.id}`, { headers: { authorization: `Bearer ${alice.token}` } });
      expect(res.status).toBe(200);
      await expectApiError(inst.client('not-a-token').get('/projects'), 401, { message: '401 Unauthorized' });
    });
  });

  describe('permission matrix on one project', () => {
    let fx: RoleFixture;
    let pub: ProjectJson;
    let clients: Record<string, ApiClient>;

    beforeAll(async () => {
      fx = await createProjectWithRoles(inst);
      pub = await createProject(inst, inst.admin, { namespace_id: fx.group.id, visibility: 'private' });
      await inst.admin.put(`/groups/${fx.group.id}`, { visibility: 'public' });
      await inst.admin.put(`/projects/${pub.id}`, { visibility: 'public' });
      for (const who of [fx.maintainer, fx.developer, fx.reporter, fx.guest]) {
        await inst.admin.post(`/projects/${pub.id}/members`, { user_id: who.user.id, access_level: (await fx.owner.client.get<{ access_level: number }>(`/projects/${fx.project.id}/members/${who.user.id}`)).data.access_level });
      }
      clients = {
        admin: inst.admin,
        owner: fx.owner.client,
        maintainer: fx.maintainer.client,
        developer: fx.developer.client,
        reporter: fx.reporter.client,
        guest: fx.guest.client,
        nonMember: fx.nonMember.client,
        anonymous: inst.client(),
      };
    });

    const status = async (p: Promise<unknown>) =>
      p.then(
        () => 200,
        (e: unknown) => (e as ApiError).status,
      );

    it('reads: private projects are 404 to non-members and anonymous callers', async () => {
      const expected = { admin: 200, owner: 200, maintainer: 200, developer: 200, reporter: 200, guest: 200, nonMember: 404, anonymous: 404 };
      const got: Record<string, number> = {};
      for (const [role, client] of Object.entries(clients)) got[role] = await status(client.get(`/projects/${fx.project.id}`));
      expect(got).toEqual(expected);
    });

    it('reads: public projects are readable by everyone, anonymously too', async () => {
      const got: Record<string, number> = {};
      for (const [role, client] of Object.entries(clients)) got[role] = await status(client.get(`/projects/${pub.id}`));
      expect(Object.values(got).every((s) => s === 200)).toBe(true);
    });

    it('updates: Maintainer and up; 403 for visible-but-not-allowed, 404 for invisible, 401 anonymous', async () => {
      const expectedPrivate = { admin: 200, owner: 200, maintainer: 200, developer: 403, reporter: 403, guest: 403, nonMember: 404, anonymous: 401 };
      const expectedPublic = { ...expectedPrivate, nonMember: 403 };
      const priv: Record<string, number> = {};
      const open: Record<string, number> = {};
      for (const [role, client] of Object.entries(clients)) {
        priv[role] = await status(client.put(`/projects/${fx.project.id}`, { description: `by ${role}` }));
        open[role] = await status(client.put(`/projects/${pub.id}`, { description: `by ${role}` }));
      }
      expect(priv).toEqual(expectedPrivate);
      expect(open).toEqual(expectedPublic);
    });
  });
});

describe.each(TRANSPORTS)('large lists (%s)', (kind) => {
  let inst: Instance;
  const SEEDED = 10_005;

  beforeAll(async () => {
    inst = await startInstance(kind);
    const db = inst.core.db;
    const ns = db.prepare("SELECT id FROM namespaces WHERE kind = 'user' AND full_path_lower = 'root'").get() as { id: number };
    const insert = db.prepare(
      `INSERT INTO projects (namespace_id, name, path, path_lower, visibility, created_at, updated_at, last_activity_at)
       VALUES (?, ?, ?, ?, 'public', ?, ?, ?)`,
    );
    inst.core.tx(() => {
      for (let i = 0; i < SEEDED; i++) insert.run(ns.id, `bulk-${i}`, `bulk-${i}`, `bulk-${i}`, FAKE_NOW, FAKE_NOW, FAKE_NOW);
    });
  });
  afterAll(() => inst.close());

  it('omits x-total, x-total-pages and rel=last past 10,000 matches', async () => {
    const res = await inst.admin.get<ProjectJson[]>('/projects', { per_page: 3, page: 2 });
    expect(res.data).toHaveLength(3);
    expect(res.headers['x-total']).toBeUndefined();
    expect(res.headers['x-total-pages']).toBeUndefined();
    expect(res.headers).toMatchObject({ 'x-page': '2', 'x-per-page': '3', 'x-next-page': '3', 'x-prev-page': '1' });
    expect(Object.keys(links(res.headers.link))).toEqual(['prev', 'next', 'first']);
    const anon = await inst.client().get<ProjectJson[]>('/projects', { per_page: 1 });
    expect(anon.headers['x-total']).toBeUndefined();
  });

  it('keeps the totals when a filter narrows the list below the limit', async () => {
    // bulk-1000 and bulk-10000 … bulk-10004.
    const res = await inst.admin.get<ProjectJson[]>('/projects', { search: 'bulk-1000', per_page: 5 });
    expect(res.headers['x-total']).toBe('6');
    expect(links(res.headers.link).last).toBeDefined();
  });

  it('pages the large list by keyset', async () => {
    const first = await inst.admin.get<ProjectJson[]>('/projects', { pagination: 'keyset', order_by: 'id', sort: 'desc', per_page: 100 });
    expect(first.data).toHaveLength(100);
    const next = await inst.admin.get<ProjectJson[]>(apiPath(links(first.headers.link).next!));
    expect(next.data[0]!.id).toBe(first.data[99]!.id - 1);
  });
});
