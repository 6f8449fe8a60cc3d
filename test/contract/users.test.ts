// Users as a client of the real platform sets them up: create with identities, list, get,
// update, delete, the current user, and the permission and bad-input answers of each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createUser, unique, type TestUser, type UserJson } from '../factories/users.js';
import { createGroup } from '../factories/groups.js';
import { verifyPassword } from '../../src/core/auth/secrets.js';

const FORBIDDEN = { message: '403 Forbidden' };
const USER_NOT_FOUND = { message: '404 User Not Found' };

describe.each(TRANSPORTS)('users (%s)', (kind) => {
  let inst: Instance;
  let alice: TestUser;

  beforeAll(async () => {
    inst = await startInstance(kind);
    alice = await createUser(inst);
  });
  afterAll(() => inst.close());

  const body = (extra: Record<string, unknown> = {}): Record<string, unknown> & { username: string; email: string; name: string } => {
    const username = unique('u');
    return { username, email: `${username}@example.com`, name: `Name ${username}`, ...extra };
  };

  describe('POST /users', () => {
    it('creates with the admin shape and an identity from provider + extern_uid', async () => {
      const b = body({ password: 'long-enough-1', provider: 'ldapmain', extern_uid: 'cn=alice,dc=example', skip_confirmation: true, note: 'imported' });
      const res = await inst.admin.post<UserJson>('/users', b);
      expect(res.status).toBe(201);
      expect(res.data).toMatchObject({
        username: b.username,
        email: b.email,
        name: b.name,
        state: 'active',
        is_admin: false,
        external: false,
        note: 'imported',
        bot: false,
        identities: [{ provider: 'ldapmain', extern_uid: 'cn=alice,dc=example', saml_provider_id: null }],
      });
      expect(typeof res.data.namespace_id).toBe('number');
      expect(res.data.confirmed_at).toBe(res.data.created_at);
    });

    it('accepts the password alternatives real clients send, false values included', async () => {
      const random = await inst.admin.post<UserJson>('/users', body({ force_random_password: true, reset_password: false, skip_confirmation: true }));
      expect(random.status).toBe(201);
      const reset = await inst.admin.post<UserJson>('/users', body({ reset_password: true }));
      expect(reset.status).toBe(201);
      const admin = await inst.admin.post<UserJson>('/users', body({ password: 'long-enough-1', admin: true, external: false, projects_limit: 5, can_create_group: false }));
      expect(admin.data).toMatchObject({ is_admin: true, projects_limit: 5, can_create_group: false });
    });

    it('stores a password only as a hash at the instance\'s cost, and a new password replaces it', async () => {
      const digest = (id: number) => (inst.core.db.prepare('SELECT password_digest FROM users WHERE id = ?').get(id) as { password_digest: string }).password_digest;
      const made = await inst.admin.post<UserJson>('/users', body({ password: 'long-enough-1' }));
      const first = digest(made.data.id);
      expect(first).not.toContain('long-enough-1');
      expect(first.startsWith(`scrypt$ln=${inst.core.settings.passwordHashCost}$`)).toBe(true);
      expect(verifyPassword('long-enough-1', first)).toBe(true);
      expect(verifyPassword('long-enough-2', first)).toBe(false);
      await inst.admin.put(`/users/${made.data.id}`, { password: 'long-enough-2' });
      expect(verifyPassword('long-enough-2', digest(made.data.id))).toBe(true);
      expect(verifyPassword('long-enough-1', digest(made.data.id))).toBe(false);
    });

    it('answers the Grape 400s for missing and malformed params', async () => {
      await expectApiError(inst.admin.post('/users', body()), 400, {
        error: 'password, reset_password, force_random_password are missing, at least one parameter must be provided',
      });
      await expectApiError(inst.admin.post('/users', { password: 'long-enough-1' }), 400, { error: 'email is missing, name is missing, username is missing' });
      await expectApiError(inst.admin.post('/users', body({ password: 'long-enough-1', provider: 'ldapmain' })), 400, {
        error: 'extern_uid, provider provide all or none of parameters',
      });
      await expectApiError(inst.admin.post('/users', body({ password: 'long-enough-1', admin: 'perhaps' })), 400, { error: 'admin is invalid' });
      await expectApiError(inst.admin.post('/users', body({ password: 'long-enough-1', projects_limit: 'many' })), 400, { error: 'projects_limit is invalid' });
    });

    it('answers model errors with 400 and taken email or username with 409', async () => {
      await expectApiError(inst.admin.post('/users', body({ password: 'long-enough-1', email: 'not-an-email' })), 400, { message: { email: ['is invalid'] } });
      await expectApiError(inst.admin.post('/users', body({ password: 'short' })), 400, { message: { password: ['is too short (minimum is 8 characters)'] } });
      await expectApiError(inst.admin.post('/users', body({ password: 'long-enough-1', email: alice.user.email.toUpperCase() })), 409, {
        message: 'Email has already been taken',
      });
      await expectApiError(inst.admin.post('/users', body({ password: 'long-enough-1', username: alice.user.username })), 409, {
        message: 'Username has already been taken',
      });
      const g = await createGroup(inst);
      await expectApiError(inst.admin.post('/users', body({ password: 'long-enough-1', username: g.path })), 409, { message: 'Username has already been taken' });
      const taken = await inst.admin.post<UserJson>('/users', body({ password: 'long-enough-1', provider: 'saml', extern_uid: 'dup-1' }));
      expect(taken.status).toBe(201);
      await expectApiError(inst.admin.post('/users', body({ password: 'long-enough-1', provider: 'saml', extern_uid: 'dup-1' })), 400, {
        message: { 'identities.extern_uid': ['has already been taken'] },
      });
    });

    it('answers a null for a required attribute with the blank-value 400, on create and update alike', async () => {
      await expectApiError(inst.admin.post('/users', body({ password: 'long-enough-1', name: null })), 400, { error: 'name is empty' });
      await expectApiError(inst.admin.put(`/users/${alice.user.id}`, { name: null }), 400, { message: { name: ["can't be blank"] } });
      await expectApiError(inst.admin.put(`/users/${alice.user.id}`, { email: null }), 400, { message: { email: ["can't be blank"] } });
      const after = await inst.admin.get<UserJson>(`/users/${alice.user.id}`);
      expect(after.data.name).toBe(alice.user.name);
    });

    it('is for administrators: 403 for users, 401 anonymously', async () => {
      await expectApiError(alice.client.post('/users', body({ password: 'long-enough-1' })), 403, FORBIDDEN);
      await expectApiError(inst.client().post('/users', body({ password: 'long-enough-1' })), 401, { message: '401 Unauthorized' });
    });
  });

  describe('GET /users', () => {
    it("gives each user of an administrator's page its own identities and namespace, offset and keyset pages alike", async () => {
      const made: UserJson[] = [];
      for (const uid of ['uid=a', '', 'uid=c']) {
        const res = await inst.admin.post<UserJson>('/users', body({ password: 'long-enough-1', skip_confirmation: true, ...(uid ? { provider: 'ldapmain', extern_uid: uid } : {}) }));
        made.push(res.data);
      }
      const expected = made.map((u) => ({ id: u.id, identities: u.identities, namespace_id: u.namespace_id }));
      expect(new Set(expected.map((u) => u.namespace_id)).size).toBe(3);
      const pick = (rows: UserJson[]) => rows.filter((u) => made.some((m) => m.id === u.id)).map((u) => ({ id: u.id, identities: u.identities, namespace_id: u.namespace_id }));
      const offset = await inst.admin.get<UserJson[]>('/users', { order_by: 'id', sort: 'asc', per_page: 100 });
      expect(pick(offset.data)).toEqual(expected);
      const keyset = await inst.admin.get<UserJson[]>('/users', { pagination: 'keyset', order_by: 'id', sort: 'asc', per_page: 100 });
      expect(pick(keyset.data)).toEqual(expected);
      expect(expected.map((u) => (u.identities as { extern_uid: string }[]).map((i) => i.extern_uid))).toEqual([['uid=a'], [], ['uid=c']]);
    });

    it('shows administrators the admin view and others the basic one', async () => {
      const admin = await inst.admin.get<UserJson[]>('/users', { username: alice.user.username });
      expect(admin.data).toHaveLength(1);
      expect(admin.data[0]).toMatchObject({ email: alice.user.email, identities: [], is_admin: false });
      const user = await alice.client.get<UserJson[]>('/users', { username: alice.user.username });
      expect(Object.keys(user.data[0]!).sort()).toEqual(['avatar_url', 'id', 'locked', 'name', 'state', 'username', 'web_url']);
    });

    it('lets anonymous callers look up one username only', async () => {
      const one = await inst.client().get<UserJson[]>('/users', { username: alice.user.username.toUpperCase() });
      expect(one.data.map((u) => u.id)).toEqual([alice.user.id]);
      await expectApiError(inst.client().get('/users'), 403, { message: '403 Forbidden - Not authorized to access /api/v4/users' });
    });

    it('finds users by identity for administrators only', async () => {
      const b = body({ password: 'long-enough-1', provider: 'github', extern_uid: unique('gh') });
      const made = (await inst.admin.post<UserJson>('/users', b)).data;
      const hit = await inst.admin.get<UserJson[]>('/users', { provider: 'github', extern_uid: b.extern_uid });
      expect(hit.data.map((u) => u.id)).toEqual([made.id]);
      await expectApiError(alice.client.get('/users', { provider: 'github', extern_uid: b.extern_uid }), 403, FORBIDDEN);
      await expectApiError(inst.admin.get('/users', { provider: 'github' }), 400, { error: 'extern_uid, provider provide all or none of parameters' });
    });

    it('filters by search, active, blocked, external and admins', async () => {
      const ext = (await inst.admin.post<UserJson>('/users', body({ password: 'long-enough-1', external: true }))).data;
      const blocked = (await inst.admin.post<UserJson>('/users', body({ password: 'long-enough-1' }))).data;
      await inst.admin.post(`/users/${blocked.id}/block`);
      const ids = async (q: Record<string, unknown>) => (await inst.admin.get<UserJson[]>('/users', { per_page: 100, ...q })).data.map((u) => u.id);
      expect(await ids({ search: alice.user.username })).toEqual([alice.user.id]);
      expect(await ids({ search: alice.user.email })).toEqual([alice.user.id]);
      expect(await ids({ external: true })).toContain(ext.id);
      expect(await ids({ external: true })).not.toContain(alice.user.id);
      expect(await ids({ blocked: true })).toEqual([blocked.id]);
      expect(await ids({ active: true })).not.toContain(blocked.id);
      const admins = await ids({ admins: true });
      expect(admins).not.toContain(alice.user.id);
      expect(admins.length).toBeGreaterThan(0);
    });

    it('orders and filters by time for administrators; others get those ignored', async () => {
      const asc = (await inst.admin.get<UserJson[]>('/users', { order_by: 'id', sort: 'asc', per_page: 100 })).data.map((u) => u.id);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      const mine = (await alice.client.get<UserJson[]>('/users', { order_by: 'id', sort: 'asc', per_page: 100 })).data.map((u) => u.id);
      expect(mine).toEqual([...mine].sort((a, b) => b - a));
      expect((await inst.admin.get<UserJson[]>('/users', { created_after: '2030-01-01T00:00:00Z' })).data).toEqual([]);
      expect((await alice.client.get<UserJson[]>('/users', { created_after: '2030-01-01T00:00:00Z' })).data.length).toBeGreaterThan(0);
    });

    it('answers 400 for malformed filters', async () => {
      await expectApiError(inst.admin.get('/users', { active: 'maybe' }), 400, { error: 'active is invalid' });
      await expectApiError(inst.admin.get('/users', { order_by: 'email' }), 400, { error: 'order_by does not have a valid value' });
      await expectApiError(inst.admin.get('/users', { sort: 'up' }), 400, { error: 'sort does not have a valid value' });
      await expectApiError(inst.admin.get('/users', { created_before: 'yesterday' }), 400, { error: 'created_before is invalid' });
      await expectApiError(inst.admin.get('/users', { two_factor: 'maybe' }), 400, { error: 'two_factor does not have a valid value' });
    });
  });

  describe('GET /users/:id and GET /user', () => {
    it('shows administrators the admin view and users the public one', async () => {
      const admin = await inst.admin.get<UserJson>(`/users/${alice.user.id}`);
      expect(admin.data).toMatchObject({ id: alice.user.id, email: alice.user.email, is_admin: false, identities: [] });
      const bob = await createUser(inst);
      const pub = await bob.client.get<UserJson>(`/users/${alice.user.id}`);
      expect(pub.data).toMatchObject({ id: alice.user.id, username: alice.user.username, bot: false });
      expect(pub.data.email).toBeUndefined();
      expect(pub.data.is_admin).toBeUndefined();
    });

    it('answers 403 anonymously, 404 for unknown ids and no endpoint for non-numeric ones', async () => {
      await expectApiError(inst.client().get(`/users/${alice.user.id}`), 403, { message: '403 Forbidden - Not authorized!' });
      await expectApiError(alice.client.get('/users/999999'), 404, USER_NOT_FOUND);
      await expectApiError(alice.client.get(`/users/${alice.user.username}`), 404, { error: '404 Not Found' });
    });

    it('GET /user is the caller, with the admin view of themselves', async () => {
      const me = await alice.client.get<UserJson>('/user');
      expect(me.data).toMatchObject({ id: alice.user.id, email: alice.user.email, is_admin: false, can_create_group: true });
      const { data: ru } = await inst.admin.post<{ token: string }>(`/users/${alice.user.id}/personal_access_tokens`, { name: 'ru', scopes: ['read_user'] });
      expect((await inst.client(ru.token).get<UserJson>('/user')).data.id).toBe(alice.user.id);
      await expectApiError(inst.client(ru.token).get('/projects'), 403);
      await expectApiError(inst.client().get('/user'), 401, { message: '401 Unauthorized' });
    });
  });

  describe('PUT /users/:id', () => {
    it('changes profile fields and sets or replaces an identity', async () => {
      const u = await createUser(inst);
      const res = await inst.admin.put<UserJson>(`/users/${u.user.id}`, { name: 'Renamed', bio: 'hi', provider: 'ldapmain', extern_uid: 'uid=1' });
      expect(res.data).toMatchObject({ name: 'Renamed', bio: 'hi', identities: [{ provider: 'ldapmain', extern_uid: 'uid=1' }] });
      const again = await inst.admin.put<UserJson>(`/users/${u.user.id}`, { provider: 'ldapmain', extern_uid: 'uid=2' });
      expect(again.data.identities).toEqual([{ provider: 'ldapmain', extern_uid: 'uid=2', saml_provider_id: null }]);
      expect((await inst.admin.delete(`/users/${u.user.id}/identities/ldapmain`)).status).toBe(204);
      await expectApiError(inst.admin.delete(`/users/${u.user.id}/identities/ldapmain`), 404, { message: '404 Identity Not Found' });
      expect((await inst.admin.get<UserJson>(`/users/${u.user.id}`)).data.identities).toEqual([]);
    });

    it('answers 409 for a taken email or username, 404 unknown, 403 for users, 400 bad params', async () => {
      const u = await createUser(inst);
      await expectApiError(inst.admin.put(`/users/${u.user.id}`, { email: alice.user.email }), 409, { message: 'Email has already been taken' });
      await expectApiError(inst.admin.put(`/users/${u.user.id}`, { username: alice.user.username }), 409, { message: 'Username has already been taken' });
      await expectApiError(inst.admin.put('/users/999999', { bio: 'x' }), 404, USER_NOT_FOUND);
      await expectApiError(alice.client.put(`/users/${u.user.id}`, { bio: 'x' }), 403, FORBIDDEN);
      await expectApiError(inst.admin.put(`/users/${u.user.id}`, { external: 'sometimes' }), 400, { error: 'external is invalid' });
      await expectApiError(inst.admin.put(`/users/${u.user.id}`, { extern_uid: 'x' }), 400, { error: 'extern_uid, provider provide all or none of parameters' });
    });
  });

  describe('DELETE /users/:id, block and unblock', () => {
    it('keeps the sole Owner of a group unless hard_delete', async () => {
      const u = await createUser(inst);
      await createGroup(inst, u.client);
      await expectApiError(inst.admin.delete(`/users/${u.user.id}`), 409, { message: 'User cannot be removed while is the sole-owner of a group' });
      expect((await inst.admin.delete(`/users/${u.user.id}`, { hard_delete: true })).status).toBe(204);
      await expectApiError(inst.admin.get(`/users/${u.user.id}`), 404, USER_NOT_FOUND);
    });

    it('is for administrators', async () => {
      const u = await createUser(inst);
      await expectApiError(alice.client.delete(`/users/${u.user.id}`), 403, FORBIDDEN);
      await expectApiError(inst.admin.delete('/users/999999'), 404, USER_NOT_FOUND);
      expect((await inst.admin.delete(`/users/${u.user.id}`)).status).toBe(204);
    });

    it('blocks and unblocks others, never the caller', async () => {
      const me = (await inst.admin.get<UserJson>('/user')).data;
      await expectApiError(inst.admin.post(`/users/${me.id}/block`), 403, { message: '403 Forbidden - The API initiating user cannot be blocked by the API' });
      await expectApiError(alice.client.post(`/users/${me.id}/block`), 403, FORBIDDEN);
      const u = await createUser(inst);
      const blocked = await inst.admin.post(`/users/${u.user.id}/block`);
      expect([blocked.status, blocked.data]).toEqual([201, true]);
      expect((await inst.admin.get<UserJson>(`/users/${u.user.id}`)).data.state).toBe('blocked');
      // As the platform: blocking a blocked user changes nothing and answers 201 with null.
      const again = await inst.admin.post(`/users/${u.user.id}/block`);
      expect([again.status, again.data]).toEqual([201, null]);
      const unblocked = await inst.admin.post(`/users/${u.user.id}/unblock`);
      expect([unblocked.status, unblocked.data]).toEqual([201, true]);
      // Unblocking an active user: the platform's state machine refuses, answered as 201 false.
      const notBlocked = await inst.admin.post(`/users/${u.user.id}/unblock`);
      expect([notBlocked.status, notBlocked.data]).toEqual([201, false]);
      expect((await inst.admin.get<UserJson>(`/users/${u.user.id}`)).data.state).toBe('active');
      await expectApiError(inst.admin.post('/users/999999/block'), 404, { message: '404 User Not Found' });
    });
  });
});

describe.each(TRANSPORTS)('user search takes LIKE wildcards literally (%s)', (kind) => {
  let inst: Instance;
  beforeAll(async () => {
    inst = await startInstance(kind);
  });
  afterAll(() => inst.close());

  it('a_b does not match axb, 50% does not match 50x, for administrators and others; the members search alike', async () => {
    const tag = unique('wc').toLowerCase();
    for (const name of [`${tag}a_b`, `${tag}axb`, `${tag}50pct`, `${tag}50x`]) await createUser(inst, { username: name, name: name.replace('pct', '%') });
    const viewer = await createUser(inst);
    const names = async (search: string, client = inst.admin) => (await client.get<UserJson[]>('/users', { search })).data.map((u) => u.username).sort();
    for (const client of [inst.admin, viewer.client]) {
      expect(await names(`${tag}a_b`, client)).toEqual([`${tag}a_b`]);
      expect(await names(`${tag}50%`, client)).toEqual([`${tag}50pct`]);
      expect(await names(`${tag}a\\b`, client)).toEqual([]);
      expect(await names(`${tag}_`, client)).toEqual([]);
    }
    const group = await createGroup(inst);
    const [ab, axb] = (await inst.admin.get<UserJson[]>('/users', { search: tag })).data.filter((u) => u.username.endsWith('a_b') || u.username.endsWith('axb'));
    for (const u of [ab, axb]) await inst.admin.post(`/groups/${group.id}/members`, { user_id: u?.id, access_level: 30 });
    const members = (await inst.admin.get<UserJson[]>(`/groups/${group.id}/members`, { query: `${tag}a_b` })).data.map((u) => u.username);
    expect(members).toEqual([`${tag}a_b`]);
  });
});
