import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createGroupWithRoles, enableSaml, FINGERPRINT, scim, scimUserBody, setOffering, type GroupRoles } from '../factories/governance.js';
import { createGroup } from '../factories/groups.js';
import { createUser } from '../factories/users.js';

describe.each(TRANSPORTS)('SAML provider configuration (extension) (%s)', (kind) => {
  let inst: Instance;
  let g: GroupRoles;
  const path = () => `/hostctl/groups/${g.group.id}/saml_provider`;

  beforeAll(async () => {
    inst = await startInstance(kind);
    g = await createGroupWithRoles(inst);
  });
  afterAll(() => inst.close());

  it('configures (201), shows, changes (200) a top-level group’s provider', async () => {
    await expectApiError(g.owner.client.get(path()), 404, { message: '404 SAML Provider Not Found' });
    await expectApiError(g.owner.client.put(path(), { enforced_sso: true }), 400, { message: '400 Bad request - sso_url and certificate_fingerprint are required to configure SAML' });
    const res = await g.owner.client.put<Record<string, unknown>>(path(), { sso_url: 'https://idp.example.com/saml', certificate_fingerprint: FINGERPRINT });
    expect(res.status).toBe(201);
    expect(res.data).toEqual({
      id: expect.any(Number),
      group_id: g.group.id,
      enabled: true,
      sso_url: 'https://idp.example.com/saml',
      certificate_fingerprint: FINGERPRINT,
      default_membership_role: 10,
      enforced_sso: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const upd = await inst.admin.put<Record<string, unknown>>(path(), { enforced_sso: true, default_membership_role: 20 });
    expect(upd.status).toBe(200);
    expect(upd.data).toMatchObject({ enforced_sso: true, default_membership_role: 20, sso_url: 'https://idp.example.com/saml' });
    expect((await g.owner.client.get(path())).data).toEqual(upd.data);
  });

  it('validates input, refuses subgroups, non-owners and anonymous callers', async () => {
    await expectApiError(g.owner.client.put(path(), { sso_url: 'http://plain' }), 400, { error: 'sso_url must be an https URL' });
    await expectApiError(g.owner.client.put(path(), { default_membership_role: 50 }), 400, { error: 'default_membership_role does not have a valid value' });
    const sub = await createGroup(inst, inst.admin, { parent_id: g.group.id });
    await expectApiError(inst.admin.put(`/hostctl/groups/${sub.id}/saml_provider`, { sso_url: 'https://x.example.com', certificate_fingerprint: FINGERPRINT }), 400, {
      message: '400 Bad request - Must be a top-level group',
    });
    await expectApiError(g.maintainer.client.get(path()), 403);
    await expectApiError(g.nonMember.client.get(path()), 404, { message: '404 Group Not Found' });
    await expectApiError(inst.client().get(path()), 401);
  });
});

describe.each(TRANSPORTS)('group SAML and SCIM identities (%s)', (kind) => {
  let inst: Instance;
  let g: GroupRoles;
  let token: string;
  let plain: GroupRoles;

  beforeAll(async () => {
    inst = await startInstance(kind);
    g = await createGroupWithRoles(inst);
    plain = await createGroupWithRoles(inst);
    setOffering(inst, 'hosted');
    token = await enableSaml(inst, g.group.id);
    for (const uid of ['uid-a', 'uid-b']) await scim(inst, 'POST', `/groups/${g.group.path}/Users`, token, scimUserBody({ externalId: uid }));
  });
  afterAll(() => inst.close());

  it('lists, gets, changes and deletes SAML identities (Owner)', async () => {
    const list = await g.owner.client.get<{ extern_uid: string; user_id: number }[]>(`/groups/${g.group.id}/saml/identities`);
    expect(list.data).toEqual([
      { extern_uid: 'uid-a', user_id: expect.any(Number) },
      { extern_uid: 'uid-b', user_id: expect.any(Number) },
    ]);
    expect((await g.owner.client.get(`/groups/${g.group.id}/saml/uid-a`)).data).toEqual(list.data[0]);
    const patched = await g.owner.client.patch<{ extern_uid: string }>(`/groups/${g.group.id}/saml/uid-a`, { extern_uid: 'uid-a2' });
    expect(patched.status).toBe(200);
    expect(patched.data).toEqual({ extern_uid: 'uid-a2', user_id: list.data[0]?.user_id });
    await expectApiError(g.owner.client.patch(`/groups/${g.group.id}/saml/uid-a2`, { extern_uid: 'uid-b' }), 400, { message: 'Extern uid has already been taken' });
    await expectApiError(g.owner.client.patch(`/groups/${g.group.id}/saml/uid-a2`, {}), 400, { error: 'extern_uid is missing' });
    // The specification: "object with a `message` string stating 204 No Content".
    const del = await g.maintainer.client.delete(`/groups/${g.group.id}/saml/uid-a2`);
    expect(del.status).toBe(200);
    expect(del.data).toEqual({ message: '204 No Content' });
    await expectApiError(g.owner.client.get(`/groups/${g.group.id}/saml/uid-a2`), 404, { message: '404 Identity Not Found' });
  });

  it('serves SCIM identities with `active` through the same operations', async () => {
    const list = await g.owner.client.get<{ extern_uid: string; active: boolean }[]>(`/groups/${g.group.id}/scim/identities`);
    expect(list.data).toEqual([
      { extern_uid: 'uid-a', user_id: expect.any(Number), active: true },
      { extern_uid: 'uid-b', user_id: expect.any(Number), active: true },
    ]);
    expect((await g.owner.client.patch<{ extern_uid: string }>(`/groups/${g.group.id}/scim/uid-b`, { extern_uid: 'uid-b2' })).data).toMatchObject({ extern_uid: 'uid-b2', active: true });
    expect((await g.owner.client.delete(`/groups/${g.group.id}/scim/uid-b2`)).status).toBe(204);
    await expectApiError(g.owner.client.get(`/groups/${g.group.id}/scim/uid-b2`), 404, { message: '404 Identity Not Found' });
  });

  it('pages SAML identities like every list (headers, per_page)', async () => {
    for (const uid of ['uid-c', 'uid-d']) await scim(inst, 'POST', `/groups/${g.group.path}/Users`, token, scimUserBody({ externalId: uid }));
    const first = await g.maintainer.client.get<{ extern_uid: string }[]>(`/groups/${g.group.id}/saml/identities`, { per_page: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.headers['x-per-page']).toBe('2');
    expect(first.headers['x-next-page']).toBe('2');
    expect(first.headers.link).toContain('rel="next"');
    const all = await g.maintainer.client.get<{ extern_uid: string }[]>(`/groups/${g.group.id}/saml/identities`, { per_page: 100 });
    expect(all.data.map((i) => i.extern_uid)).toContain('uid-d');
    expect(all.headers['x-total']).toBe(String(all.data.length));
    expect(first.headers['x-total']).toBe(String(all.data.length));
    expect(all.data.length).toBeGreaterThan(2);
  });

  it('answers 400 without a SAML provider; Maintainers of the group may act, Developers 403, 401 anonymous, 404 invisible', async () => {
    await expectApiError(plain.owner.client.get(`/groups/${plain.group.id}/saml/identities`), 400, { message: '400 Bad request' });
    expect((await g.maintainer.client.get(`/groups/${g.group.id}/saml/identities`)).status).toBe(200);
    expect((await g.maintainer.client.get(`/groups/${g.group.id}/saml/uid-b`)).status).toBe(200);
    await expectApiError(g.developer.client.get(`/groups/${g.group.id}/saml/identities`), 403, { message: '403 Forbidden' });
    await expectApiError(g.developer.client.delete(`/groups/${g.group.id}/saml/uid-b`), 403, { message: '403 Forbidden' });
    // SCIM identities are not in the specification: the platform's Owner rule stands.
    await expectApiError(g.maintainer.client.get(`/groups/${g.group.id}/scim/identities`), 403, { message: '403 Forbidden' });
    await expectApiError(inst.client().get(`/groups/${g.group.id}/saml/identities`), 401);
    await expectApiError(g.nonMember.client.get(`/groups/${g.group.id}/scim/identities`), 404, { message: '404 Group Not Found' });
    expect((await inst.admin.get(`/groups/${g.group.id}/saml/identities`)).status).toBe(200);
  });
});

describe.each(TRANSPORTS)('SAML identities on the self-managed offering (%s)', (kind) => {
  it('are not there (404); identities go through the users API (admin)', async () => {
    const inst = await startInstance(kind, { offering: 'self-managed' });
    try {
      const g = await createGroupWithRoles(inst);
      await expectApiError(inst.admin.get(`/groups/${g.group.id}/saml/identities`), 404, { error: '404 Not Found' });
      const u = await createUser(inst);
      const put = await inst.admin.put<{ identities: unknown[] }>(`/users/${u.user.id}`, { provider: 'saml', extern_uid: 'corp-42' });
      expect(put.data.identities).toEqual([{ provider: 'saml', extern_uid: 'corp-42', saml_provider_id: null }]);
      await inst.admin.put(`/users/${u.user.id}`, { provider: 'saml', extern_uid: 'corp-43' });
      const found = await inst.admin.get<{ id: number }[]>('/users', { extern_uid: 'corp-43', provider: 'saml' });
      expect(found.data.map((x) => x.id)).toEqual([u.user.id]);
      await expectApiError(u.client.get('/users', { extern_uid: 'corp-43', provider: 'saml' }), 403);
      const other = await createUser(inst);
      await expectApiError(inst.admin.put(`/users/${other.user.id}`, { provider: 'saml', extern_uid: 'corp-43' }), 400, { message: { 'identities.extern_uid': ['has already been taken'] } });
      await expectApiError(inst.admin.put(`/users/${other.user.id}`, { provider: 'saml' }), 400, { error: 'extern_uid, provider provide all or none of parameters' });
      expect((await inst.admin.delete(`/users/${u.user.id}/identities/saml`)).status).toBe(204);
      await expectApiError(inst.admin.delete(`/users/${u.user.id}/identities/saml`), 404, { message: '404 Identity Not Found' });
      await expectApiError(u.client.delete(`/users/${other.user.id}/identities/saml`), 403);
    } finally {
      await inst.close();
    }
  });
});

describe.each(TRANSPORTS)('SAML group links and custom member roles (%s)', (kind) => {
  let inst: Instance;
  let g: GroupRoles;
  const links = () => `/groups/${g.group.id}/saml_group_links`;

  beforeAll(async () => {
    inst = await startInstance(kind);
    g = await createGroupWithRoles(inst);
    await enableSaml(inst, g.group.id);
  });
  afterAll(() => inst.close());

  it('creates custom roles (201), lists and deletes them (Owner; Ultimate)', async () => {
    const role = await g.owner.client.post<Record<string, unknown>>(`/groups/${g.group.id}/member_roles`, { name: 'Security reviewer', base_access_level: 20, read_vulnerability: true, read_code: true });
    expect(role.status).toBe(201);
    expect(role.data).toMatchObject({ id: expect.any(Number), name: 'Security reviewer', group_id: g.group.id, base_access_level: 20, read_vulnerability: true, read_code: true, admin_merge_request: false });
    await expectApiError(g.owner.client.post(`/groups/${g.group.id}/member_roles`, { name: 'Security reviewer', base_access_level: 20 }), 400, { message: { name: ['has already been taken'] } });
    await expectApiError(g.owner.client.post(`/groups/${g.group.id}/member_roles`, { name: 'x', base_access_level: 50 }), 400, { error: 'base_access_level does not have a valid value' });
    const temp = await g.owner.client.post<{ id: number }>(`/groups/${g.group.id}/member_roles`, { name: 'Temp', base_access_level: 10 });
    expect((await g.owner.client.get<{ name: string }[]>(`/groups/${g.group.id}/member_roles`)).data.map((r) => r.name)).toEqual(['Security reviewer', 'Temp']);
    expect((await g.owner.client.delete(`/groups/${g.group.id}/member_roles/${temp.data.id}`)).status).toBe(204);
    await expectApiError(g.owner.client.delete(`/groups/${g.group.id}/member_roles/${temp.data.id}`), 404, { message: '404 Member Role Not Found' });
    await expectApiError(g.maintainer.client.get(`/groups/${g.group.id}/member_roles`), 403);
    const sub = await createGroup(inst, inst.admin, { parent_id: g.group.id });
    await expectApiError(inst.admin.get(`/groups/${sub.id}/member_roles`), 400, { message: '400 Bad request - Must be a top-level group' });
  });

  it('creates links (201) with roles and providers, lists, gets, deletes (204)', async () => {
    const [role] = (await g.owner.client.get<{ id: number }[]>(`/groups/${g.group.id}/member_roles`)).data;
    const res = await g.owner.client.post(links(), { saml_group_name: 'engineering', access_level: 30, member_role_id: role?.id });
    expect(res.status).toBe(201);
    expect(res.data).toEqual({ name: 'engineering', access_level: 30, member_role_id: role?.id, provider: null });
    await g.owner.client.post(links(), { saml_group_name: 'admins', access_level: 50, provider: 'okta' });
    await g.owner.client.post(links(), { saml_group_name: 'admins', access_level: 40, provider: 'azure' });
    await g.owner.client.post(links(), { saml_group_name: 'admins', access_level: 20 });
    expect((await g.owner.client.get<{ name: string; provider: string | null }[]>(links())).data.map((l) => `${l.name}/${l.provider}`)).toEqual([
      'engineering/null',
      'admins/okta',
      'admins/azure',
      'admins/null',
    ]);
    expect((await g.owner.client.get(`${links()}/engineering`)).data).toEqual(res.data);
    const ambiguous = 'Multiple group links found with the same name. Please specify a provider parameter to disambiguate.';
    await expectApiError(g.owner.client.get(`${links()}/admins`), 422, { message: ambiguous });
    expect((await g.owner.client.get(`${links()}/admins`, { provider: 'azure' })).data).toMatchObject({ access_level: 40, provider: 'azure' });
    expect((await g.owner.client.get(`${links()}/admins`, { provider: '' })).data).toMatchObject({ access_level: 20, provider: null });
    await expectApiError(g.owner.client.get(`${links()}/admins`, { provider: 'onelogin' }), 404, { message: '404 Not Found' });
    await expectApiError(g.owner.client.delete(`${links()}/admins`), 422, { message: ambiguous });
    const del = await g.owner.client.delete(`${links()}/admins`, { provider: 'okta' });
    expect(del.status).toBe(204);
    expect((await g.owner.client.get<unknown[]>(links())).data).toHaveLength(3);
    await expectApiError(g.owner.client.get(`${links()}/nope`), 404, { message: '404 Not Found' });
  });

  it('validates links: access level (400), custom role of the group, duplicates', async () => {
    await expectApiError(g.owner.client.post(links(), { saml_group_name: 'x', access_level: 60 }), 400, { error: 'access_level does not have a valid value' });
    await expectApiError(g.owner.client.post(links(), { access_level: 30 }), 400, { error: 'saml_group_name is missing' });
    await expectApiError(g.owner.client.post(links(), { saml_group_name: 'engineering', access_level: 10 }), 400, { message: 'Saml group name has already been taken' });
    await expectApiError(g.owner.client.post(links(), { saml_group_name: '  engineering ', access_level: 10 }), 400, { message: 'Saml group name has already been taken' });
    await expectApiError(g.owner.client.post(links(), { saml_group_name: '   ', access_level: 10 }), 400, { message: "Saml group name can't be blank" });
    const other = await createGroupWithRoles(inst);
    const foreign = await other.owner.client.post<{ id: number }>(`/groups/${other.group.id}/member_roles`, { name: 'Foreign', base_access_level: 10 });
    await expectApiError(g.owner.client.post(links(), { saml_group_name: 'y', access_level: 10, member_role_id: foreign.data.id }), 400, { message: "Member role must belong to the group's top-level group" });
  });

  it('pages links like every list (headers, per_page)', async () => {
    const page = await g.owner.client.get<{ name: string }[]>(links(), { per_page: 2, page: 2 });
    expect(page.data.map((l) => l.name)).toEqual(['admins']);
    expect(page.headers).toMatchObject({ 'x-page': '2', 'x-per-page': '2', 'x-total': '3', 'x-total-pages': '2', 'x-prev-page': '1', 'x-next-page': '' });
    expect(page.headers.link).toContain('rel="prev"');
  });

  it('lets Maintainers of the group administer links (a group maintained by the caller)', async () => {
    const res = await g.maintainer.client.post(links(), { saml_group_name: 'maintained', access_level: 30 });
    expect(res.status).toBe(201);
    expect((await g.maintainer.client.get(`${links()}/maintained`)).data).toEqual(res.data);
    expect((await g.maintainer.client.delete(`${links()}/maintained`)).status).toBe(204);
  });

  it('refuses links where SAML is not configured (401, as the platform does), a subgroup following its top-level group', async () => {
    const plain = await createGroupWithRoles(inst);
    await expectApiError(plain.owner.client.get(`/groups/${plain.group.id}/saml_group_links`), 401, { message: '401 Unauthorized' });
    await expectApiError(plain.owner.client.post(`/groups/${plain.group.id}/saml_group_links`, { saml_group_name: 'x', access_level: 10 }), 401);
    await expectApiError(inst.admin.post(`/groups/${plain.group.id}/saml_group_links`, { saml_group_name: 'x', access_level: 10 }), 401);
    // A subgroup follows its top-level group's SAML provider.
    const sub = await createGroup(inst, inst.admin, { parent_id: g.group.id });
    expect((await inst.admin.post(`/groups/${sub.id}/saml_group_links`, { saml_group_name: 'sub-eng', access_level: 30 })).status).toBe(201);
    await inst.admin.put(`/hostctl/groups/${g.group.id}/saml_provider`, { enabled: false });
    await expectApiError(g.owner.client.get(links()), 401);
    await inst.admin.put(`/hostctl/groups/${g.group.id}/saml_provider`, { enabled: true });
    expect((await g.owner.client.get(links())).status).toBe(200);
  });

  it('answers 401 to everyone who may not administer links, unknown groups included', async () => {
    for (const who of [g.developer, g.nonMember]) {
      await expectApiError(who.client.get(links()), 401, { message: '401 Unauthorized' });
      await expectApiError(who.client.post(links(), { saml_group_name: 'z', access_level: 10 }), 401);
      await expectApiError(who.client.delete(`${links()}/engineering`), 401);
    }
    await expectApiError(inst.client().get(links()), 401);
    await expectApiError(g.owner.client.get('/groups/999999/saml_group_links'), 401);
    expect((await inst.admin.get(links())).status).toBe(200);
  });
});

describe.each(TRANSPORTS)('SAML group links and member roles by tier (%s)', (kind) => {
  it('links answer 401 on the free tier; premium drops member_role_id; roles need Ultimate', async () => {
    const free = await startInstance(kind, { tier: 'free' });
    try {
      const g = await createGroup(free);
      await expectApiError(free.admin.get(`/groups/${g.id}/saml_group_links`), 401, { message: '401 Unauthorized' });
    } finally {
      await free.close();
    }
    const premium = await startInstance(kind, { tier: 'premium' });
    try {
      const g = await createGroup(premium);
      await enableSaml(premium, g.id);
      const res = await premium.admin.post(`/groups/${g.id}/saml_group_links`, { saml_group_name: 'eng', access_level: 30, member_role_id: 12345 });
      expect(res.data).toEqual({ name: 'eng', access_level: 30, member_role_id: null, provider: null });
      await expectApiError(premium.admin.get(`/groups/${g.id}/member_roles`), 404, { error: '404 Not Found' });
    } finally {
      await premium.close();
    }
  });
});

describe.each(TRANSPORTS)('two-factor state (extension) (%s)', (kind) => {
  it('is set by administrators and shown to them on GET /users/:id', async () => {
    const inst = await startInstance(kind);
    try {
      const u = await createUser(inst);
      const other = await createUser(inst);
      const res = await inst.admin.put<{ two_factor_enabled: boolean }>(`/hostctl/users/${u.user.id}/two_factor`, { enabled: true });
      expect(res.status).toBe(200);
      expect(res.data.two_factor_enabled).toBe(true);
      expect((await inst.admin.get<{ two_factor_enabled: boolean }>(`/users/${u.user.id}`)).data.two_factor_enabled).toBe(true);
      expect((await other.client.get<Record<string, unknown>>(`/users/${u.user.id}`)).data).not.toHaveProperty('two_factor_enabled');
      expect((await inst.admin.get<{ id: number }[]>('/users', { two_factor: 'enabled' })).data.map((x) => x.id)).toEqual([u.user.id]);
      await expectApiError(other.client.put(`/hostctl/users/${u.user.id}/two_factor`, { enabled: false }), 403);
      await expectApiError(inst.admin.put(`/hostctl/users/${u.user.id}/two_factor`, {}), 400, { error: 'enabled is missing' });
      await expectApiError(inst.admin.put('/hostctl/users/999999/two_factor', { enabled: true }), 404);
      expect((await inst.admin.put<{ two_factor_enabled: boolean }>(`/hostctl/users/${u.user.id}/two_factor`, { enabled: false })).data.two_factor_enabled).toBe(false);
    } finally {
      await inst.close();
    }
  });
});

describe.each(TRANSPORTS)('group SAML identities through the users API (%s)', (kind) => {
  it('creates and changes an identity scoped by a group SAML provider with group_id_for_saml', async () => {
    const inst = await startInstance(kind);
    try {
      const g = await createGroupWithRoles(inst);
      await enableSaml(inst, g.group.id);
      const res = await inst.admin.post<{ id: number; identities: unknown[] }>('/users', {
        username: 'samluser',
        email: 'samluser@corp.example.com',
        name: 'Saml User',
        force_random_password: true,
        provider: 'group_saml',
        extern_uid: 'idp-77',
        group_id_for_saml: g.group.id,
      });
      const { data: provider } = await inst.admin.get<{ id: number }>(`/hostctl/groups/${g.group.id}/saml_provider`);
      expect(res.data.identities).toEqual([{ provider: 'group_saml', extern_uid: 'idp-77', saml_provider_id: provider.id }]);
      const put = await inst.admin.put<{ identities: unknown[] }>(`/users/${res.data.id}`, { provider: 'group_saml', extern_uid: 'idp-78', group_id_for_saml: g.group.id });
      expect(put.data.identities).toEqual([{ provider: 'group_saml', extern_uid: 'idp-78', saml_provider_id: provider.id }]);
      const plain = await createGroup(inst);
      await expectApiError(inst.admin.put(`/users/${res.data.id}`, { provider: 'group_saml', extern_uid: 'idp-79', group_id_for_saml: plain.id }), 400, { message: { 'identities.saml_provider': ["can't be blank"] } });
    } finally {
      await inst.close();
    }
  });
});
