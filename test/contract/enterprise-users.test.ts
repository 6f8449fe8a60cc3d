import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createGroupWithRoles, enableSaml, scim, scimUserBody, setOffering, type GroupRoles } from '../factories/governance.js';
import { createGroup } from '../factories/groups.js';
import { createUser } from '../factories/users.js';

interface EnterpriseJson {
  id: number;
  username: string;
  name: string;
  email: string;
  state: string;
  two_factor_enabled: boolean;
  identities: { provider: string; extern_uid: string; saml_provider_id: number | null }[];
  scim_identities: { extern_uid: string; group_id: number; active: boolean }[];
  [k: string]: unknown;
}

const FIELDS = [
  'id', 'username', 'name', 'state', 'avatar_url', 'web_url', 'created_at', 'bio', 'location', 'public_email', 'linkedin', 'twitter', 'website_url',
  'organization', 'job_title', 'pronouns', 'bot', 'work_information', 'followers', 'following', 'local_time', 'last_sign_in_at', 'confirmed_at',
  'last_activity_on', 'email', 'theme_id', 'color_scheme_id', 'projects_limit', 'current_sign_in_at', 'can_create_group', 'can_create_project',
  'two_factor_enabled', 'external', 'private_profile', 'commit_email', 'shared_runners_minutes_limit', 'extra_shared_runners_minutes_limit',
  'identities', 'scim_identities',
];

describe.each(TRANSPORTS)('enterprise users (%s)', (kind) => {
  let inst: Instance;
  let g: GroupRoles;
  let ids: Record<string, number>;
  let outsider: number;
  const base = () => `/groups/${g.group.id}/enterprise_users`;

  beforeAll(async () => {
    inst = await startInstance(kind);
    g = await createGroupWithRoles(inst);
    outsider = (await createUser(inst)).user.id;
    const token = await enableSaml(inst, g.group.id);
    ids = {};
    for (const [name, email, mfa] of [
      ['Ada Lovelace', 'ada@corp.example.com', true],
      ['Grace Hopper', 'grace@corp.example.com', false],
      ['Linus Example', 'linus@corp.example.com', true],
    ] as const) {
      const [given, family] = name.split(' ') as [string, string];
      const res = await scim(inst, 'POST', `/groups/${g.group.path}/Users`, token, scimUserBody({ email, given, family, externalId: `ext-${given}` }));
      const [user] = (await inst.admin.get<{ id: number }[]>('/users', { search: email })).data;
      ids[given] = user?.id as number;
      if (mfa) await inst.admin.put(`/hostctl/users/${String(user?.id)}/two_factor`, { enabled: true });
      expect(res.status).toBe(201);
    }
    await inst.admin.post(`/users/${ids.Grace}/block`);
    setOffering(inst, 'hosted');
  });
  afterAll(() => inst.close());

  it('lists every field of the entity, newest id first, paginated', async () => {
    const res = await g.owner.client.get<EnterpriseJson[]>(base());
    expect(res.data.map((u) => u.id)).toEqual([ids.Linus, ids.Grace, ids.Ada]);
    expect(res.headers['x-total']).toBe('3');
    const ada = res.data[2] as EnterpriseJson;
    expect(Object.keys(ada)).toEqual(expect.arrayContaining(FIELDS));
    expect(ada.identities).toEqual([{ provider: 'group_saml', extern_uid: 'ext-Ada', saml_provider_id: expect.any(Number) }]);
    expect(ada.scim_identities).toEqual([{ extern_uid: 'ext-Ada', group_id: g.group.id, active: true }]);
    expect(ada).toMatchObject({ name: 'Ada Lovelace', email: 'ada@corp.example.com', two_factor_enabled: true, bot: false });
    const page = await g.owner.client.get<EnterpriseJson[]>(base(), { per_page: 2, page: 2 });
    expect(page.data.map((u) => u.id)).toEqual([ids.Ada]);
  });

  it('filters by username, search (name, username, email), active, blocked, two_factor and creation time', async () => {
    const names = async (query: Record<string, unknown>) => (await g.owner.client.get<EnterpriseJson[]>(base(), query)).data.map((u) => u.name);
    const ada = (await inst.admin.get<{ username: string }>(`/users/${ids.Ada}`)).data.username;
    expect(await names({ username: ada })).toEqual(['Ada Lovelace']);
    expect(await names({ search: 'hopp' })).toEqual(['Grace Hopper']);
    expect(await names({ search: ada.slice(0, 3) })).toEqual(['Ada Lovelace']);
    // A leading @ is dropped: a mention finds its user (User.search).
    expect(await names({ search: `@${ada}` })).toEqual(['Ada Lovelace']);
    // Emails only whole (case aside): part of one finds nobody.
    expect(await names({ search: 'linus@corp.example.com' })).toEqual(['Linus Example']);
    expect(await names({ search: 'LINUS@corp.example.com' })).toEqual(['Linus Example']);
    expect(await names({ search: 'linus@corp' })).toEqual([]);
    expect(await names({ search: 'corp.example.com' })).toEqual([]);
    // Every term, in any order, in one field (Gitlab::SQL::Pattern).
    expect(await names({ search: 'hopper grace' })).toEqual(['Grace Hopper']);
    expect(await names({ search: 'hopper ada' })).toEqual([]);
    // Names and usernames with the term squished, emails with the term as sent (User.search).
    expect(await names({ search: ' \tgrace   hopper\n' })).toEqual(['Grace Hopper']);
    expect(await names({ search: ' linus@corp.example.com' })).toEqual([]);
    expect(await names({ active: true })).toEqual(['Linus Example', 'Ada Lovelace']);
    expect(await names({ blocked: true })).toEqual(['Grace Hopper']);
    expect(await names({ two_factor: 'enabled' })).toEqual(['Linus Example', 'Ada Lovelace']);
    expect(await names({ two_factor: 'disabled' })).toEqual(['Grace Hopper']);
    expect(await names({ created_after: '2020-01-01T00:00:00Z' })).toHaveLength(3);
    expect(await names({ created_before: '2020-01-01T00:00:00Z' })).toEqual([]);
    await expectApiError(g.owner.client.get(base(), { two_factor: 'maybe' }), 400, { error: 'two_factor does not have a valid value' });
    await expectApiError(g.owner.client.get(base(), { created_after: 'yesterday' }), 400, { error: 'created_after is invalid' });
  });

  it('gets one enterprise user; others (members included) are 404', async () => {
    expect((await g.owner.client.get<EnterpriseJson>(`${base()}/${ids.Ada}`)).data.name).toBe('Ada Lovelace');
    await expectApiError(g.owner.client.get(`${base()}/${g.maintainer.user.id}`), 404, { message: '404 Not found' });
    await expectApiError(g.owner.client.get(`${base()}/${outsider}`), 404, { message: '404 Not found' });
    await expectApiError(g.owner.client.get(`${base()}/999999`), 404, { message: '404 Not found' });
  });

  it('disables two-factor authentication (204), then 400 as it is off', async () => {
    const res = await g.owner.client.patch(`${base()}/${ids.Linus}/disable_two_factor`);
    expect(res.status).toBe(204);
    expect((await g.owner.client.get<EnterpriseJson>(`${base()}/${ids.Linus}`)).data.two_factor_enabled).toBe(false);
    await expectApiError(g.owner.client.patch(`${base()}/${ids.Linus}/disable_two_factor`), 400, { message: '400 Bad request - Two-factor authentication is not enabled for this user' });
    await expectApiError(g.owner.client.patch(`${base()}/${outsider}/disable_two_factor`), 404, { message: '404 Not found' });
    await expectApiError(g.maintainer.client.patch(`${base()}/${ids.Ada}/disable_two_factor`), 403, { message: '403 Forbidden' });
  });

  it('needs the Owner of a top-level group', async () => {
    for (const who of [g.maintainer, g.developer]) await expectApiError(who.client.get(base()), 403, { message: '403 Forbidden' });
    await expectApiError(g.nonMember.client.get(base()), 404, { message: '404 Group Not Found' });
    await expectApiError(inst.client().get(base()), 401, { message: '401 Unauthorized' });
    await expectApiError(g.owner.client.get('/groups/999999/enterprise_users'), 404, { message: '404 Group Not Found' });
    expect((await inst.admin.get(base())).status).toBe(200);
    setOffering(inst, 'all');
    const sub = await createGroup(inst, inst.admin, { parent_id: g.group.id });
    setOffering(inst, 'hosted');
    await expectApiError(g.owner.client.get(`/groups/${sub.id}/enterprise_users`), 400, { message: '400 Bad request - Must be a top-level group' });
    await expectApiError(g.developer.client.get(`/groups/${sub.id}/enterprise_users`), 400, { message: '400 Bad request - Must be a top-level group' });
  });
});

describe.each(TRANSPORTS)('a group cannot take over accounts through its SCIM (%s)', (kind) => {
  let inst: Instance;
  beforeAll(async () => {
    inst = await startInstance(kind);
  });
  afterAll(() => inst.close());

  it('a plain user\'s group, SAML and SCIM token cannot claim the administrator: 409, not linked, not an enterprise user, 2FA untouched', async () => {
    const admin = (await inst.admin.get<EnterpriseJson>('/user')).data;
    await inst.admin.put(`/hostctl/users/${admin.id}/two_factor`, { enabled: true });
    const adminBefore = (await inst.admin.get<EnterpriseJson>(`/users/${admin.id}`)).data;
    const mallory = await createUser(inst);
    const group = await createGroup(inst, mallory.client);
    const saml = await mallory.client.put(`/hostctl/groups/${group.id}/saml_provider`, { sso_url: 'https://idp.evil.example/sso', certificate_fingerprint: '9a:be:4b:3c:21:0e:8d:4f:ab:cd:ef:01:23:45:67:89:aa:bb:cc:dd' });
    expect(saml.status).toBe(201);
    const token = (await mallory.client.post<{ token: string }>(`/hostctl/groups/${group.id}/scim_token`)).data.token;
    const victim = await createUser(inst, { email: 'victim@corp.example.com' });
    setOffering(inst, 'hosted');
    try {
      for (const email of [admin.email, victim.user.email]) {
        const res = await scim(inst, 'POST', `/groups/${group.path}/Users`, token, scimUserBody({ externalId: `evil-${email}`, email }));
        expect(res.status).toBe(409);
        expect(res.json).toEqual({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], scimType: 'uniqueness', detail: 'Error saving user: Email has already been taken', status: 409 });
      }
      expect((await inst.admin.get<EnterpriseJson>(`/users/${admin.id}`)).data).toEqual(adminBefore);
      expect((await inst.admin.get<EnterpriseJson>(`/users/${victim.user.id}`)).data.identities).toEqual([]);
      expect((await mallory.client.get<EnterpriseJson[]>(`/groups/${group.id}/enterprise_users`)).data).toEqual([]);
      for (const id of [admin.id, victim.user.id]) {
        await expectApiError(mallory.client.get(`/groups/${group.id}/enterprise_users/${id}`), 404, { message: '404 Not found' });
        await expectApiError(mallory.client.patch(`/groups/${group.id}/enterprise_users/${id}/disable_two_factor`), 404, { message: '404 Not found' });
      }
      expect((await mallory.client.get(`/groups/${group.id}/saml/identities`)).data).toEqual([]);
      expect((await mallory.client.get(`/groups/${group.id}/scim/identities`)).data).toEqual([]);
      expect((await scim(inst, 'GET', `/groups/${group.path}/Users`, token)).json?.totalResults).toBe(0);
      expect((await inst.admin.get<EnterpriseJson>(`/users/${admin.id}`)).data.two_factor_enabled).toBe(true);
    } finally {
      setOffering(inst, 'all');
    }
  });

  it('an account the group provisioned leaves its reach when it becomes an administrator', async () => {
    const owner = await createUser(inst);
    const group = await createGroup(inst, owner.client);
    await owner.client.put(`/hostctl/groups/${group.id}/saml_provider`, { sso_url: 'https://idp.example.com/sso', certificate_fingerprint: '9a:be:4b:3c:21:0e:8d:4f:ab:cd:ef:01:23:45:67:89:aa:bb:cc:dd' });
    const token = (await owner.client.post<{ token: string }>(`/hostctl/groups/${group.id}/scim_token`)).data.token;
    setOffering(inst, 'hosted');
    try {
      const created = await scim(inst, 'POST', `/groups/${group.path}/Users`, token, scimUserBody({ externalId: 'later-admin', email: 'later.admin@corp.example.com' }));
      expect(created.status).toBe(201);
      const [user] = (await inst.admin.get<EnterpriseJson[]>('/users', { search: 'later.admin@corp.example.com' })).data;
      expect((await owner.client.get<EnterpriseJson[]>(`/groups/${group.id}/enterprise_users`)).data.map((u) => u.id)).toEqual([user?.id]);
      await inst.admin.put(`/users/${String(user?.id)}`, { admin: true });
      expect((await owner.client.get<EnterpriseJson[]>(`/groups/${group.id}/enterprise_users`)).data).toEqual([]);
      expect((await owner.client.get<EnterpriseJson[]>(`/groups/${group.id}/enterprise_users`)).headers['x-total']).toBe('0');
      await expectApiError(owner.client.patch(`/groups/${group.id}/enterprise_users/${String(user?.id)}/disable_two_factor`), 404, { message: '404 Not found' });
      expect((await scim(inst, 'GET', `/groups/${group.path}/Users/later-admin`, token)).status).toBe(404);
      const deactivate = await scim(inst, 'PATCH', `/groups/${group.path}/Users/later-admin`, token, { Operations: [{ op: 'replace', value: { active: false } }] });
      expect(deactivate.status).toBe(404);
      const again = await scim(inst, 'POST', `/groups/${group.path}/Users`, token, scimUserBody({ externalId: 'later-admin', email: 'later.admin@corp.example.com' }));
      expect(again.status).toBe(409);
      expect((await scim(inst, 'GET', `/groups/${group.path}/Users`, token)).json?.totalResults).toBe(0);
    } finally {
      setOffering(inst, 'all');
    }
  });
});

describe.each(TRANSPORTS)('enterprise users gating (%s)', (kind) => {
  it('exist on the hosted offering of paid tiers only', async () => {
    for (const options of [{ offering: 'self-managed' as const }, { offering: 'hosted' as const, tier: 'free' as const }]) {
      const inst = await startInstance(kind, options);
      try {
        const group = await createGroup(inst);
        await expectApiError(inst.admin.get(`/groups/${group.id}/enterprise_users`), 404, { error: '404 Not Found' });
        await expectApiError(inst.admin.patch(`/groups/${group.id}/enterprise_users/1/disable_two_factor`), 404, { error: '404 Not Found' });
      } finally {
        await inst.close();
      }
    }
  });
});
