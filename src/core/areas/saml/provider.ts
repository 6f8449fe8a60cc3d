// A top-level group's SAML provider and its SCIM token: what group SSO, SAML identities, SCIM
// provisioning and enterprise users all start from.
import type { NamespaceRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import type { RequestContext } from '../../http/context.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { can, canSee } from '../../auth/policy.js';
import { groupByRef } from '../../resources/find.js';
import { currentUser } from '../../http/context.js';

export interface SamlProviderRow {
  id: number;
  group_id: number;
  enabled: number;
  sso_url: string;
  certificate_fingerprint: string;
  default_membership_role: number;
  enforced_sso: number;
  created_at: string;
  updated_at: string;
}

/** Provider name of group SAML identities (the platform's `group_saml`). */
export const GROUP_SAML_PROVIDER = 'group_saml';

export const samlProviderOf = (core: CoreState, groupId: number): SamlProviderRow | undefined =>
  core.db.prepare('SELECT * FROM saml_providers WHERE group_id = ?').get(groupId) as SamlProviderRow | undefined;

export function presentSamlProvider(p: SamlProviderRow) {
  return {
    id: p.id,
    group_id: p.group_id,
    enabled: p.enabled === 1,
    sso_url: p.sso_url,
    certificate_fingerprint: p.certificate_fingerprint,
    default_membership_role: p.default_membership_role,
    enforced_sso: p.enforced_sso === 1,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

/**
 * The group of `:id` for an Owner-only operation: 401 anonymous, 404 invisible or unknown,
 * 403 visible but not owned (administrators pass).
 */
export function ownedGroup(
  ctx: RequestContext,
  ability: 'admin_group' | 'admin_saml_identities' | 'admin_scim_identities' | 'admin_enterprise_users' = 'admin_group',
  /** Checked between visibility and ownership (the platform refuses a subgroup before a non-Owner). */
  before?: (group: NamespaceRow) => void,
): { group: NamespaceRow; actor: UserRow } {
  const actor = currentUser(ctx);
  const group = groupByRef(ctx.core, ctx.params.id as string | number);
  if (!group || !canSee(ctx.core, actor, { group })) throw notFound('Group');
  before?.(group);
  if (!can(ctx.core, actor, ability, { group })) throw forbidden();
  return { group, actor };
}

/**
 * SQL condition (one `?`, the group id) that the user row `alias` belongs to the group: an
 * enterprise user of it, which only the group's own SCIM provisioning makes (it creates such
 * accounts, it never claims existing ones), and never an administrator. Every SCIM, SCIM/SAML
 * identity and enterprise-user operation acts only on users passing this rule.
 */
export const ownedByGroup = (alias: string): string => `${alias}.enterprise_group_id = ? AND ${alias}.is_admin = 0`;

export function requireTopLevel(group: NamespaceRow): void {
  if (group.parent_id !== null) throw badRequest('Must be a top-level group');
}
