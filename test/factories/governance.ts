// Governance fixtures through the API: a top-level group with an Owner, a Maintainer, a
// Developer and an outsider; its SAML provider and SCIM token; SCIM requests as identity
// providers send them.
import type { Instance } from '../helpers/instance.js';
import type { ApiResponse } from '../../src/shared/wire.js';
import { createGroup, type GroupJson } from './groups.js';
import { addMember } from './projects.js';
import { createUser, unique, type TestUser } from './users.js';

export interface GroupRoles {
  group: GroupJson;
  owner: TestUser;
  maintainer: TestUser;
  developer: TestUser;
  nonMember: TestUser;
}

export async function createGroupWithRoles(inst: Instance, overrides: Record<string, unknown> = {}): Promise<GroupRoles> {
  const group = await createGroup(inst, inst.admin, overrides);
  const [owner, maintainer, developer, nonMember] = await Promise.all([createUser(inst), createUser(inst), createUser(inst), createUser(inst)]);
  await addMember(inst, 'groups', group.id, owner.user.id, 50);
  await addMember(inst, 'groups', group.id, maintainer.user.id, 40);
  await addMember(inst, 'groups', group.id, developer.user.id, 30);
  return { group, owner, maintainer, developer, nonMember };
}

export const FINGERPRINT = '9a:be:4b:3c:21:0e:8d:4f:ab:cd:ef:01:23:45:67:89:aa:bb:cc:dd';

/** Configures SAML (extension) and generates the SCIM token; returns the token. */
export async function enableSaml(inst: Instance, groupId: number, defaultRole = 30): Promise<string> {
  await inst.admin.put(`/hostctl/groups/${groupId}/saml_provider`, { sso_url: 'https://idp.example.com/sso/saml', certificate_fingerprint: FINGERPRINT, default_membership_role: defaultRole });
  const { data } = await inst.admin.post<{ token: string }>(`/hostctl/groups/${groupId}/scim_token`);
  return data.token;
}

export interface ScimAnswer extends ApiResponse {
  json: Record<string, unknown> | null;
}

/** One request to the SCIM root (/api/scim/v2) as an identity provider sends it. */
export async function scim(inst: Instance, method: string, path: string, token: string | undefined, body?: unknown, query = ''): Promise<ScimAnswer> {
  const headers: Record<string, string> = { accept: 'application/scim+json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/scim+json';
  const res = await inst.transport.request({ method, path: `/scim/v2${path}`, query, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}), api: 'scim' });
  const text = typeof res.body === 'string' ? res.body : Buffer.from(res.body).toString('utf8');
  return { ...res, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** An Okta-style create: userName is the email, the IdP's id in externalId. */
export function scimUserBody(overrides: { externalId?: string; userName?: string; given?: string; family?: string; email?: string; active?: boolean } = {}) {
  const local = unique('sso');
  const email = overrides.email ?? `${local}@corp.example.com`;
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    externalId: overrides.externalId ?? `ext-${local}`,
    userName: overrides.userName ?? email,
    active: overrides.active ?? true,
    name: { givenName: overrides.given ?? 'Sam', familyName: overrides.family ?? 'Sign-On' },
    emails: [{ primary: true, type: 'work', value: email }],
  };
}

/**
 * Switches a running instance's offering. The hosted offering has no admin endpoint to create
 * tokens for other users, so fixtures are built on an `all` instance first.
 */
export function setOffering(inst: Instance, offering: 'hosted' | 'self-managed' | 'all'): void {
  inst.core.settings.offering = offering;
}
