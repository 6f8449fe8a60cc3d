// SAML group links (paid tiers, every offering) and the custom member roles they may name
// (Ultimate). Links are administered by the group's Maintainers ("a group maintained by the
// caller") and answer 401 to anyone who may not administer them, unlicensed instances and
// groups without SAML included, as the platform does; a link's `provider`, when given, must match the provider of
// the SAML sign-in for it to apply.
import { auditRow } from '../../audit/subjects.js';
import { defineRoutes, type RouteDef } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { badRequest, failure, notFound, unauthorized, unprocessable } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { cappedCount, paginate } from '../../http/pagination.js';
import { samlProviderOf } from '../saml/provider.js';
import { created, noContent } from '../../http/reply.js';
import { can } from '../../auth/policy.js';
import { ancestorIds } from '../../auth/access.js';
import { tierAtLeast } from '../../instance.js';
import { findGroup, groupByRef } from '../../resources/find.js';
import type { NamespaceRow } from '../../db/rows.js';
import { ACCESS } from '../../../shared/access-levels.js';

interface LinkRow {
  id: number;
  group_id: number;
  saml_group_name: string;
  access_level: number;
  member_role_id: number | null;
  provider: string | null;
}

interface RoleRow {
  id: number;
  group_id: number;
  name: string;
  description: string | null;
  base_access_level: number;
  permissions: string;
  created_at: string;
}

/** Values a link's access_level may take (the platform's Gitlab::Access.all_values with Minimal access). */
const LINK_LEVELS = [ACCESS.minimal, ACCESS.guest, ACCESS.planner, ACCESS.reporter, ACCESS.developer, ACCESS.maintainer, ACCESS.owner];
/** Custom roles build on any role but Owner. */
const BASE_LEVELS = [ACCESS.minimal, ACCESS.guest, ACCESS.planner, ACCESS.reporter, ACCESS.developer, ACCESS.maintainer];
export const ROLE_PERMISSIONS = [
  'admin_cicd_variables',
  'admin_compliance_framework',
  'admin_group_member',
  'admin_merge_request',
  'admin_push_rules',
  'admin_terraform_state',
  'admin_vulnerability',
  'admin_web_hook',
  'archive_project',
  'manage_deploy_tokens',
  'manage_group_access_tokens',
  'manage_merge_request_settings',
  'manage_project_access_tokens',
  'manage_security_policy_link',
  'read_code',
  'read_compliance_dashboard',
  'read_crm_contact',
  'read_dependency',
  'read_vulnerability',
  'remove_group',
  'remove_project',
] as const;

const AMBIGUOUS = 'Multiple group links found with the same name. Please specify a provider parameter to disambiguate.';

/**
 * The group whose links are asked for. As on the platform, links exist only where SAML group
 * sync is available: the top-level group has an enabled SAML provider; elsewhere (like any
 * missing permission) the answer is 401.
 */
function linkGroup(ctx: RequestContext): NamespaceRow {
  if (!tierAtLeast(ctx.core.settings.tier, 'premium')) throw unauthorized();
  const group = groupByRef(ctx.core, ctx.params.id as string | number);
  if (!group || !can(ctx.core, ctx.actor, 'admin_saml_group_links', { group })) throw unauthorized();
  if (samlProviderOf(ctx.core, rootOf(ctx, group))?.enabled !== 1) throw unauthorized();
  return group;
}

const presentLink = (l: LinkRow) => ({ name: l.saml_group_name, access_level: l.access_level, member_role_id: l.member_role_id, provider: l.provider });

/** The link of `:saml_group_name`; `provider` present (even empty) narrows, absent must be unambiguous. */
function findLink(ctx: RequestContext, group: NamespaceRow): LinkRow {
  const name = String(ctx.params.saml_group_name);
  let rows = ctx.core.db.prepare('SELECT * FROM saml_group_links WHERE group_id = ? AND saml_group_name = ? ORDER BY id').all(group.id, name) as LinkRow[];
  if (ctx.input.provider !== undefined) {
    const provider = typeof ctx.input.provider === 'string' && ctx.input.provider !== '' ? ctx.input.provider : null;
    rows = rows.filter((r) => r.provider === provider);
  } else if (rows.length > 1) throw unprocessable(AMBIGUOUS);
  if (rows.length === 0) throw notFound();
  return rows[0] as LinkRow;
}

/** Custom roles live on the top-level group. */
function rootOf(ctx: RequestContext, group: NamespaceRow): number {
  const ids = ancestorIds(ctx.core, group.id);
  return ids[ids.length - 1] ?? group.id;
}

function presentRole(r: RoleRow) {
  const granted = new Set(JSON.parse(r.permissions) as string[]);
  const out: Record<string, unknown> = {
    id: r.id,
    name: r.name,
    description: r.description,
    group_id: r.group_id,
    base_access_level: r.base_access_level,
  };
  for (const p of ROLE_PERMISSIONS) out[p] = granted.has(p);
  out.created_at = r.created_at;
  return out;
}

function roleGroup(ctx: RequestContext): NamespaceRow {
  const group = findGroup(ctx, 'admin_member_role');
  if (group.parent_id !== null) throw badRequest('Must be a top-level group');
  return group;
}

export const samlGroupLinkRoutes: RouteDef[] = defineRoutes([
  {
    method: 'GET',
    path: '/groups/:id/saml_group_links',
    summary: "List a group's SAML group links (Maintainer)",
    paginated: true,
    params: [idParam],
    handler: (ctx) => {
      const group = linkGroup(ctx);
      const base = 'SELECT * FROM saml_group_links WHERE group_id = ?';
      return paginate(
        ctx,
        (cap) => (ctx.core.db.prepare(cappedCount(base, cap)).get(group.id) as { n: number }).n,
        (limit, offset) => (ctx.core.db.prepare(`${base} ORDER BY id LIMIT ? OFFSET ?`).all(group.id, limit, offset) as LinkRow[]).map(presentLink),
      );
    },
  },
  {
    method: 'GET',
    path: '/groups/:id/saml_group_links/:saml_group_name',
    summary: 'Get a SAML group link; `provider` disambiguates links sharing a name (Maintainer)',
    params: [idParam, { name: 'saml_group_name', type: 'string', required: true }, { name: 'provider', type: 'string' }],
    handler: (ctx) => presentLink(findLink(ctx, linkGroup(ctx))),
  },
  {
    method: 'POST',
    path: '/groups/:id/saml_group_links',
    summary: 'Link a SAML group to a role, optionally a custom role and a provider (Maintainer)',
    params: [
      idParam,
      { name: 'saml_group_name', type: 'string', required: true },
      { name: 'access_level', type: 'integer', required: true, values: LINK_LEVELS },
      { name: 'member_role_id', type: 'integer' },
      { name: 'provider', type: 'string' },
    ],
    handler: (ctx) => {
      const group = linkGroup(ctx);
      const p = ctx.params;
      // The platform strips the name before validating it.
      const name = String(p.saml_group_name).trim();
      const errors: string[] = [];
      if (name === '') errors.push("Saml group name can't be blank");
      if (name.length > 255) errors.push('Saml group name is too long (maximum is 255 characters)');
      const provider = typeof p.provider === 'string' && p.provider !== '' ? p.provider : null;
      if (provider !== null && provider.length > 255) errors.push('Provider is too long (maximum is 255 characters)');
      // Custom roles exist on Ultimate only; elsewhere the id is dropped, as the platform does.
      let roleId = typeof p.member_role_id === 'number' && tierAtLeast(ctx.core.settings.tier, 'ultimate') ? p.member_role_id : null;
      if (roleId !== null) {
        const role = ctx.core.db.prepare('SELECT id FROM member_roles WHERE id = ? AND group_id = ?').get(roleId, rootOf(ctx, group));
        if (!role) errors.push("Member role must belong to the group's top-level group");
      }
      const dup = ctx.core.db.prepare("SELECT 1 FROM saml_group_links WHERE group_id = ? AND saml_group_name = ? AND COALESCE(provider, '') = ?").get(group.id, name, provider ?? '');
      if (dup) errors.push('Saml group name has already been taken');
      if (errors.length > 0) throw failure(400, errors.join(', '));
      const info = ctx.core.tx(() => {
        const made = ctx.core.db
          .prepare('INSERT INTO saml_group_links (group_id, saml_group_name, access_level, member_role_id, provider, created_at) VALUES (?, ?, ?, ?, ?, ?)')
          .run(group.id, name, p.access_level, roleId, provider, ctx.core.nowIso());
        auditRow(ctx.core, { type: 'Group', id: group.id }, 'saml_group_links_created', { type: 'SamlGroupLink', id: Number(made.lastInsertRowid), details: name }, `Linked SAML group ${name}`);
        return made;
      });
      return created(presentLink(ctx.core.db.prepare('SELECT * FROM saml_group_links WHERE id = ?').get(Number(info.lastInsertRowid)) as LinkRow));
    },
  },
  {
    method: 'DELETE',
    path: '/groups/:id/saml_group_links/:saml_group_name',
    summary: 'Delete a SAML group link; `provider` disambiguates (Maintainer)',
    params: [idParam, { name: 'saml_group_name', type: 'string', required: true }, { name: 'provider', type: 'string' }],
    handler: (ctx) => {
      const link = findLink(ctx, linkGroup(ctx));
      ctx.core.tx(() => {
        ctx.core.db.prepare('DELETE FROM saml_group_links WHERE id = ?').run(link.id);
        auditRow(ctx.core, { type: 'Group', id: link.group_id }, 'saml_group_links_removed', { type: 'SamlGroupLink', id: link.id, details: link.saml_group_name }, `Unlinked SAML group ${link.saml_group_name}`);
      });
      return noContent();
    },
  },
  {
    method: 'GET',
    path: '/groups/:id/member_roles',
    summary: 'List the custom member roles of a top-level group (Owner; Ultimate)',
    tier: 'ultimate',
    params: [idParam],
    handler: (ctx) => (ctx.core.db.prepare('SELECT * FROM member_roles WHERE group_id = ? ORDER BY id').all(roleGroup(ctx).id) as RoleRow[]).map(presentRole),
  },
  {
    method: 'POST',
    path: '/groups/:id/member_roles',
    summary: 'Create a custom member role: a base role plus permissions (Owner; Ultimate)',
    tier: 'ultimate',
    params: [
      idParam,
      { name: 'name', type: 'string', required: true },
      { name: 'description', type: 'string' },
      { name: 'base_access_level', type: 'integer', required: true, values: BASE_LEVELS },
      ...ROLE_PERMISSIONS.map((name) => ({ name, type: 'boolean' as const })),
    ],
    handler: (ctx) => {
      const group = roleGroup(ctx);
      const p = ctx.params;
      const name = String(p.name);
      if (name.length > 255) throw failure(400, { name: ['is too long (maximum is 255 characters)'] });
      if (ctx.core.db.prepare('SELECT 1 FROM member_roles WHERE group_id = ? AND name = ?').get(group.id, name)) throw failure(400, { name: ['has already been taken'] });
      const granted = ROLE_PERMISSIONS.filter((perm) => p[perm] === true);
      const info = ctx.core.tx(() => {
        const made = ctx.core.db
          .prepare('INSERT INTO member_roles (group_id, name, description, base_access_level, permissions, created_at) VALUES (?, ?, ?, ?, ?, ?)')
          .run(group.id, name, typeof p.description === 'string' ? p.description : null, p.base_access_level, JSON.stringify(granted), ctx.core.nowIso());
        auditRow(ctx.core, { type: 'Group', id: group.id }, 'member_role_created', { type: 'MemberRole', id: Number(made.lastInsertRowid), details: name }, `Created member role ${name}`);
        return made;
      });
      return created(presentRole(ctx.core.db.prepare('SELECT * FROM member_roles WHERE id = ?').get(Number(info.lastInsertRowid)) as RoleRow));
    },
  },
  {
    method: 'DELETE',
    path: '/groups/:id/member_roles/:member_role_id',
    summary: 'Delete a custom member role (Owner; Ultimate)',
    tier: 'ultimate',
    params: [idParam, { name: 'member_role_id', type: 'integer', required: true }],
    handler: (ctx) => {
      const group = roleGroup(ctx);
      const info = ctx.core.tx(() => {
        const role = ctx.core.db.prepare('SELECT name FROM member_roles WHERE id = ? AND group_id = ?').get(ctx.params.member_role_id, group.id) as { name: string } | undefined;
        const gone = ctx.core.db.prepare('DELETE FROM member_roles WHERE id = ? AND group_id = ?').run(ctx.params.member_role_id, group.id);
        if (role) auditRow(ctx.core, { type: 'Group', id: group.id }, 'member_role_deleted', { type: 'MemberRole', id: Number(ctx.params.member_role_id), details: role.name }, `Deleted member role ${role.name}`);
        return gone;
      });
      if (info.changes === 0) throw notFound('Member Role');
      return noContent();
    },
  },
]);
