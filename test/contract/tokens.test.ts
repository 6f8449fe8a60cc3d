import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createUser, unique, type TestUser } from '../factories/users.js';
import { createGroup } from '../factories/groups.js';
import { addMember, createProject, createProjectWithRoles } from '../factories/projects.js';
import type { ApiError } from '../../src/client/api-error.js';
import { FAKE_NOW } from '../helpers/instance.js';

interface TokenJson {
  id: number;
  name: string;
  user_id: number;
  revoked: boolean;
  active: boolean;
  expired: boolean;
  expires_at: string | null;
  last_used_at: string | null;
  created_at: string;
  token?: string;
}

describe.each(TRANSPORTS)('personal access tokens (%s)', (kind) => {
  let inst: Instance;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    inst = await startInstance(kind);
    alice = await createUser(inst);
    bob = await createUser(inst);
  });
  afterAll(() => inst.close());

  it('creates a token for a user (admin) with the secret shown once', async () => {
    const res = await inst.admin.post<Record<string, unknown>>(`/users/${alice.user.id}/personal_access_tokens`, {
      name: 'ci',
      scopes: ['read_api'],
      expires_at: '2026-03-01',
      description: 'for CI',
    });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ name: 'ci', scopes: ['read_api'], expires_at: '2026-03-01', description: 'for CI', active: true, revoked: false, user_id: alice.user.id });
    expect(typeof res.data.token).toBe('string');
    const again = await inst.admin.get<Record<string, unknown>>(`/personal_access_tokens/${res.data.id as number}`);
    expect(again.data.token).toBeUndefined();
  });

  it('refuses token creation by non-admins and with missing params', async () => {
    await expectApiError(alice.client.post(`/users/${bob.user.id}/personal_access_tokens`, { name: 'x', scopes: ['api'] }), 403);
    await expectApiError(inst.admin.post(`/users/${alice.user.id}/personal_access_tokens`, {}), 400, { error: 'name is missing, scopes is missing' });
    await expectApiError(inst.admin.post(`/users/${alice.user.id}/personal_access_tokens`, { name: 'x', scopes: ['nope'] }), 400, {
      error: 'scopes does not have a valid value',
    });
    await expectApiError(inst.admin.post('/users/999999/personal_access_tokens', { name: 'x', scopes: ['api'] }), 404, { message: '404 User Not Found' });
  });

  it('lists: admins see all, users their own; others\' user_id is 401', async () => {
    const all = await inst.admin.get<{ user_id: number }[]>('/personal_access_tokens', { per_page: 100 });
    expect(new Set(all.data.map((t) => t.user_id)).size).toBeGreaterThan(1);
    const mine = await alice.client.get<{ user_id: number }[]>('/personal_access_tokens');
    expect(mine.data.every((t) => t.user_id === alice.user.id)).toBe(true);
    await expectApiError(alice.client.get('/personal_access_tokens', { user_id: bob.user.id }), 401, { message: '401 Unauthorized' });
    const own = await alice.client.get<unknown[]>('/personal_access_tokens', { user_id: alice.user.id });
    expect(own.data.length).toBeGreaterThan(0);
  });

  it('gets self and by id with the 401/404 rules', async () => {
    const self = await alice.client.get<{ id: number }>('/personal_access_tokens/self');
    expect(self.data.id).toBe(alice.tokenId);
    await expectApiError(alice.client.get(`/personal_access_tokens/${bob.tokenId}`), 401);
    await expectApiError(alice.client.get('/personal_access_tokens/987654'), 401);
    await expectApiError(inst.admin.get('/personal_access_tokens/987654'), 404);
    await expectApiError(inst.admin.get('/personal_access_tokens/abc'), 400, { error: 'id is invalid' });
  });

  it('rotates self: old revoked, new one week later in the same family', async () => {
    const u = await createUser(inst);
    const res = await u.client.post<{ token: string; expires_at: string; id: number }>('/personal_access_tokens/self/rotate');
    expect(res.status).toBe(200);
    expect(res.data.expires_at).toBe('2026-01-22');
    await expectApiError(u.client.get('/personal_access_tokens/self'), 401, {
      error: 'invalid_token',
      error_description: 'Token was revoked. You have to re-authorize from the user.',
    });
    const fresh = inst.client(res.data.token);
    expect((await fresh.get<{ id: number }>('/personal_access_tokens/self')).data.id).toBe(res.data.id);
    // Reuse detection: the revoked token on a rotate path revokes the whole family.
    await expectApiError(u.client.post('/personal_access_tokens/self/rotate'), 401);
    await expectApiError(fresh.get('/personal_access_tokens/self'), 401);
  });

  it('rotates by id with expires_at; a revoked token rotated with another token is 400', async () => {
    const u = await createUser(inst);
    const { data: extra } = await inst.admin.post<{ id: number; token: string }>(`/users/${u.user.id}/personal_access_tokens`, { name: 'extra', scopes: ['api'] });
    const res = await u.client.post<{ expires_at: string }>(`/personal_access_tokens/${extra.id}/rotate`, { expires_at: '2026-02-01' });
    expect(res.data.expires_at).toBe('2026-02-01');
    await expectApiError(u.client.post(`/personal_access_tokens/${extra.id}/rotate`), 400, { message: '400 Bad request - Token already revoked' });
    await expectApiError(u.client.post(`/personal_access_tokens/${bob.tokenId}/rotate`), 401);
  });

  it('refuses self-rotation for a token without api or self_rotate scope', async () => {
    const { data } = await inst.admin.post<{ token: string }>(`/users/${alice.user.id}/personal_access_tokens`, { name: 'ro', scopes: ['read_api'] });
    const err = await expectApiError(inst.client(data.token).post('/personal_access_tokens/self/rotate'), 403);
    expect((err.body as { error: string }).error).toBe('insufficient_scope');
  });

  it('revokes by id (204) and self; others\' tokens are refused', async () => {
    const u = await createUser(inst);
    const { data: extra } = await inst.admin.post<{ id: number; token: string }>(`/users/${u.user.id}/personal_access_tokens`, { name: 'x', scopes: ['api'] });
    await expectApiError(bob.client.delete(`/personal_access_tokens/${extra.id}`), 403);
    expect((await u.client.delete(`/personal_access_tokens/${extra.id}`)).status).toBe(204);
    expect((await u.client.delete('/personal_access_tokens/self')).status).toBe(204);
    await expectApiError(u.client.get('/personal_access_tokens/self'), 401);
    await expectApiError(inst.admin.delete('/personal_access_tokens/999999'), 404);
  });

  it('computes expired/active from the clock and filters by state', async () => {
    const u = await createUser(inst);
    const { data: short } = await inst.admin.post<{ id: number; token: string }>(`/users/${u.user.id}/personal_access_tokens`, {
      name: 'short',
      scopes: ['api'],
      expires_at: '2026-01-16',
    });
    inst.clock.set('2026-01-16T00:00:01Z');
    try {
      const t = await inst.admin.get<{ active: boolean; expired: boolean }>(`/personal_access_tokens/${short.id}`);
      expect(t.data).toMatchObject({ active: false, expired: true });
      await expectApiError(inst.client(short.token).get('/personal_access_tokens/self'), 401, {
        error: 'invalid_token',
        error_description: 'Token is expired. You can either do re-authorization or token refresh.',
      });
      const inactive = await inst.admin.get<{ id: number }[]>('/personal_access_tokens', { state: 'inactive', user_id: u.user.id });
      expect(inactive.data.map((x) => x.id)).toContain(short.id);
      const active = await inst.admin.get<{ id: number }[]>('/personal_access_tokens', { state: 'active', user_id: u.user.id });
      expect(active.data.map((x) => x.id)).not.toContain(short.id);
    } finally {
      inst.clock.set('2026-01-15T10:00:00.000Z');
    }
  });

  it('filters by search, revoked and sorts by name', async () => {
    const u = await createUser(inst);
    for (const name of ['zeta-token', 'alpha-token', 'mid-token'])
      await inst.admin.post(`/users/${u.user.id}/personal_access_tokens`, { name, scopes: ['api'] });
    const sorted = await inst.admin.get<{ name: string }[]>('/personal_access_tokens', { user_id: u.user.id, search: '-token', sort: 'name_asc' });
    expect(sorted.data.map((t) => t.name)).toEqual(['alpha-token', 'mid-token', 'zeta-token']);
    const revoked = await inst.admin.get<{ revoked: boolean }[]>('/personal_access_tokens', { revoked: true });
    expect(revoked.data.every((t) => t.revoked)).toBe(true);
    // The platform applies every sort it knows and ignores the others (default order, no 400).
    const byId = await inst.admin.get<{ id: number }[]>('/personal_access_tokens', { user_id: u.user.id, sort: 'id_desc' });
    const ids = byId.data.map((t) => t.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const createdDesc = await inst.admin.get<{ id: number }[]>('/personal_access_tokens', { user_id: u.user.id, sort: 'created_at_desc' });
    expect(createdDesc.data.map((t) => t.id)).toEqual(ids);
    for (const sort of ['updated_asc', 'updated_at_desc', 'created_date', 'id_asc']) {
      expect((await inst.admin.get<unknown[]>('/personal_access_tokens', { user_id: u.user.id, sort })).data, sort).toHaveLength(ids.length);
    }
    const bogus = await inst.admin.get<{ id: number }[]>('/personal_access_tokens', { user_id: u.user.id, sort: 'bogus' });
    expect(bogus.status).toBe(200);
    expect(bogus.data.map((t) => t.id)).toEqual([...ids].reverse());
  });

  it('paginates with all headers', async () => {
    const res = await inst.admin.get<unknown[]>('/personal_access_tokens', { per_page: 2, page: 2 });
    expect(res.data).toHaveLength(2);
    expect(res.headers['x-page']).toBe('2');
    expect(res.headers['x-per-page']).toBe('2');
    expect(res.headers['x-prev-page']).toBe('1');
    expect(Number(res.headers['x-total'])).toBeGreaterThan(4);
    expect(res.headers.link).toMatch(/rel="prev".*rel="next".*rel="first".*rel="last"/);
    const all: unknown[] = [];
    for await (const t of inst.admin.paginate('/personal_access_tokens', { per_page: 3 })) all.push(t);
    expect(all.length).toBe(Number(res.headers['x-total']));
  });

  it('answers 401 for unknown tokens and anonymous callers', async () => {
    await expectApiError(inst.client('hpat-nonsense').get('/personal_access_tokens'), 401, { message: '401 Unauthorized' });
    await expectApiError(inst.client().get('/personal_access_tokens'), 401, { message: '401 Unauthorized' });
    const bearer = await inst.raw('GET', '/personal_access_tokens/self', { headers: { authorization: `Bearer ${alice.token}` } });
    expect(bearer.status).toBe(200);
  });

  it('lists associations of the calling token', async () => {
    const res = await alice.client.get<{ groups: unknown[]; projects: unknown[] }>('/personal_access_tokens/self/associations');
    expect(res.data).toEqual({ groups: [], projects: [] });
    await expectApiError(alice.client.get('/personal_access_tokens/self/associations', { min_access_level: 7 }), 400, {
      error: 'min_access_level does not have a valid value',
    });
  });

  describe('list filters, one by one', () => {
    let u: TestUser;
    const made: Record<string, TokenJson> = {};
    const list = async (q: Record<string, unknown>) =>
      (await inst.admin.get<TokenJson[]>('/personal_access_tokens', { user_id: u.user.id, per_page: 100, ...q })).data.map((t) => t.name);

    beforeAll(async () => {
      u = await createUser(inst);
      const mk = async (name: string, extra: Record<string, unknown> = {}) => {
        made[name] = (await inst.admin.post<TokenJson>(`/users/${u.user.id}/personal_access_tokens`, { name, scopes: ['api'], ...extra })).data;
      };
      try {
        inst.clock.set('2026-01-15T11:00:00Z');
        await mk('Bravo', { expires_at: '2026-02-01' });
        inst.clock.set('2026-01-15T12:00:00Z');
        await mk('alpha', { expires_at: '2026-03-01' });
        inst.clock.set('2026-01-15T13:00:00Z');
        await mk('charlie', { expires_at: '2026-01-20' });
        await inst.client(made.charlie!.token).get('/user');
        inst.clock.set('2026-01-15T14:00:00Z');
        await mk('delta', { expires_at: '2026-06-01' });
        await inst.client(made.alpha!.token).get('/user');
        await inst.admin.delete(`/personal_access_tokens/${made.delta!.id}`);
      } finally {
        inst.clock.set(FAKE_NOW);
      }
    });

    it('created_after / created_before (inclusive)', async () => {
      expect(await list({ created_after: '2026-01-15T12:00:00Z', sort: 'created_asc' })).toEqual(['alpha', 'charlie', 'delta']);
      expect(await list({ created_before: '2026-01-15T12:00:00Z', sort: 'created_asc' })).toEqual(['test', 'Bravo', 'alpha']);
      expect(await list({ created_after: '2026-01-15T12:30:00+01:00', created_before: '2026-01-15T13:30:00Z', sort: 'created_asc' })).toEqual([
        'alpha',
        'charlie',
      ]);
    });

    it('expires_after (inclusive) / expires_before (exclusive)', async () => {
      expect(await list({ expires_after: '2026-03-01', sort: 'name_asc' })).toEqual(['alpha', 'delta', 'test']);
      expect(await list({ expires_before: '2026-03-01', sort: 'name_asc' })).toEqual(['Bravo', 'charlie']);
      expect(await list({ expires_after: '2026-01-20', expires_before: '2026-02-02', sort: 'name_asc' })).toEqual(['Bravo', 'charlie']);
    });

    it('last_used_after / last_used_before', async () => {
      expect(await list({ last_used_after: '2026-01-15T13:30:00Z' })).toEqual(['alpha']);
      expect(await list({ last_used_before: '2026-01-15T13:30:00Z' })).toEqual(['charlie']);
      expect(await list({ last_used_after: '2026-01-15T12:00:00Z', sort: 'name_asc' })).toEqual(['alpha', 'charlie']);
    });

    it('revoked, state and search', async () => {
      expect(await list({ revoked: true })).toEqual(['delta']);
      expect(await list({ revoked: false, sort: 'name_asc' })).toEqual(['alpha', 'Bravo', 'charlie', 'test']);
      expect(await list({ state: 'inactive' })).toEqual(['delta']);
      expect(await list({ state: 'active', sort: 'name_asc' })).toEqual(['alpha', 'Bravo', 'charlie', 'test']);
      expect(await list({ search: 'LPH' })).toEqual(['alpha']);
      expect(await list({ search: '%' })).toEqual([]);
      inst.clock.set('2026-01-21T00:00:00Z');
      try {
        expect(await list({ state: 'inactive', sort: 'name_asc' })).toEqual(['charlie', 'delta']);
        expect(await list({ state: 'active', sort: 'name_asc' })).toEqual(['alpha', 'Bravo', 'test']);
      } finally {
        inst.clock.set(FAKE_NOW);
      }
    });

    it('every sort of the specification', async () => {
      expect(await list({ sort: 'created_asc' })).toEqual(['test', 'Bravo', 'alpha', 'charlie', 'delta']);
      expect(await list({ sort: 'created_desc' })).toEqual(['delta', 'charlie', 'alpha', 'Bravo', 'test']);
      // `test` expires a year out (the default lifetime).
      expect(await list({ sort: 'expires_asc' })).toEqual(['charlie', 'Bravo', 'alpha', 'delta', 'test']);
      expect(await list({ sort: 'expires_desc' })).toEqual(['test', 'delta', 'alpha', 'Bravo', 'charlie']);
      // Never-used tokens come last ascending and first descending, newest first among them.
      expect(await list({ sort: 'last_used_asc' })).toEqual(['charlie', 'alpha', 'delta', 'Bravo', 'test']);
      expect(await list({ sort: 'last_used_desc' })).toEqual(['delta', 'Bravo', 'test', 'alpha', 'charlie']);
      expect(await list({ sort: 'name_asc' })).toEqual(['alpha', 'Bravo', 'charlie', 'delta', 'test']);
      expect(await list({ sort: 'name_desc' })).toEqual(['test', 'delta', 'charlie', 'Bravo', 'alpha']);
    });

    it('user_id by id or username; unknown users are 404 for administrators', async () => {
      expect((await inst.admin.get<TokenJson[]>('/personal_access_tokens', { user_id: u.user.username, per_page: 100 })).data).toHaveLength(5);
      await expectApiError(inst.admin.get('/personal_access_tokens', { user_id: 999999 }), 404, { message: '404 Not Found' });
      await expectApiError(u.client.get('/personal_access_tokens', { user_id: 999999 }), 401, { message: '401 Unauthorized' });
    });

    it('answers 400 for every malformed filter', async () => {
      const bad: [Record<string, unknown>, string][] = [
        [{ created_after: 'soon' }, 'created_after is invalid'],
        [{ created_before: '2026-13-01' }, 'created_before is invalid'],
        [{ expires_after: '2026-02-30' }, 'expires_after is invalid'],
        [{ expires_before: 'tomorrow' }, 'expires_before is invalid'],
        [{ last_used_after: '15/01/2026' }, 'last_used_after is invalid'],
        [{ last_used_before: 'x' }, 'last_used_before is invalid'],
        [{ revoked: 'maybe' }, 'revoked is invalid'],
        [{ state: 'expired' }, 'state does not have a valid value'],
        [{ page: 0 }, 'page does not have a valid value'],
        [{ per_page: 'x' }, 'per_page is invalid'],
      ];
      for (const [query, error] of bad) await expectApiError(inst.admin.get('/personal_access_tokens', query), 400, { error });
    });
  });

  it('updates last_used_at on use, at most once a minute', async () => {
    const u = await createUser(inst);
    const fresh = await inst.admin.get<TokenJson>(`/personal_access_tokens/${u.tokenId}`);
    expect(fresh.data.last_used_at).toBeNull();
    try {
      inst.clock.set('2026-01-15T10:05:00.000Z');
      const first = await u.client.get<TokenJson>('/personal_access_tokens/self');
      expect(first.data.last_used_at).toBe('2026-01-15T10:05:00.000Z');
      inst.clock.set('2026-01-15T10:05:30.000Z');
      await u.client.get('/user');
      expect((await inst.admin.get<TokenJson>(`/personal_access_tokens/${u.tokenId}`)).data.last_used_at).toBe('2026-01-15T10:05:00.000Z');
      inst.clock.set('2026-01-15T10:07:00.000Z');
      await u.client.get('/user');
      expect((await inst.admin.get<TokenJson>(`/personal_access_tokens/${u.tokenId}`)).data.last_used_at).toBe('2026-01-15T10:07:00.000Z');
      // A refused request still used the token.
      inst.clock.set('2026-01-15T10:09:00.000Z');
      await expectApiError(u.client.get('/personal_access_tokens/999999'), 401);
      expect((await inst.admin.get<TokenJson>(`/personal_access_tokens/${u.tokenId}`)).data.last_used_at).toBe('2026-01-15T10:09:00.000Z');
    } finally {
      inst.clock.set(FAKE_NOW);
    }
  });

  it('reads self with a token of any scope', async () => {
    const { data } = await inst.admin.post<TokenJson>(`/users/${alice.user.id}/personal_access_tokens`, { name: 'k8s', scopes: ['k8s_proxy'] });
    const self = await inst.client(data.token).get<TokenJson>('/personal_access_tokens/self');
    expect(self.data.id).toBe(data.id);
    await expectApiError(inst.client(data.token).get('/personal_access_tokens'), 403);
    expect((await inst.client(data.token).delete('/personal_access_tokens/self')).status).toBe(204);
  });

  it('creates tokens for oneself with the limited scopes only', async () => {
    const res = await alice.client.post<TokenJson>('/user/personal_access_tokens', { name: 'mine', scopes: ['k8s_proxy'], expires_at: '2026-02-01' });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ name: 'mine', user_id: alice.user.id, expires_at: '2026-02-01' });
    expect(typeof res.data.token).toBe('string');
    await expectApiError(alice.client.post('/user/personal_access_tokens', { name: 'x', scopes: ['api'] }), 400, { error: 'scopes does not have a valid value' });
    // Without expires_at the platform makes the token expire tomorrow.
    const defaulted = await alice.client.post<TokenJson>('/user/personal_access_tokens', { name: 'short', scopes: ['k8s_proxy'] });
    expect(defaulted.data.expires_at).toBe('2026-01-16');
    await expectApiError(alice.client.post('/user/personal_access_tokens', { scopes: ['k8s_proxy'] }), 400, { error: 'name is missing' });
    await expectApiError(inst.client().post('/user/personal_access_tokens', { name: 'x', scopes: ['k8s_proxy'] }), 401);
  });

  it('checks expires_at and description on create', async () => {
    const url = `/users/${alice.user.id}/personal_access_tokens`;
    await expectApiError(inst.admin.post(url, { name: 'x', scopes: ['api'], expires_at: '2026-02-30' }), 400, { error: 'expires_at is invalid' });
    await expectApiError(inst.admin.post(url, { name: 'x', scopes: ['api'], expires_at: '2026-01-10' }), 400, { message: { expires_at: ['must be in the future'] } });
    // Past the maximum lifetime: 422 with the service's plain message, as the platform answers.
    await expectApiError(inst.admin.post(url, { name: 'x', scopes: ['api'], expires_at: '2027-06-01' }), 422, { message: 'Expiration date must be before 2027-02-19' });
    await expectApiError(inst.admin.post(url, { name: 'x', scopes: ['api'], description: 'd'.repeat(256) }), 400, {
      message: { description: ['is too long (maximum is 255 characters)'] },
    });
    const comma = await inst.admin.post<{ scopes: string[] }>(url, { name: 'x', scopes: 'read_api,read_repository' });
    expect(comma.data.scopes).toEqual(['read_api', 'read_repository']);
  });

  it('lets administrators rotate any token; others get 401, administrators 404 for unknown ids', async () => {
    const u = await createUser(inst);
    const res = await inst.admin.post<TokenJson>(`/personal_access_tokens/${u.tokenId}/rotate`);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ user_id: u.user.id, name: 'test', expires_at: '2026-01-22', active: true });
    expect((await inst.client(res.data.token).get<TokenJson>('/personal_access_tokens/self')).data.id).toBe(res.data.id);
    await expectApiError(inst.admin.post('/personal_access_tokens/999999/rotate'), 404, { message: '404 Not Found' });
    await expectApiError(alice.client.post('/personal_access_tokens/999999/rotate'), 401, { message: '401 Unauthorized' });
    await expectApiError(inst.admin.post(`/personal_access_tokens/${res.data.id}/rotate`, { expires_at: 'next week' }), 400, { error: 'expires_at is invalid' });
    await expectApiError(inst.admin.post(`/personal_access_tokens/${res.data.id}/rotate`, { expires_at: '2026-01-01' }), 400, {
      message: '400 Bad request - Expiration date must be in the future',
    });
    await expectApiError(inst.admin.post('/personal_access_tokens/abc/rotate'), 400, { error: 'id is invalid' });
  });

  it('revokes: others\' tokens are 403, unknown ids 404, a second revoke still 204', async () => {
    const u = await createUser(inst);
    const { data: extra } = await inst.admin.post<TokenJson>(`/users/${u.user.id}/personal_access_tokens`, { name: 'x', scopes: ['api'] });
    await expectApiError(alice.client.delete(`/personal_access_tokens/${extra.id}`), 403, { message: '403 Forbidden' });
    await expectApiError(alice.client.delete('/personal_access_tokens/999999'), 404, { message: '404 Not found' });
    await expectApiError(inst.client().delete(`/personal_access_tokens/${extra.id}`), 401);
    expect((await inst.admin.delete(`/personal_access_tokens/${extra.id}`)).status).toBe(204);
    expect((await inst.admin.delete(`/personal_access_tokens/${extra.id}`)).status).toBe(204);
    await expectApiError(inst.admin.delete('/personal_access_tokens/abc'), 400, { error: 'id is invalid' });
  });

  it('acts for the Sudo user: their tokens, their self-only rules', async () => {
    const root = (await inst.admin.get<{ id: number }>('/user')).data;
    const { data: sudo } = await inst.admin.post<TokenJson>(`/users/${root.id}/personal_access_tokens`, { name: 'sudo', scopes: ['sudo'] });
    const asAlice = inst.client(sudo.token!, alice.user.username);
    const mine = await asAlice.get<TokenJson[]>('/personal_access_tokens', { per_page: 100 });
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((t) => t.user_id === alice.user.id)).toBe(true);
    await expectApiError(asAlice.get(`/personal_access_tokens/${bob.tokenId}`), 401);
    // With Sudo the token's sudo scope is enough, whatever the endpoint asks for.
    const made = await asAlice.post<TokenJson>('/user/personal_access_tokens', { name: 'via-sudo', scopes: ['k8s_proxy'] });
    expect(made.data.user_id).toBe(alice.user.id);
  });

  it('lists associations as the platform finders do: subgroups, ancestors, visible groups and projects, paged', async () => {
    const u = await createUser(inst);
    const g1 = await createGroup(inst, inst.admin, { path: unique('assoc') });
    const g1sub = await createGroup(inst, inst.admin, { path: unique('assocsub'), parent_id: g1.id });
    const g2 = await createGroup(inst, inst.admin, { path: unique('assoc') });
    const top = await createGroup(inst, inst.admin, { path: unique('assoctop') });
    const inner = await createGroup(inst, inst.admin, { path: unique('associn'), parent_id: top.id });
    const pub = await createGroup(inst, inst.admin, { path: unique('assocpub'), visibility: 'public' });
    const p1 = await createProject(inst, inst.admin, { namespace_id: g1.id });
    const solo = await createProject(inst, inst.admin);
    const pubProject = await createProject(inst, inst.admin, { visibility: 'public' });
    await addMember(inst, 'groups', g1.id, u.user.id, 30);
    await addMember(inst, 'groups', g2.id, u.user.id, 10);
    await addMember(inst, 'groups', inner.id, u.user.id, 20);
    await addMember(inst, 'projects', solo.id, u.user.id, 40);
    type Assoc = { groups: { id: number; access_levels: number }[]; projects: { id: number; access_levels: { project_access_level: number | null; group_access_level: number | null } }[] };
    const get = (query: Record<string, unknown>) => u.client.get<Assoc>('/personal_access_tokens/self/associations', { per_page: 100, ...query });

    // With min_access_level: member groups at that level and their subgroups; authorized projects.
    const guest = await get({ min_access_level: 10 });
    expect(guest.data.groups.map((g) => [g.id, g.access_levels])).toEqual([
      [g1.id, 30],
      [g1sub.id, 30],
      [g2.id, 10],
      [inner.id, 20],
    ]);
    expect(guest.data.projects.map((p) => [p.id, p.access_levels])).toEqual([
      [p1.id, { project_access_level: null, group_access_level: 30 }],
      [solo.id, { project_access_level: 40, group_access_level: null }],
    ]);
    const dev = await get({ min_access_level: 30 });
    expect(dev.data.groups.map((g) => g.id)).toEqual([g1.id, g1sub.id]);
    const maint = await get({ min_access_level: 40 });
    expect(maint.data).toMatchObject({ groups: [], projects: [{ id: solo.id }] });

    // Without it: also the ancestors of member groups and every group and project the caller sees.
    const all = await get({});
    const groupIds = all.data.groups.map((g) => g.id);
    expect(groupIds).toEqual(expect.arrayContaining([g1.id, g1sub.id, g2.id, top.id, inner.id, pub.id]));
    expect(all.data.groups.find((g) => g.id === top.id)?.access_levels).toBe(0);
    expect(all.data.projects.map((p) => p.id)).toEqual(expect.arrayContaining([p1.id, solo.id, pubProject.id]));

    // Paged like every list; the headers are those of the projects list.
    const page2 = await get({ min_access_level: 10, per_page: 1, page: 2 });
    expect(page2.data.groups.map((g) => g.id)).toEqual([g1sub.id]);
    expect(page2.data.projects.map((p) => p.id)).toEqual([solo.id]);
    expect(page2.headers).toMatchObject({ 'x-page': '2', 'x-per-page': '1', 'x-total': '2', 'x-total-pages': '2', 'x-prev-page': '1', 'x-next-page': '' });
    expect(page2.headers.link).toContain('rel="first"');
    await expectApiError(u.client.get('/personal_access_tokens/self/associations', { min_access_level: 'dev' }), 400, { error: 'min_access_level is invalid' });
    await expectApiError(inst.client().get('/personal_access_tokens/self/associations'), 401);
  });

  describe('project access tokens (bot users)', () => {
    type BotToken = TokenJson & { access_level: number; resource_type: string; resource_id: number; scopes: string[] };

    it('creates a bot member and its token; the token works on the project', async () => {
      const fx = await createProjectWithRoles(inst);
      const res = await fx.maintainer.client.post<BotToken>(`/projects/${fx.project.id}/access_tokens`, {
        name: 'deployer',
        scopes: ['api'],
        access_level: 30,
        expires_at: '2026-06-01',
      });
      expect(res.status).toBe(201);
      expect(res.data).toMatchObject({ name: 'deployer', scopes: ['api'], access_level: 30, resource_type: 'project', resource_id: fx.project.id, active: true, expires_at: '2026-06-01' });
      expect(typeof res.data.token).toBe('string');
      const bot = inst.client(res.data.token);
      const me = await bot.get<{ id: number; username: string; bot: boolean }>('/user');
      expect(me.data).toMatchObject({ id: res.data.user_id, bot: true });
      expect(me.data.username).toMatch(new RegExp(`^project_${fx.project.id}_bot_`));
      expect((await bot.get(`/projects/${fx.project.id}`)).status).toBe(200);
      const member = await fx.owner.client.get<{ access_level: number }>(`/projects/${fx.project.id}/members/${res.data.user_id}`);
      expect(member.data.access_level).toBe(30);
      const defaulted = await inst.admin.post<BotToken>(`/projects/${fx.project.id}/access_tokens`, { name: 'default', scopes: 'read_api,read_repository' });
      expect(defaulted.data).toMatchObject({ access_level: 40, scopes: ['read_api', 'read_repository'], expires_at: '2027-01-15' });
    });

    it('lists and gets them for Maintainers; other members get 403, non-members 404, anonymous 401', async () => {
      const fx = await createProjectWithRoles(inst);
      const { data: made } = await fx.maintainer.client.post<BotToken>(`/projects/${fx.project.id}/access_tokens`, { name: 'listed', scopes: ['read_api'] });
      const list = await fx.owner.client.get<BotToken[]>(`/projects/${fx.project.id}/access_tokens`);
      expect(list.data.map((t) => [t.id, t.name, t.access_level])).toEqual([[made.id, 'listed', 40]]);
      expect(list.data[0]!.token).toBeUndefined();
      expect(list.headers['x-total']).toBe('1');
      expect((await inst.admin.get<BotToken>(`/projects/${fx.project.id}/access_tokens/${made.id}`)).data.id).toBe(made.id);
      await expectApiError(fx.developer.client.get(`/projects/${fx.project.id}/access_tokens`), 403, { message: '403 Forbidden' });
      await expectApiError(fx.nonMember.client.get(`/projects/${fx.project.id}/access_tokens`), 404, { message: '404 Project Not Found' });
      await expectApiError(inst.client().get(`/projects/${fx.project.id}/access_tokens`), 401);
      await expectApiError(fx.maintainer.client.get(`/projects/${fx.project.id}/access_tokens/${fx.maintainer.tokenId}`), 404, { message: '404 project Access Token Not Found' });
      await expectApiError(fx.maintainer.client.get(`/projects/${fx.project.id}/access_tokens/abc`), 400, { error: 'token_id is invalid' });
      await expectApiError(fx.maintainer.client.get(`/projects/${fx.project.id}/access_tokens`, { state: 'gone' }), 400, { error: 'state does not have a valid value' });
    });

    it('refuses creation below Maintainer, above the caller\'s level, and with bad params', async () => {
      const fx = await createProjectWithRoles(inst);
      const url = `/projects/${fx.project.id}/access_tokens`;
      await expectApiError(fx.developer.client.post(url, { name: 'x', scopes: ['api'] }), 400, {
        message: '400 Bad request - User does not have permission to create project access token',
      });
      await expectApiError(fx.maintainer.client.post(url, { name: 'x', scopes: ['api'], access_level: 50 }), 400, {
        message: '400 Bad request - Access level of the token can not be greater than the access level of the user who created the token',
      });
      await expectApiError(fx.nonMember.client.post(url, { name: 'x', scopes: ['api'] }), 404, { message: '404 Project Not Found' });
      await expectApiError(fx.maintainer.client.post(url, {}), 400, { error: 'name is missing, scopes is missing' });
      await expectApiError(fx.maintainer.client.post(url, { name: 'x', scopes: ['sudo'] }), 400, { error: 'scopes does not have a valid value' });
      await expectApiError(fx.maintainer.client.post(url, { name: 'x', scopes: ['api'], access_level: 60 }), 400, { error: 'access_level does not have a valid value' });
      await expectApiError(fx.maintainer.client.post(url, { name: 'x', scopes: ['api'], expires_at: '2026-01-01' }), 400, { message: { expires_at: ['must be in the future'] } });
      const owner = await fx.owner.client.post<BotToken>(url, { name: 'owner-level', scopes: ['api'], access_level: 50 });
      expect(owner.data.access_level).toBe(50);
    });

    it('is not a personal access token: the personal rotate endpoints answer 405', async () => {
      const fx = await createProjectWithRoles(inst);
      const { data } = await fx.maintainer.client.post<BotToken>(`/projects/${fx.project.id}/access_tokens`, { name: 'bot', scopes: ['api'] });
      await expectApiError(inst.client(data.token).post('/personal_access_tokens/self/rotate'), 405, { message: '405 Method Not Allowed' });
      await expectApiError(inst.admin.post(`/personal_access_tokens/${data.id}/rotate`), 405, { message: '405 Method Not Allowed' });
      // Still usable: nothing was rotated.
      expect((await inst.client(data.token).get<{ id: number }>('/personal_access_tokens/self')).data.id).toBe(data.id);
    });

    it('answers every page right after writes to users and members: remembered page starts never go stale', async () => {
      const fx = await createProjectWithRoles(inst);
      const url = `/projects/${fx.project.id}/access_tokens`;
      const made: BotToken[] = [];
      for (let i = 0; i < 9; i++) made.push((await inst.admin.post<BotToken>(url, { name: `paged-${i}`, scopes: ['read_api'] })).data);
      const page3 = async () => (await fx.maintainer.client.get<BotToken[]>(url, { per_page: 3, page: 3 })).data.map((t) => t.id);
      const ids = made.map((t) => t.id);
      expect(await page3()).toEqual(ids.slice(6, 9));
      // Writes to columns of users the list does not read, one of them (is_admin) answered by a trigger.
      await inst.admin.put(`/users/${made[0]!.user_id}`, { name: 'Renamed bot' });
      await inst.admin.put(`/users/${fx.developer.user.id}`, { admin: true });
      expect(await page3()).toEqual(ids.slice(6, 9));
      // A bot's membership gone: its token leaves the list, and every later page moves up by one.
      expect((await inst.admin.delete(`/projects/${fx.project.id}/members/${made[1]!.user_id}`)).status).toBe(204);
      const left = ids.filter((id) => id !== made[1]!.id);
      expect(await page3()).toEqual(left.slice(6, 9));
      expect((await fx.maintainer.client.get<BotToken[]>(url, { per_page: 3, page: 2 })).data.map((t) => t.id)).toEqual(left.slice(3, 6));
    });

    it('revokes with 204 for Maintainers; the token stops working; others get 400 or 404', async () => {
      const fx = await createProjectWithRoles(inst);
      const { data } = await fx.maintainer.client.post<BotToken>(`/projects/${fx.project.id}/access_tokens`, { name: 'gone', scopes: ['api'] });
      const err: ApiError = await expectApiError(fx.developer.client.delete(`/projects/${fx.project.id}/access_tokens/${data.id}`), 400);
      expect((err.body as { message: string }).message).toBe(`400 Bad request - ${fx.developer.user.name} cannot delete gone`);
      await expectApiError(fx.nonMember.client.delete(`/projects/${fx.project.id}/access_tokens/${data.id}`), 404, { message: '404 Project Not Found' });
      await expectApiError(fx.maintainer.client.delete(`/projects/${fx.project.id}/access_tokens/999999`), 404, { message: '404 project Access Token Not Found' });
      expect((await fx.maintainer.client.delete(`/projects/${fx.project.id}/access_tokens/${data.id}`)).status).toBe(204);
      await expectApiError(inst.client(data.token).get('/user'), 401, {
        error: 'invalid_token',
        error_description: 'Token was revoked. You have to re-authorize from the user.',
      });
      const inactive = await fx.maintainer.client.get<BotToken[]>(`/projects/${fx.project.id}/access_tokens`, { state: 'inactive' });
      expect(inactive.data.map((t) => [t.id, t.revoked])).toEqual([[data.id, true]]);
      expect((await fx.maintainer.client.get<BotToken[]>(`/projects/${fx.project.id}/access_tokens`, { state: 'active' })).data).toEqual([]);
    });
  });
});
