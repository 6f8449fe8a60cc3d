import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createUser, type TestUser } from '../factories/users.js';

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
    await expectApiError(inst.admin.get('/personal_access_tokens', { sort: 'bogus' }), 400, { error: 'sort does not have a valid value' });
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
});
