// Enterprise users of a top-level group (hosted offering, paid tiers; Owner): list with the
// specification's filters (newest id first), get one, and disable two-factor authentication.
// Users need not be members; they belong to the group by provisioning (its SCIM creates them),
// and an administrator never is one (see ownedByGroup; a database trigger keeps it so).
import { auditRow } from '../../audit/subjects.js';
import { defineRoutes, type RouteDef } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { badRequest, recordNotFound } from '../../http/errors.js';
import { idParam, searchParam } from '../../http/params.js';
import { cappedCount, paginate } from '../../http/pagination.js';
import { noContent } from '../../http/reply.js';
import type { UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { ownedByGroup, ownedGroup, requireTopLevel } from '../saml/provider.js';
import { presentUserAccountFields, presentUserPublic, UserFacts } from '../users/present.js';
import { userSearch } from '../users/user-search.js';

/** One enterprise user; `facts` read for the whole page when a list shows several. */
export function presentEnterpriseUser(core: CoreState, u: UserRow, facts = new UserFacts(core, [u.id])) {
  return Object.assign(presentUserPublic(core, u), presentUserAccountFields(core, u, facts), {
    shared_runners_minutes_limit: null,
    extra_shared_runners_minutes_limit: null,
    scim_identities: facts.scimIdentities(u.id),
  });
}

function enterpriseGroup(ctx: RequestContext) {
  return ownedGroup(ctx, 'admin_enterprise_users', requireTopLevel).group;
}

function enterpriseUser(ctx: RequestContext): UserRow {
  const group = enterpriseGroup(ctx);
  const user = ctx.core.db.prepare(`SELECT * FROM users u WHERE u.id = ? AND ${ownedByGroup('u')}`).get(ctx.params.user_id, group.id) as UserRow | undefined;
  if (!user) throw recordNotFound();
  return user;
}

const common: Pick<RouteDef, 'tier' | 'offerings'> = { tier: 'premium', offerings: ['hosted'] };

export const enterpriseUserRoutes: RouteDef[] = defineRoutes([
  {
    method: 'GET',
    path: '/groups/:id/enterprise_users',
    summary: "List a top-level group's enterprise users, newest first (Owner)",
    ...common,
    paginated: true,
    params: [
      idParam,
      { name: 'username', type: 'string' },
      searchParam(),
      { name: 'active', type: 'boolean' },
      { name: 'blocked', type: 'boolean' },
      { name: 'created_after', type: 'datetime' },
      { name: 'created_before', type: 'datetime' },
      { name: 'two_factor', type: 'string', values: ['enabled', 'disabled'] },
    ],
    handler: (ctx) => {
      const group = enterpriseGroup(ctx);
      const p = ctx.params;
      // The kept counts below hold for this condition as no administrator is an enterprise user.
      const where = [ownedByGroup('users')];
      const args: unknown[] = [group.id];
      if (typeof p.username === 'string') {
        where.push('username_lower = ?');
        args.push(p.username.toLowerCase());
      }
      if (typeof p.search === 'string' && p.search !== '') {
        // EnterpriseUsersFinder: User.search with private emails, which it compares whole.
        const search = userSearch(p.search, { emails: 'private' });
        where.push(search.sql);
        args.push(...search.args);
      }
      // `false` values are not filters, as on the users API.
      // These filters are columns of the trigger-kept enterprise_user_counts too.
      const keptFilters: string[] = [];
      if (p.active === true) keptFilters.push("state = 'active'");
      if (p.blocked === true) keptFilters.push("state = 'blocked'");
      if (p.two_factor === 'enabled') keptFilters.push('two_factor_enabled = 1');
      if (p.two_factor === 'disabled') keptFilters.push('two_factor_enabled = 0');
      where.push(...keptFilters);
      if (typeof p.created_after === 'string') {
        where.push('created_at > ?');
        args.push(p.created_after);
      }
      if (typeof p.created_before === 'string') {
        where.push('created_at < ?');
        args.push(p.created_before);
      }
      const base = `SELECT * FROM users WHERE ${where.join(' AND ')}`;
      // With no other filter the total comes from the kept counts; the others count their matches (up to the cap).
      const kept = where.length === 1 + keptFilters.length;
      const keptWhere = keptFilters.map((w) => ` AND ${w}`).join('');
      return paginate(
        ctx,
        (cap) =>
          kept
            ? ((ctx.core.db.prepare(`SELECT SUM(n) AS n FROM enterprise_user_counts WHERE group_id = ?${keptWhere}`).get(group.id) as { n: number | null }).n ?? 0)
            : (ctx.core.db.prepare(cappedCount(base, cap)).get(...args) as { n: number }).n,
        (limit, offset) => {
          const rows = ctx.core.db.prepare(`${base} ORDER BY id DESC LIMIT ? OFFSET ?`).all(...args, limit, offset) as UserRow[];
          const facts = new UserFacts(ctx.core, rows.map((u) => u.id));
          return rows.map((u) => presentEnterpriseUser(ctx.core, u, facts));
        },
      );
    },
  },
  {
    method: 'GET',
    path: '/groups/:id/enterprise_users/:user_id',
    summary: 'Get one enterprise user (Owner)',
    ...common,
    params: [idParam, { name: 'user_id', type: 'integer', required: true }],
    handler: (ctx) => presentEnterpriseUser(ctx.core, enterpriseUser(ctx)),
  },
  {
    method: 'PATCH',
    path: '/groups/:id/enterprise_users/:user_id/disable_two_factor',
    summary: "Disable an enterprise user's two-factor authentication; 204 (Owner)",
    ...common,
    params: [idParam, { name: 'user_id', type: 'integer', required: true }],
    handler: (ctx) => {
      const user = enterpriseUser(ctx);
      const groupId = enterpriseGroup(ctx).id;
      if (user.two_factor_enabled !== 1) throw badRequest('Two-factor authentication is not enabled for this user');
      ctx.core.tx(() => {
        ctx.core.db.prepare('UPDATE users SET two_factor_enabled = 0, updated_at = ? WHERE id = ?').run(ctx.core.nowIso(), user.id);
        auditRow(ctx.core, { type: 'Group', id: groupId }, 'user_disable_two_factor', { type: 'User', id: user.id, details: user.username }, 'Disabled two-factor authentication');
      });
      return noContent();
    },
  },
]);
