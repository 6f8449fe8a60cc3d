// The group SCIM API that identity providers call (RFC 7644 Users, as the platform serves it at
// /api/scim/v2/groups/:group_path/Users): SCIM bodies and errors, authenticated by the group's
// SCIM token instead of a personal access token. Hosted offering, paid tiers.
import { defineRoutes, type RouteDef } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { failure } from '../../http/errors.js';
import type { ParamDecl } from '../../http/params.js';
import { Reply, noContent } from '../../http/reply.js';
import { LIST_SCHEMA, presentScimUser, type ScimIdentityRow } from './present.js';
import { parsePatch, parseScimUser } from './parse.js';
import { parseIdentityFilter } from './filter.js';
import { changeExternUid, deprovision, findScimIdentity, OWNED_IDENTITIES, provision, reprovision, scimScope, type ScimScope } from './service.js';

const BASE = '/scim/v2/groups/:group_path/Users';
// The group and its SCIM token are checked from the path and headers before any body byte is
// read: an anonymous or wrong-token request is refused without its body.
const common: Pick<RouteDef, 'api' | 'auth' | 'caller' | 'tier' | 'offerings'> = {
  api: 'scim',
  auth: 'none',
  caller: (core, path, headers) => scimScope(core, String(path.group_path), headers),
  tier: 'premium',
  offerings: ['hosted'],
};
const scopeOf = (ctx: RequestContext) => ctx.caller as ScimScope;
const uidParam: ParamDecl = { name: 'uid', type: 'string', required: true };
const pathParams: ParamDecl[] = [{ name: 'group_path', type: 'string', required: true }];

async function list(ctx: RequestContext) {
  const scope = scopeOf(ctx);
  // Only identities of accounts the group owns (see ownedByGroup); the first condition is that join's.
  const where = ['1'];
  const args: unknown[] = [scope.group.id, scope.group.id];
  if (typeof ctx.params.filter === 'string' && ctx.params.filter.trim() !== '') {
    const f = await parseIdentityFilter(ctx.params.filter);
    if (f.externUid !== undefined) {
      where.push('s.extern_uid = ?');
      args.push(f.externUid);
    }
    if (f.userName !== undefined) {
      // The user first (username or email, each through its index), then their identity in the group.
      where.push('s.user_id IN (SELECT id FROM users WHERE username_lower = ? UNION SELECT id FROM users WHERE email_lower = ?)');
      args.push(f.userName.toLowerCase(), f.userName.toLowerCase());
    }
  }
  const startIndex = Math.max(1, Number(ctx.params.startIndex ?? 1));
  const count = Math.min(100, Math.max(0, Number(ctx.params.count ?? 20)));
  const from = `FROM ${OWNED_IDENTITIES} AND ${where.join(' AND ')}`;
  // SCIM answers the exact total: the group's kept count without a filter, else the (few) matches counted.
  const total =
    where.length === 1
      ? ((ctx.core.db.prepare('SELECT n FROM scim_identity_counts WHERE group_id = ?').get(scope.group.id) as { n: number } | undefined)?.n ?? 0)
      : (ctx.core.db.prepare(`SELECT COUNT(*) AS n ${from}`).get(...args) as { n: number }).n;
  // A filter matches one user: its identity is found through (group, user) or (group, extern_uid)
  // and sorted, rather than walking the group's identities in id order looking for it.
  const order = where.length === 1 ? 's.id' : '+s.id';
  const rows = ctx.core.db.prepare(`SELECT s.* ${from} ORDER BY ${order} LIMIT ? OFFSET ?`).all(...args, count, startIndex - 1) as ScimIdentityRow[];
  return { schemas: [LIST_SCHEMA], totalResults: total, itemsPerPage: count, startIndex, Resources: rows.map((r) => presentScimUser(ctx.core, r)) };
}

export const scimRoutes: RouteDef[] = defineRoutes([
  {
    method: 'GET',
    path: BASE,
    summary: "List the group's SCIM users; filter `id eq`, `externalId eq` or `userName eq` (SCIM token)",
    ...common,
    params: [...pathParams, { name: 'filter', type: 'string' }, { name: 'startIndex', type: 'integer' }, { name: 'count', type: 'integer' }],
    handler: list,
  },
  {
    method: 'GET',
    path: `${BASE}/:uid`,
    summary: 'Get a SCIM user by its id (the extern_uid) (SCIM token)',
    ...common,
    params: [...pathParams, uidParam],
    handler: (ctx) => presentScimUser(ctx.core, findScimIdentity(ctx.core, scopeOf(ctx), String(ctx.params.uid))),
  },
  {
    method: 'POST',
    path: BASE,
    summary: 'Provision a user: account or link, SAML and SCIM identity, membership, enterprise user (SCIM token)',
    ...common,
    params: [...pathParams],
    handler: (ctx) => new Reply(201, presentScimUser(ctx.core, provision(ctx.core, scopeOf(ctx), parseScimUser(ctx.input)))),
  },
  {
    method: 'PATCH',
    path: `${BASE}/:uid`,
    summary: 'Update a SCIM user with PatchOp operations: active (de/reprovision), externalId; 204 (SCIM token)',
    ...common,
    params: [...pathParams, uidParam],
    handler: (ctx) => {
      const scope = scopeOf(ctx);
      const identity = findScimIdentity(ctx.core, scope, String(ctx.params.uid));
      const change = parsePatch(ctx.input);
      if (!change) throw failure(412, `Error updating ${String(ctx.params.uid)}: no operations given`);
      if (change.active === false && identity.active === 1) deprovision(ctx.core, scope, identity);
      else if (change.active === true && identity.active === 0) reprovision(ctx.core, scope, identity);
      if (change.externUid !== undefined && change.externUid !== identity.extern_uid) changeExternUid(ctx.core, scope, identity, change.externUid);
      return noContent();
    },
  },
  {
    method: 'DELETE',
    path: `${BASE}/:uid`,
    summary: 'Deprovision a SCIM user: membership removed, identity kept inactive; 204 (SCIM token)',
    ...common,
    params: [...pathParams, uidParam],
    handler: (ctx) => {
      const scope = scopeOf(ctx);
      const identity = findScimIdentity(ctx.core, scope, String(ctx.params.uid));
      if (identity.active === 1) deprovision(ctx.core, scope, identity);
      return noContent();
    },
  },
]);
