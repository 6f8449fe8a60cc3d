// SCIM conformance: the requests identity providers send (Okta and Azure AD styles) to
// /api/scim/v2/groups/:group_path/Users, answered with SCIM bodies and errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { createGroupWithRoles, enableSaml, scim, scimUserBody, type GroupRoles } from '../factories/governance.js';
import { createGroup } from '../factories/groups.js';
import { createUser } from '../factories/users.js';

const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

describe.each(TRANSPORTS)('group SCIM provisioning (%s)', (kind) => {
  let inst: Instance;
  let g: GroupRoles;
  let token: string;
  const users = () => `/groups/${encodeURIComponent(g.group.full_path)}/Users`;
  const members = async () => (await inst.admin.get<{ id: number; access_level: number }[]>(`/groups/${g.group.id}/members`)).data;

  beforeAll(async () => {
    inst = await startInstance(kind);
    g = await createGroupWithRoles(inst);
    token = await enableSaml(inst, g.group.id, 30);
  });
  afterAll(() => inst.close());

  it('Okta: looks the user up by userName (none), creates it (201), finds it by userName and id', async () => {
    const body = scimUserBody({ externalId: 'okta-00u1', email: 'jane.doe@corp.example.com', given: 'Jane', family: 'Doe' });
    const lookup = await scim(inst, 'GET', users(), token, undefined, `filter=${encodeURIComponent('userName eq "jane.doe@corp.example.com"')}&startIndex=1&count=100`);
    expect(lookup.status).toBe(200);
    expect(lookup.headers['content-type']).toContain('application/scim+json');
    expect(lookup.json).toEqual({ schemas: [LIST_SCHEMA], totalResults: 0, itemsPerPage: 100, startIndex: 1, Resources: [] });

    const created = await scim(inst, 'POST', users(), token, body);
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      id: 'okta-00u1',
      active: true,
      emails: [{ type: 'work', value: 'jane.doe@corp.example.com', primary: true }],
      'name.formatted': 'Jane Doe',
      meta: { resourceType: 'User' },
      userName: 'jane.doe',
    });
    for (const filter of ['userName eq "jane.doe@corp.example.com"', 'userName eq "JANE.DOE"', 'id eq "okta-00u1"', 'externalId eq "okta-00u1"']) {
      const found = await scim(inst, 'GET', users(), token, undefined, `filter=${encodeURIComponent(filter)}`);
      expect(found.json?.totalResults, filter).toBe(1);
      expect((found.json?.Resources as { id: string }[])[0]?.id).toBe('okta-00u1');
    }
    const one = await scim(inst, 'GET', `${users()}/okta-00u1`, token);
    expect(one.json).toEqual(created.json);
  });

  it('creates the account, SAML identity, membership with the default role, and an enterprise user', async () => {
    const [user] = (await inst.admin.get<Record<string, unknown>[]>('/users', { username: 'jane.doe' })).data;
    expect(user).toMatchObject({ username: 'jane.doe', name: 'Jane Doe', email: 'jane.doe@corp.example.com' });
    expect(user?.identities).toEqual([{ provider: 'group_saml', extern_uid: 'okta-00u1', saml_provider_id: expect.any(Number) }]);
    expect((await members()).find((m) => m.id === user?.id)?.access_level).toBe(30);
    const ent = await inst.admin.get<Record<string, unknown>>(`/groups/${g.group.id}/enterprise_users/${String(user?.id)}`);
    expect(ent.data.scim_identities).toEqual([{ extern_uid: 'okta-00u1', group_id: g.group.id, active: true }]);
  });

  it('never claims an account it did not create: an existing email (the administrator\'s too) is a 409 uniqueness conflict and nothing changes', async () => {
    const existing = await createUser(inst, { email: 'existing@corp.example.com' });
    const admin = (await inst.admin.get<{ id: number; email: string; username: string }>('/user')).data;
    const before = async (id: number) => (await inst.admin.get<Record<string, unknown>>(`/users/${id}`)).data;
    const adminBefore = await before(admin.id);
    const existingBefore = await before(existing.user.id);
    const membersBefore = await members();
    for (const [i, email] of [existing.user.email, admin.email, admin.email.toUpperCase()].entries()) {
      const res = await scim(inst, 'POST', users(), token, scimUserBody({ externalId: `grab-${i}`, email, userName: email }));
      expect(res.status, email).toBe(409);
      expect(res.json).toEqual({ schemas: [ERROR_SCHEMA], scimType: 'uniqueness', detail: 'Error saving user: Email has already been taken', status: 409 });
      expect((await scim(inst, 'GET', `${users()}/grab-${i}`, token)).status).toBe(404);
    }
    // The group's own, already provisioned, account answers exactly the same.
    const again = await scim(inst, 'POST', users(), token, scimUserBody({ externalId: 'grab-own', email: 'jane.doe@corp.example.com' }));
    expect(again.status).toBe(409);
    expect(again.json?.detail).toBe('Error saving user: Email has already been taken');
    expect(await before(admin.id)).toEqual(adminBefore);
    expect(await before(existing.user.id)).toEqual(existingBefore);
    // The group's creator (the administrator here) is its member already: nothing is added or changed.
    expect(await members()).toEqual(membersBefore);
    for (const filter of [`userName eq "${admin.username}"`, `userName eq "${admin.email}"`, `userName eq "${existing.user.username}"`]) {
      expect((await scim(inst, 'GET', users(), token, undefined, `filter=${encodeURIComponent(filter)}`)).json?.totalResults, filter).toBe(0);
    }
    const identities = (await inst.admin.get<{ user_id: number }[]>(`/groups/${g.group.id}/saml/identities`)).data.map((i) => i.user_id);
    expect(identities).not.toContain(admin.id);
    expect(identities).not.toContain(existing.user.id);
  });

  it('Okta deprovisioning: PATCH replace {active:false} → 204, membership gone, identity kept inactive; reprovision restores', async () => {
    const patch = (value: unknown) => scim(inst, 'PATCH', `${users()}/okta-00u1`, token, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', value }] });
    const off = await patch({ active: false });
    expect(off.status).toBe(204);
    expect(off.body).toBe('');
    const [user] = (await inst.admin.get<{ id: number }[]>('/users', { username: 'jane.doe' })).data;
    expect((await members()).some((m) => m.id === user?.id)).toBe(false);
    expect((await scim(inst, 'GET', `${users()}/okta-00u1`, token)).json?.active).toBe(false);
    expect((await inst.admin.get<{ active: boolean }>(`/groups/${g.group.id}/scim/okta-00u1`)).data.active).toBe(false);
    expect((await patch({ active: true })).status).toBe(204);
    expect((await members()).find((m) => m.id === user?.id)?.access_level).toBe(30);
    expect((await scim(inst, 'GET', `${users()}/okta-00u1`, token)).json?.active).toBe(true);
  });

  it('Azure AD: provisions, PATCHes names and emails (accepted), Replace active "False", DELETE, re-POST reprovisions', async () => {
    const body = {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
      externalId: 'aad-7f3c',
      userName: 'ravi@corp.example.com',
      active: true,
      displayName: 'Ravi Kumar',
      emails: [{ primary: true, type: 'work', value: 'ravi@corp.example.com' }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Ravi Kumar', familyName: 'Kumar', givenName: 'Ravi' },
    };
    expect((await scim(inst, 'GET', users(), token, undefined, `filter=${encodeURIComponent('userName eq "ravi@corp.example.com"')}`)).json?.totalResults).toBe(0);
    expect((await scim(inst, 'POST', users(), token, body)).status).toBe(201);
    const ops = (Operations: unknown[]) => scim(inst, 'PATCH', `${users()}/aad-7f3c`, token, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations });
    expect(
      (
        await ops([
          { op: 'Replace', path: 'name.givenName', value: 'Ravindra' },
          { op: 'Replace', path: 'emails[type eq "work"].value', value: 'ravindra@corp.example.com' },
          { op: 'Add', path: 'displayName', value: 'Ravindra Kumar' },
        ])
      ).status,
    ).toBe(204);
    expect((await ops([{ op: 'Replace', path: 'active', value: 'False' }])).status).toBe(204);
    expect((await scim(inst, 'GET', `${users()}/aad-7f3c`, token)).json?.active).toBe(false);
    expect((await ops([{ op: 'Replace', path: 'active', value: 'True' }])).status).toBe(204);
    const del = await scim(inst, 'DELETE', `${users()}/aad-7f3c`, token);
    expect(del.status).toBe(204);
    expect((await scim(inst, 'GET', `${users()}/aad-7f3c`, token)).json?.active).toBe(false);
    expect((await scim(inst, 'POST', users(), token, body)).status).toBe(201);
    expect((await scim(inst, 'GET', `${users()}/aad-7f3c`, token)).json?.active).toBe(true);
  });

  it('changes the extern_uid with a PATCH of externalId', async () => {
    await scim(inst, 'POST', users(), token, scimUserBody({ externalId: 'old-uid' }));
    expect((await scim(inst, 'PATCH', `${users()}/old-uid`, token, { Operations: [{ op: 'replace', path: 'externalId', value: 'new-uid' }] })).status).toBe(204);
    expect((await scim(inst, 'GET', `${users()}/new-uid`, token)).status).toBe(200);
    expect((await scim(inst, 'GET', `${users()}/old-uid`, token)).status).toBe(404);
  });

  it('pages with startIndex and count', async () => {
    const all = await scim(inst, 'GET', users(), token);
    const total = all.json?.totalResults as number;
    expect(total).toBeGreaterThanOrEqual(3);
    const page = await scim(inst, 'GET', users(), token, undefined, 'startIndex=2&count=2');
    expect(page.json).toMatchObject({ totalResults: total, itemsPerPage: 2, startIndex: 2 });
    expect((page.json?.Resources as { id: string }[]).map((r) => r.id)).toEqual((all.json?.Resources as { id: string }[]).slice(1, 3).map((r) => r.id));
  });

  it('answers SCIM errors: 409 duplicate, 412 missing data and unsupported filters, 404 unknown, 401 bad token', async () => {
    const dup = await scim(inst, 'POST', users(), token, scimUserBody({ externalId: 'okta-00u1' }));
    expect(dup.status).toBe(409);
    expect(dup.json).toEqual({ schemas: [ERROR_SCHEMA], scimType: 'uniqueness', detail: expect.stringContaining('already been taken'), status: 409 });
    const noEmail = await scim(inst, 'POST', users(), token, { externalId: 'x1', userName: 'plainname' });
    expect(noEmail.status).toBe(412);
    expect(noEmail.json).toMatchObject({ schemas: [ERROR_SCHEMA], status: 412 });
    const bad = await scim(inst, 'GET', users(), token, undefined, `filter=${encodeURIComponent('title co "x"')}`);
    expect(bad.json).toEqual({ schemas: [ERROR_SCHEMA], detail: 'Unsupported Filter', status: 412 });
    const missing = await scim(inst, 'GET', `${users()}/nobody`, token);
    expect(missing.json).toEqual({ schemas: [ERROR_SCHEMA], detail: 'Resource nobody not found', status: 404 });
    expect((await scim(inst, 'PATCH', `${users()}/okta-00u1`, token, { schemas: [] })).status).toBe(412);
    expect((await scim(inst, 'GET', users(), 'wrong-token')).json).toEqual({ schemas: [ERROR_SCHEMA], detail: 'Unauthorized', status: 401 });
    expect((await scim(inst, 'GET', users(), undefined)).status).toBe(401);
    const other = await createGroup(inst);
    const otherToken = await enableSaml(inst, other.id);
    expect((await scim(inst, 'GET', users(), otherToken)).status).toBe(401);
    const plain = await createGroup(inst);
    expect((await scim(inst, 'GET', `/groups/${plain.path}/Users`, token)).json).toMatchObject({ detail: `Group ${plain.path} does not have SAML SSO configured`, status: 404 });
    expect((await scim(inst, 'GET', '/groups/no-such-group/Users', token)).json).toMatchObject({ detail: 'Group no-such-group not found', status: 404 });
  });

  it('is not reachable below /api/v4, and personal access tokens are not SCIM tokens', async () => {
    const res = await inst.raw('GET', `/scim/v2${users()}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(404);
    expect((await scim(inst, 'GET', users(), inst.rootToken)).status).toBe(401);
  });

  it('a new SCIM token replaces the old one (Owner only)', async () => {
    const fresh = await g.owner.client.post<{ token: string; scim_api_url: string }>(`/hostctl/groups/${g.group.id}/scim_token`);
    expect(fresh.status).toBe(201);
    expect(fresh.data.scim_api_url).toMatch(new RegExp(`/api/scim/v2/groups/${g.group.full_path}$`));
    expect((await scim(inst, 'GET', users(), token)).status).toBe(401);
    expect((await scim(inst, 'GET', users(), fresh.data.token)).status).toBe(200);
    expect((await g.maintainer.client.post(`/hostctl/groups/${g.group.id}/scim_token`).catch((e: { status: number }) => e)).status).toBe(403);
    token = fresh.data.token;
  });
});

describe.each(TRANSPORTS)('group SCIM gating (%s)', (kind) => {
  it('exists on the hosted offering only', async () => {
    const inst = await startInstance(kind, { offering: 'self-managed' });
    try {
      const g = await createGroupWithRoles(inst);
      const token = await enableSaml(inst, g.group.id);
      const res = await scim(inst, 'GET', `/groups/${g.group.path}/Users`, token);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ schemas: [ERROR_SCHEMA], status: 404 });
    } finally {
      await inst.close();
    }
  });
});
