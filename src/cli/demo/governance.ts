// Demo governance of acme: SAML single sign-on with an identity provider that provisioned four
// employees over SCIM (enterprise users, two with two-factor authentication, one since
// deprovisioned), a custom role, SAML group links, and protected environments for the group's
// deployment tiers and for the storefront.
import type { Demo, DemoLog } from './index.js';

const FINGERPRINT = '3f:9a:0c:7e:51:b2:44:d8:19:6e:a0:c3:5b:72:e9:10:8d:4f:26:aa';

const EMPLOYEES = [
  { uid: 'okta-00u1priya', given: 'Priya', family: 'Shah', email: 'priya.shah@acme.example', twoFactor: true },
  { uid: 'okta-00u2tom', given: 'Tom', family: 'Becker', email: 'tom.becker@acme.example', twoFactor: true },
  { uid: 'okta-00u3mei', given: 'Mei', family: 'Lin', email: 'mei.lin@acme.example', twoFactor: false },
  { uid: 'okta-00u4olu', given: 'Olu', family: 'Adeyemi', email: 'olu.adeyemi@acme.example', twoFactor: false },
] as const;

export async function seedGovernance(demo: Demo, log: DemoLog): Promise<void> {
  const admin = demo.admin;
  const acme = demo.groups.acme as number;
  const done: string[] = [];
  let samlReady = false;
  if (await demo.offers('PUT', `/hostctl/groups/${acme}/saml_provider`, 'SAML single sign-on of acme')) {
    await admin.put(`/hostctl/groups/${acme}/saml_provider`, {
      sso_url: 'https://acme.okta.example/app/hostctl/sso/saml',
      certificate_fingerprint: FINGERPRINT,
      default_membership_role: 20,
    });
    samlReady = true;
    if (await demo.offers('POST', '/scim/v2/groups/acme/Users', 'SCIM provisioning and enterprise users of acme', 'scim')) {
      await provisionEmployees(demo);
      done.push(`${EMPLOYEES.length} enterprise users`);
    }
  }

  let roleId: number | undefined;
  if (await demo.offers('POST', `/groups/${acme}/member_roles`, 'a custom member role')) {
    const { data: role } = await admin.post<{ id: number }>(`/groups/${acme}/member_roles`, {
      name: 'Security auditor',
      description: 'Reads code, dependencies and vulnerabilities',
      base_access_level: 20,
      read_code: true,
      read_dependency: true,
      read_vulnerability: true,
    });
    roleId = role.id;
    done.push('a custom role');
  }
  // SAML group links need SAML on the group as well as a paid tier.
  if (samlReady && (await demo.offers('POST', `/groups/${acme}/saml_group_links`, 'SAML group links'))) {
    await admin.post(`/groups/${acme}/saml_group_links`, { saml_group_name: 'acme-engineering', access_level: 30 });
    await admin.post(`/groups/${acme}/saml_group_links`, { saml_group_name: 'acme-security', access_level: 20, ...(roleId !== undefined ? { member_role_id: roleId } : {}) });
    await admin.post(`/groups/${acme}/saml_group_links`, { saml_group_name: 'acme-admins', access_level: 40, provider: 'okta' });
    done.push('3 SAML group links');
  } else if (!samlReady) demo.leftOut.push('SAML group links');

  if (await demo.offers('POST', `/groups/${acme}/protected_environments`, 'protected environments')) {
    const platform = demo.groups['acme/platform'] as number;
    await admin.post(`/groups/${acme}/protected_environments`, {
      name: 'production',
      deploy_access_levels: [{ access_level: 40 }, { group_id: platform, group_inheritance_type: 1 }],
      approval_rules: [{ access_level: 30, required_approvals: 2 }],
    });
    await admin.post(`/groups/${acme}/protected_environments`, { name: 'staging', deploy_access_levels: [{ access_level: 30 }] });
    const storefront = demo.projects['acme/web/storefront'] as number;
    await admin.post(`/projects/${storefront}/protected_environments`, { name: 'review-apps', deploy_access_levels: [{ access_level: 30 }] });
    done.push('3 protected environments');
  }
  if (samlReady || done.length > 0) log(`demo: governance of acme (${[...(samlReady ? ['SAML'] : []), ...done].join(', ')})`);
}

/** The identity provider provisions four employees over SCIM (the SCIM root, not /api/v4). */
async function provisionEmployees(demo: Demo): Promise<void> {
  const admin = demo.admin;
  const acme = demo.groups.acme as number;
  const { data: scimToken } = await admin.post<{ token: string }>(`/hostctl/groups/${acme}/scim_token`);
  const scim = async (method: string, path: string, body: unknown) => {
    const res = await admin.transport.request({
      method,
      path: `/scim/v2/groups/acme/Users${path}`,
      headers: { authorization: `Bearer ${scimToken.token}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify(body),
      api: 'scim',
    });
    if (res.status >= 300) throw new Error(`demo: SCIM ${method} answered ${res.status}`);
  };
  for (const e of EMPLOYEES) {
    await scim('POST', '', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      externalId: e.uid,
      userName: e.email,
      active: true,
      name: { givenName: e.given, familyName: e.family },
      emails: [{ primary: true, type: 'work', value: e.email }],
    });
    const { data } = await admin.get<{ id: number; username: string }[]>('/users', { search: e.email });
    const user = data[0] as { id: number; username: string };
    demo.users[user.username] = user.id;
    if (e.twoFactor) await admin.put(`/hostctl/users/${user.id}/two_factor`, { enabled: true });
  }
  // Olu left the company: the identity provider deactivated the account.
  await scim('PATCH', '/okta-00u4olu', { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', value: { active: false } }] });
}
