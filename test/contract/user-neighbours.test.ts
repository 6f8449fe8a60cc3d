// The user and namespace endpoints real clients call beside users and tokens: bans, memberships,
// impersonation tokens, group access tokens, namespaces and the licence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { createUser } from '../factories/users.js';

describe.each(TRANSPORTS)('user neighbours (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst, { initialize_with_readme: true });
  });
  afterAll(() => inst.close());

  it('bans and unbans a user; a banned user is refused; wrong states answer 403 with the reason', async () => {
    const u = await createUser(inst);
    const ban = await inst.admin.post(`/users/${u.user.id}/ban`);
    expect([ban.status, ban.data]).toEqual([201, true]);
    expect((await inst.admin.get<{ state: string }>(`/users/${u.user.id}`)).data.state).toBe('banned');
    await expectApiError(u.client.get('/user'), 403, { message: '403 Forbidden - Your account has been blocked.' });
    await expectApiError(inst.admin.post(`/users/${u.user.id}/ban`), 403, { message: 'You cannot ban banned users.' });
    const unban = await inst.admin.post(`/users/${u.user.id}/unban`);
    expect([unban.status, unban.data]).toEqual([201, true]);
    expect((await u.client.get<{ state: string }>('/user')).data.state).toBe('active');
    await expectApiError(inst.admin.post(`/users/${u.user.id}/unban`), 403, { message: 'You cannot unban active users.' });
    await expectApiError(u.client.post(`/users/${f.guest.user.id}/ban`), 403, { message: '403 Forbidden' });
    await expectApiError(inst.admin.post('/users/999999/ban'), 404, { message: '404 User Not Found' });
  });

  it("lists a user's memberships for administrators, by type", async () => {
    const all = await inst.admin.get<{ source_type: string; source_id: number; access_level: number; source_name: string }[]>(`/users/${f.developer.user.id}/memberships`);
    expect(all.data).toEqual([{ source_id: f.project.id, source_name: f.project.name, source_type: 'Project', access_level: 30 }]);
    const owner = await inst.admin.get<{ source_type: string }[]>(`/users/${f.owner.user.id}/memberships`, { type: 'Namespace' });
    expect(owner.data.map((m) => m.source_type)).toEqual(['Namespace']);
    expect((await inst.admin.get<unknown[]>(`/users/${f.owner.user.id}/memberships`, { type: 'Project' })).data).toEqual([]);
    await expectApiError(inst.admin.get(`/users/${f.owner.user.id}/memberships`, { type: 'Group' }), 400, { error: 'type does not have a valid value' });
    await expectApiError(f.owner.client.get(`/users/${f.owner.user.id}/memberships`), 403, { message: '403 Forbidden' });
    await expectApiError(inst.admin.get('/users/999999/memberships'), 404, { message: '404 User Not Found' });
  });

  it('makes impersonation tokens that act as the user; lists, gets and revokes them', async () => {
    const u = await createUser(inst);
    const made = await inst.admin.post<{ id: number; token: string; impersonation: boolean; scopes: string[]; active: boolean }>(`/users/${u.user.id}/impersonation_tokens`, {
      name: 'support',
      scopes: ['api'],
      expires_at: '2026-03-01',
    });
    expect(made.status).toBe(201);
    expect(made.data).toMatchObject({ impersonation: true, scopes: ['api'], active: true, name: 'support', user_id: u.user.id });
    expect((await inst.client(made.data.token).get<{ id: number }>('/user')).data.id).toBe(u.user.id);
    const list = await inst.admin.get<Record<string, unknown>[]>(`/users/${u.user.id}/impersonation_tokens`);
    expect(list.data.map((t) => t.id)).toEqual([made.data.id]);
    expect(list.data[0]).not.toHaveProperty('token');
    // The user's own personal token is no impersonation token.
    await expectApiError(inst.admin.get(`/users/${u.user.id}/impersonation_tokens/${u.tokenId}`), 404, { message: '404 Impersonation Token Not Found' });
    const one = await inst.admin.get<{ impersonation: boolean }>(`/users/${u.user.id}/impersonation_tokens/${made.data.id}`);
    expect(one.data.impersonation).toBe(true);
    const revoked = await inst.admin.delete(`/users/${u.user.id}/impersonation_tokens/${made.data.id}`);
    expect(revoked.status).toBe(204);
    await expectApiError(inst.client(made.data.token).get('/user'), 401);
    expect((await inst.admin.get<unknown[]>(`/users/${u.user.id}/impersonation_tokens`, { state: 'active' })).data).toEqual([]);
    await expectApiError(u.client.get(`/users/${u.user.id}/impersonation_tokens`), 403);
    await expectApiError(inst.admin.post(`/users/${u.user.id}/impersonation_tokens`, { name: 'x' }), 400, { error: 'scopes is missing' });
    await expectApiError(inst.admin.post(`/users/${u.user.id}/impersonation_tokens`, { name: 'x', scopes: ['everything'] }), 400, { error: 'scopes does not have a valid value' });
    await expectApiError(inst.admin.get('/users/999999/impersonation_tokens'), 404, { message: '404 User Not Found' });
  });

  it("makes group access tokens whose bot is a member of the group (Owners)", async () => {
    const made = await f.owner.client.post<{ id: number; token: string; access_level: number; resource_type: string; resource_id: number }>(`/groups/${f.group.id}/access_tokens`, {
      name: 'group-bot',
      scopes: ['read_api'],
      access_level: 30,
    });
    expect(made.status).toBe(201);
    expect(made.data).toMatchObject({ access_level: 30, resource_type: 'group', resource_id: f.group.id });
    // The bot reads the group's project as a Developer of the group.
    expect((await inst.client(made.data.token).get<{ id: number }>(`/projects/${f.project.id}`)).data.id).toBe(f.project.id);
    const list = await f.owner.client.get<{ id: number }[]>(`/groups/${f.group.id}/access_tokens`);
    expect(list.data.map((t) => t.id)).toEqual([made.data.id]);
    // A group Maintainer sees the group but does not manage its tokens.
    const groupMaintainer = await createUser(inst);
    await inst.admin.post(`/groups/${f.group.id}/members`, { user_id: groupMaintainer.user.id, access_level: 40 });
    await expectApiError(groupMaintainer.client.get(`/groups/${f.group.id}/access_tokens`), 403);
    await expectApiError(groupMaintainer.client.post(`/groups/${f.group.id}/access_tokens`, { name: 'x', scopes: ['api'] }), 400, {
      message: '400 Bad request - User does not have permission to create group access token',
    });
    await expectApiError(f.nonMember.client.get(`/groups/${f.group.id}/access_tokens`), 404, { message: '404 Group Not Found' });
    await expectApiError(f.owner.client.get(`/groups/${f.group.id}/access_tokens/999999`), 404, { message: '404 group Access Token Not Found' });
    expect((await f.owner.client.delete(`/groups/${f.group.id}/access_tokens/${made.data.id}`)).status).toBe(204);
    await expectApiError(inst.client(made.data.token).get(`/projects/${f.project.id}`), 401);
  });

  it('lists namespaces the caller may use, one by id or path, and whether a path exists', async () => {
    const mine = await f.owner.client.get<{ kind: string; full_path: string; id: number }[]>('/namespaces');
    expect(mine.data.map((n) => n.full_path).sort()).toEqual([f.group.full_path, f.owner.user.username].sort());
    const group = mine.data.find((n) => n.kind === 'group');
    expect(group).toMatchObject({ id: f.group.id, path: f.group.path, parent_id: null, projects_count: 1, members_count_with_descendants: expect.any(Number) });
    expect((await f.guest.client.get<{ kind: string }[]>('/namespaces', { owned_only: true })).data.map((n) => n.kind)).toEqual(['user']);
    const admin = await inst.admin.get<unknown[]>('/namespaces', { search: f.group.path });
    expect(admin.data).toHaveLength(1);
    const byPath = await f.owner.client.get<{ id: number }>(`/namespaces/${encodeURIComponent(f.group.full_path)}`);
    expect(byPath.data.id).toBe(f.group.id);
    await expectApiError(f.nonMember.client.get(`/namespaces/${f.group.id}`), 404, { message: '404 Namespace Not Found' });
    await expectApiError(inst.admin.get('/namespaces/999999'), 404, { message: '404 Namespace Not Found' });
    const exists = await f.nonMember.client.get(`/namespaces/${f.group.path}/exists`);
    expect(exists.data).toEqual({ exists: true, suggests: [`${f.group.path}1`] });
    expect((await f.nonMember.client.get(`/namespaces/free-path-xyz/exists`)).data).toEqual({ exists: false, suggests: [] });
    await expectApiError(inst.client().get('/namespaces'), 401);
  });

  it('stores an avatar sent with POST and PUT /users (multipart); avatar_url serves its bytes', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const made = await inst.admin.request<{ id: number; avatar_url: string | null }>('POST', '/users', {
      multipart: { username: 'with-avatar', email: 'with-avatar@example.com', name: 'With Avatar', password: 'correct-horse-battery', skip_confirmation: 'true', avatar: { filename: 'me.png', data: png, contentType: 'image/png' } },
    });
    expect(made.status).toBe(201);
    expect(made.data.avatar_url).toBe(`${inst.webBase}/uploads/-/system/user/avatar/${made.data.id}/me.png`);
    // Every user shape names it (here the public one, to another user).
    const other = await createUser(inst);
    expect((await other.client.get<{ avatar_url: string }>(`/users/${made.data.id}`)).data.avatar_url).toBe(made.data.avatar_url);
    const served = await inst.raw('GET', `/hostctl/users/${made.data.id}/avatar`);
    expect([served.status, served.headers['content-type'], served.headers['x-content-type-options']]).toEqual([200, 'image/png', 'nosniff']);
    expect(new Uint8Array(typeof served.body === 'string' ? Buffer.from(served.body, 'latin1') : served.body)).toEqual(png);
    if (kind === 'http') {
      // Over HTTP the avatar_url itself answers with the bytes, without signing in.
      const res = await fetch(made.data.avatar_url as string);
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png']);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
    }
    // A new avatar replaces it.
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 9]);
    const changed = await inst.admin.request<{ avatar_url: string }>('PUT', `/users/${made.data.id}`, { multipart: { avatar: { filename: 'new.GIF', data: gif } } });
    expect(changed.data.avatar_url).toMatch(/\/new\.GIF$/);
    expect((await inst.raw('GET', `/hostctl/users/${made.data.id}/avatar`)).headers['content-type']).toBe('image/gif');
    // Not an image, or too big: the platform's validation answers, and nothing changes.
    const formats = 'file format is not supported. Please try one of the following supported formats: png, jpg, jpeg, gif, bmp, tiff, ico, webp';
    await expectApiError(inst.admin.request('PUT', `/users/${made.data.id}`, { multipart: { avatar: { filename: 'evil.svg', data: png } } }), 400, { message: { avatar: [formats] } });
    await expectApiError(inst.admin.request('PUT', `/users/${made.data.id}`, { multipart: { name: 'Renamed', avatar: { filename: 'big.png', data: new Uint8Array(200 * 1024 + 1) } } }), 400, {
      message: { avatar: ['is too big (should be at most 200 KiB)'] },
    });
    const after = (await inst.admin.get<{ name: string; avatar_url: string }>(`/users/${made.data.id}`)).data;
    expect([after.name, after.avatar_url]).toEqual(['With Avatar', changed.data.avatar_url]);
    await expectApiError(
      inst.admin.request('POST', '/users', { multipart: { username: 'no-avatar', email: 'no-avatar@example.com', name: 'N', password: 'correct-horse-battery', avatar: { filename: 'x.txt', data: png } } }),
      400,
      { message: { avatar: [formats] } },
    );
    expect((await inst.admin.get<unknown[]>('/users', { username: 'no-avatar' })).data).toEqual([]);
    // Users without one answer null, and their avatar path 404.
    expect((await other.client.get<{ avatar_url: null }>(`/users/${other.user.id}`)).data.avatar_url).toBeNull();
    await expectApiError(inst.admin.get(`/hostctl/users/${other.user.id}/avatar`), 404, { message: '404 Avatar Not Found' });
  });

  it('shows administrators the licence of the tier', async () => {
    const res = await inst.admin.get<{ plan: string; expired: boolean; active_users: number }>('/license');
    expect(res.data).toMatchObject({ plan: 'ultimate', expired: false });
    expect(res.data.active_users).toBeGreaterThan(5);
    await expectApiError(f.owner.client.get('/license'), 403, { message: '403 Forbidden' });
  });
});

describe('licence of a free instance', () => {
  it('is null, as on an instance without a licence', async () => {
    const inst = await startInstance('local', { tier: 'free' });
    try {
      const res = await inst.admin.get('/license');
      expect([res.status, res.data]).toEqual([200, null]);
      const premium = await startInstance('local', { tier: 'premium' });
      try {
        expect((await premium.admin.get<{ plan: string }>('/license')).data.plan).toBe('premium');
      } finally {
        await premium.close();
      }
    } finally {
      await inst.close();
    }
  });
});
