// SAML of a top-level group: the provider configuration and the SCIM token (extensions, the
// platform configures both in its UI), and the group's SAML and SCIM identities (hosted offering).
import { recordAudit } from '../../audit/record.js';
import { auditChanges, type AuditedAttribute } from '../../audit/subjects.js';
import { defineRoutes, type RouteDef } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { idParam, type ParamDecl } from '../../http/params.js';
import { created, ok } from '../../http/reply.js';
import { digestSecret, generateTokenSecret } from '../../auth/secrets.js';
import { deleteIdentity, getIdentity, listIdentities, updateIdentity, type IdentityKind } from './identities.js';
import { ownedGroup, presentSamlProvider, requireTopLevel, samlProviderOf } from './provider.js';

/** Roles a SAML sign-in may grant by default (no Owner, as on the platform). */
const DEFAULT_ROLES = [5, 10, 15, 20, 30, 40] as const;

/** The platform names every change of a group's SAML provider `group_saml_provider_update`: one event per changed setting. */
const SAML_PROVIDER_ATTRIBUTES: readonly AuditedAttribute[] = ['enabled', 'sso_url', 'certificate_fingerprint', 'default_membership_role', 'enforced_sso'].map(
  (key) => [key, 'group_saml_provider_update'] as const,
);

const providerParams: ParamDecl[] = [
  { name: 'sso_url', type: 'string', check: (v) => (/^https:\/\/\S+$/i.test(String(v)) ? undefined : 'sso_url must be an https URL') },
  { name: 'certificate_fingerprint', type: 'string', check: (v) => (/^(?:[0-9a-f]{2}:?){20,64}$/i.test(String(v)) ? undefined : 'certificate_fingerprint is invalid') },
  { name: 'default_membership_role', type: 'integer', values: DEFAULT_ROLES },
  { name: 'enforced_sso', type: 'boolean' },
  { name: 'enabled', type: 'boolean' },
];

function configure(ctx: RequestContext) {
  const { group } = ownedGroup(ctx, 'admin_group', requireTopLevel);
  const p = ctx.params;
  const now = ctx.core.nowIso();
  const bool = (v: unknown) => (v === undefined ? undefined : v ? 1 : 0);
  return ctx.core.tx(() => {
    const existing = samlProviderOf(ctx.core, group.id);
    if (!existing) {
      if (p.sso_url === undefined || p.certificate_fingerprint === undefined) throw badRequest('sso_url and certificate_fingerprint are required to configure SAML');
      ctx.core.db
        .prepare(
          `INSERT INTO saml_providers (group_id, enabled, sso_url, certificate_fingerprint, default_membership_role, enforced_sso, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(group.id, bool(p.enabled) ?? 1, p.sso_url, p.certificate_fingerprint, p.default_membership_role ?? 10, bool(p.enforced_sso) ?? 0, now, now);
    } else {
      ctx.core.db
        .prepare(
          `UPDATE saml_providers SET enabled = COALESCE(?, enabled), sso_url = COALESCE(?, sso_url), certificate_fingerprint = COALESCE(?, certificate_fingerprint),
             default_membership_role = COALESCE(?, default_membership_role), enforced_sso = COALESCE(?, enforced_sso), updated_at = ? WHERE id = ?`,
        )
        .run(bool(p.enabled) ?? null, p.sso_url ?? null, p.certificate_fingerprint ?? null, p.default_membership_role ?? null, bool(p.enforced_sso) ?? null, now, existing.id);
    }
    const row = samlProviderOf(ctx.core, group.id);
    if (!existing) recordAudit(ctx.core, { name: 'group_saml_provider_create', entity: { type: 'Group', id: group.id }, message: 'Configured SAML single sign-on' });
    else auditChanges(ctx.core, { entity: { type: 'Group', id: group.id } }, 'saml_provider', existing, row!, SAML_PROVIDER_ATTRIBUTES);
    return existing ? ok(presentSamlProvider(row!)) : created(presentSamlProvider(row!));
  });
}

function identityRoutes(kind: IdentityKind): RouteDef[] {
  const base = `/groups/:id/${kind}`;
  const what = kind === 'saml' ? 'SAML' : 'SCIM';
  const who = kind === 'saml' ? 'Maintainer' : 'Owner';
  const common: Pick<RouteDef, 'tier' | 'offerings'> = { offerings: ['hosted'], tier: 'premium' };
  return [
    { method: 'GET', path: `${base}/identities`, summary: `List the group's ${what} identities (${who})`, ...common, paginated: true, params: [idParam], handler: (ctx) => listIdentities(ctx, kind) },
    { method: 'GET', path: `${base}/:uid`, summary: `Get a ${what} identity by extern_uid (${who})`, ...common, params: [idParam, { name: 'uid', type: 'string', required: true }], handler: (ctx) => getIdentity(ctx, kind) },
    {
      method: 'PATCH',
      path: `${base}/:uid`,
      summary: `Change the extern_uid of a ${what} identity (${who})`,
      ...common,
      params: [idParam, { name: 'uid', type: 'string', required: true }, { name: 'extern_uid', type: 'string', required: true }],
      handler: (ctx) => updateIdentity(ctx, kind),
    },
    { method: 'DELETE', path: `${base}/:uid`, summary: `Delete a ${what} identity (${who})`, ...common, params: [idParam, { name: 'uid', type: 'string', required: true }], handler: (ctx) => deleteIdentity(ctx, kind) },
  ];
}

export const samlRoutes: RouteDef[] = defineRoutes([
  {
    method: 'GET',
    path: '/hostctl/groups/:id/saml_provider',
    summary: "Show a top-level group's SAML provider (hostctl extension; Owner or administrator)",
    tier: 'premium',
    params: [idParam],
    handler: (ctx) => {
      const { group } = ownedGroup(ctx);
      const provider = samlProviderOf(ctx.core, group.id);
      if (!provider) throw notFound('SAML Provider');
      return presentSamlProvider(provider);
    },
  },
  {
    method: 'PUT',
    path: '/hostctl/groups/:id/saml_provider',
    summary: "Configure a top-level group's SAML provider (hostctl extension; Owner or administrator); 201 when first configured",
    tier: 'premium',
    params: [idParam, ...providerParams],
    handler: configure,
  },
  {
    method: 'POST',
    path: '/hostctl/groups/:id/scim_token',
    summary: "Generate the group's SCIM provisioning token, replacing any earlier one; shown once (hostctl extension; Owner)",
    tier: 'premium',
    params: [idParam],
    handler: (ctx) => {
      const { group } = ownedGroup(ctx, 'admin_group', requireTopLevel);
      if (!samlProviderOf(ctx.core, group.id)) throw badRequest('SAML is not configured for this group');
      const token = `glsoat-${generateTokenSecret()}`;
      const now = ctx.core.nowIso();
      ctx.core.tx(() => {
        ctx.core.db
          .prepare('INSERT INTO scim_tokens (group_id, token_digest, created_at) VALUES (?, ?, ?) ON CONFLICT (group_id) DO UPDATE SET token_digest = excluded.token_digest, created_at = excluded.created_at')
          .run(group.id, digestSecret(token), now);
        recordAudit(ctx.core, { name: 'scim_token_generated', entity: { type: 'Group', id: group.id }, message: 'Generated the SCIM provisioning token' });
      });
      const root = ctx.apiBase.replace(/\/api\/v4$/, '');
      return created({ token, scim_api_url: `${root}/api/scim/v2/groups/${encodeURIComponent(group.full_path)}`, created_at: now });
    },
  },
  ...identityRoutes('saml'),
  ...identityRoutes('scim'),
]);
