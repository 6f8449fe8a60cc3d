// Group SCIM provisioning as the platform does it, restricted to accounts the group owns.
// Provisioning creates the account, a SAML identity of the group's provider, a SCIM identity,
// membership with the provider's default role, and makes the account an enterprise user of the
// group. It never claims an account that exists already: the platform links an existing account
// by email and makes it an enterprise user only when the group has verified the email's domain
// (Groups::EnterpriseUsers::AssociateService); hostctl has no verified domains, so an email,
// extern uid or account the group does not own answers the SCIM uniqueness conflict (409) and
// nothing about that account is touched or shown. Deprovisioning (`active: false` or DELETE)
// removes the membership and keeps the identity inactive; reprovisioning restores both.
import { auditScim } from '../../audit/subjects.js';
import type { NamespaceRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { ApiError, conflict, failure, unauthorized } from '../../http/errors.js';
import { digestSecret } from '../../auth/secrets.js';
import { namespaceByPath } from '../../resources/find.js';
import { createUser, USERNAME_RE } from '../users/service.js';
import { GROUP_SAML_PROVIDER, ownedByGroup, samlProviderOf, type SamlProviderRow } from '../saml/provider.js';
import type { ScimIdentityRow } from './present.js';
import type { ScimUserInput } from './parse.js';

export interface ScimScope {
  group: NamespaceRow;
  provider: SamlProviderRow;
}

/** The group of the SCIM path, authenticated by its SCIM token (Bearer). */
export function scimScope(core: CoreState, groupPath: string, headers: Record<string, string>): ScimScope {
  const group = namespaceByPath(core, groupPath);
  if (!group || group.kind !== 'group') throw failure(404, `Group ${groupPath} not found`);
  const provider = samlProviderOf(core, group.id);
  if (!provider) throw failure(404, `Group ${groupPath} does not have SAML SSO configured`);
  const auth = headers.authorization ?? '';
  const secret = /^bearer\s+/i.test(auth) ? auth.replace(/^bearer\s+/i, '').trim() : '';
  const row = secret ? (core.db.prepare('SELECT group_id FROM scim_tokens WHERE token_digest = ?').get(digestSecret(secret)) as { group_id: number } | undefined) : undefined;
  if (!row || row.group_id !== group.id) throw unauthorized();
  return { group, provider };
}

/** The group's identities whose account it owns: `s` joined to its user `u`; two `?` (the group id). */
export const OWNED_IDENTITIES = `scim_identities s JOIN users u ON u.id = s.user_id AND ${ownedByGroup('u')} WHERE s.group_id = ?`;

function ownedIdentity(core: CoreState, scope: ScimScope, externUid: string): ScimIdentityRow | undefined {
  return core.db.prepare(`SELECT s.* FROM ${OWNED_IDENTITIES} AND s.extern_uid = ?`).get(scope.group.id, scope.group.id, externUid) as ScimIdentityRow | undefined;
}

export function findScimIdentity(core: CoreState, scope: ScimScope, externUid: string): ScimIdentityRow {
  const row = ownedIdentity(core, scope, externUid);
  if (!row) throw failure(404, `Resource ${externUid} not found`);
  return row;
}

const ownsUser = (core: CoreState, scope: ScimScope, userId: number): boolean =>
  !!core.db.prepare(`SELECT 1 FROM users u WHERE u.id = ? AND ${ownedByGroup('u')}`).get(userId, scope.group.id);

/** A free username from the provider's userName (an email's local part), made unique. */
function freeUsername(core: CoreState, wanted: string): string {
  let base = wanted.split('@')[0]!.replace(/[^a-zA-Z0-9_.-]/g, '_').replace(/^[-.]+|[.]+$/g, '').slice(0, 200) || 'user';
  if (!USERNAME_RE.test(base)) base = 'user';
  const taken = (name: string) =>
    !!core.db.prepare('SELECT 1 FROM users WHERE username_lower = ?').get(name.toLowerCase()) || !!core.db.prepare('SELECT 1 FROM namespaces WHERE full_path_lower = ?').get(name.toLowerCase());
  if (!taken(base)) return base;
  for (let i = 1; ; i++) if (!taken(`${base}${i}`)) return `${base}${i}`;
}

function addGroupMembership(core: CoreState, scope: ScimScope, userId: number): void {
  const now = core.nowIso();
  core.db
    .prepare(
      `INSERT INTO members (source_type, source_id, user_id, access_level, created_at, updated_at) VALUES ('namespace', ?, ?, ?, ?, ?)
       ON CONFLICT (source_type, source_id, user_id) DO NOTHING`,
    )
    .run(scope.group.id, userId, scope.provider.default_membership_role, now, now);
}

function linkSamlIdentity(core: CoreState, scope: ScimScope, userId: number, externUid: string): void {
  const other = core.db.prepare('SELECT user_id FROM identities WHERE saml_provider_id = ? AND extern_uid = ?').get(scope.provider.id, externUid) as { user_id: number } | undefined;
  if (other && other.user_id !== userId) throw conflict('Extern uid has already been taken');
  core.db.prepare('DELETE FROM identities WHERE saml_provider_id = ? AND user_id = ?').run(scope.provider.id, userId);
  core.db
    .prepare('INSERT INTO identities (user_id, provider, extern_uid, saml_provider_id, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(userId, GROUP_SAML_PROVIDER, externUid, scope.provider.id, core.nowIso());
}

export function provision(core: CoreState, scope: ScimScope, input: ScimUserInput): ScimIdentityRow {
  if (!input.externUid) throw failure(412, "Error saving user: Extern uid can't be blank");
  if (!input.email) throw failure(412, "Error saving user: Email can't be blank");
  const externUid = input.externUid;
  const email = input.email;
  return core.tx(() => {
    const sameUid = core.db.prepare('SELECT * FROM scim_identities WHERE group_id = ? AND extern_uid = ?').get(scope.group.id, externUid) as ScimIdentityRow | undefined;
    if (sameUid) {
      // Only the group's own inactive identity is reprovisioned; any other holder is a conflict.
      if (sameUid.active === 1 || !ownsUser(core, scope, sameUid.user_id)) throw conflict('Error saving user: Extern uid has already been taken');
      reprovision(core, scope, sameUid);
      return core.db.prepare('SELECT * FROM scim_identities WHERE id = ?').get(sameUid.id) as ScimIdentityRow;
    }
    const holder = core.db.prepare('SELECT id FROM users WHERE email_lower = ?').get(email.toLowerCase()) as Pick<UserRow, 'id'> | undefined;
    let userId: number;
    if (holder) {
      // The same answer whether the account is someone else's or already provisioned here: the
      // caller learns no more than that the email is taken.
      const linked = core.db.prepare('SELECT 1 FROM scim_identities WHERE group_id = ? AND user_id = ?').get(scope.group.id, holder.id);
      if (linked || !ownsUser(core, scope, holder.id)) throw conflict('Error saving user: Email has already been taken');
      // An account the group provisioned whose SCIM identity was deleted: provisioned again.
      userId = holder.id;
    } else {
      userId = createUser(core, {
        username: freeUsername(core, input.userName ?? email),
        email,
        name: input.name ?? input.userName ?? email,
        skip_confirmation: true,
      }).id;
    }
    const now = core.nowIso();
    const info = core.db
      .prepare('INSERT INTO scim_identities (group_id, user_id, extern_uid, active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(scope.group.id, userId, externUid, input.active ? 1 : 0, now, now);
    linkSamlIdentity(core, scope, userId, externUid);
    if (input.active) addGroupMembership(core, scope, userId);
    if (!holder) core.db.prepare('UPDATE users SET enterprise_group_id = ?, enterprise_group_associated_at = ? WHERE id = ?').run(scope.group.id, now, userId);
    auditScim(core, scope.group.id, userId, 'provisioned', externUid);
    return core.db.prepare('SELECT * FROM scim_identities WHERE id = ?').get(Number(info.lastInsertRowid)) as ScimIdentityRow;
  });
}

/** Removes the group membership and marks the identity inactive; the group keeps an Owner. */
export function deprovision(core: CoreState, scope: ScimScope, identity: ScimIdentityRow): void {
  core.tx(() => {
    const member = core.db.prepare("SELECT access_level FROM members WHERE source_type = 'namespace' AND source_id = ? AND user_id = ?").get(scope.group.id, identity.user_id) as
      | { access_level: number }
      | undefined;
    if (member?.access_level === 50) {
      const owners = core.db.prepare("SELECT COUNT(*) AS n FROM members WHERE source_type = 'namespace' AND source_id = ? AND access_level = 50").get(scope.group.id) as { n: number };
      if (owners.n <= 1) throw new ApiError(412, { message: 'Could not remove the last owner of the group' });
    }
    core.db.prepare("DELETE FROM members WHERE source_type = 'namespace' AND source_id = ? AND user_id = ?").run(scope.group.id, identity.user_id);
    core.db.prepare('UPDATE scim_identities SET active = 0, updated_at = ? WHERE id = ?').run(core.nowIso(), identity.id);
    auditScim(core, scope.group.id, identity.user_id, 'deprovisioned', identity.extern_uid);
  });
}

export function reprovision(core: CoreState, scope: ScimScope, identity: ScimIdentityRow): void {
  core.tx(() => {
    core.db.prepare('UPDATE scim_identities SET active = 1, updated_at = ? WHERE id = ?').run(core.nowIso(), identity.id);
    addGroupMembership(core, scope, identity.user_id);
    auditScim(core, scope.group.id, identity.user_id, 'reprovisioned', identity.extern_uid);
  });
}

export function changeExternUid(core: CoreState, scope: ScimScope, identity: ScimIdentityRow, externUid: string): void {
  core.tx(() => {
    const other = core.db.prepare('SELECT id FROM scim_identities WHERE group_id = ? AND extern_uid = ? AND id <> ?').get(scope.group.id, externUid, identity.id);
    if (other) throw conflict('Extern uid has already been taken');
    core.db.prepare('UPDATE scim_identities SET extern_uid = ?, updated_at = ? WHERE id = ?').run(externUid, core.nowIso(), identity.id);
    linkSamlIdentity(core, scope, identity.user_id, externUid);
  });
}
