// Groups: list (offset, ordered by name, path, id or similarity; keyset by name for anonymous callers), get with projects, create,
// update, delete, subgroups, descendant groups and the group's projects.
import { defineRoutes, type RouteDef } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { failure, forbidden, notFound, paramError } from '../../http/errors.js';
import { cappedCount, decodeCursor, encodeCursor, keysetReply, pageWindow, paginate } from '../../http/pagination.js';
import { idParam, squishedSearchParam, type ParamDecl } from '../../http/params.js';
import { accepted, created, noContent, type Reply } from '../../http/reply.js';
import { VISIBILITIES, type NamespaceRow, type ProjectRow, type Visibility } from '../../db/rows.js';
import { can, isAdmin } from '../../auth/policy.js';
import { descendantIds } from '../../auth/access.js';
import { findGroup } from '../../resources/find.js';
import { MEMBER_ACCESS_LEVELS } from '../../../shared/access-levels.js';
import { recordAudit } from '../../audit/record.js';
import { groupProjectListParams, listProjects } from '../projects/list.js';
import { presentProject } from '../projects/present.js';
import { ACCESS_CTES, viewerBinding, visibleProjectCondition } from '../projects/queries.js';
import { descendantCount, groupListQuery, keptGroupCount, type GroupFilter } from './queries.js';
import { similarityScorer } from '../../db/trigram-similarity.js';
import { rowsInOrder } from '../../db/sql.js';

/** A subtree of at least this many groups is paged along the order's index rather than sorted. */
const WALK_ORDER_FROM = 1000;
import { presentGroup, presentGroupDetail } from './present.js';
import { groupStatistics } from './statistics.js';
import { createGroup, deleteGroup, transferGroup, updateGroup } from './service.js';

/** Projects embedded in a group's detail, at most. */
const DETAIL_PROJECTS_LIMIT = 100;

const groupListParams: ParamDecl[] = [
  { name: 'skip_groups', type: 'integer[]' },
  { name: 'all_available', type: 'boolean' },
  squishedSearchParam(),
  { name: 'owned', type: 'boolean', default: false },
  { name: 'order_by', type: 'string', values: ['name', 'path', 'id', 'similarity'], default: 'name' },
  { name: 'sort', type: 'string', values: ['asc', 'desc'], default: 'asc' },
  { name: 'min_access_level', type: 'integer', values: MEMBER_ACCESS_LEVELS },
  { name: 'top_level_only', type: 'boolean', default: false },
  { name: 'visibility', type: 'string', values: VISIBILITIES },
  { name: 'statistics', type: 'boolean', default: false },
  { name: 'with_custom_attributes', type: 'boolean', default: false },
  { name: 'pagination', type: 'string', values: ['offset', 'keyset'] },
  { name: 'cursor', type: 'string' },
];

const editableParams: ParamDecl[] = [
  { name: 'description', type: 'string' },
  { name: 'visibility', type: 'string', values: VISIBILITIES },
];

function listGroups(ctx: RequestContext, scope: Partial<GroupFilter>, allAvailableDefault: boolean): Reply {
  const p = ctx.params;
  const filter: GroupFilter = {
    viewer: ctx.actor,
    allAvailable: (p.all_available as boolean | undefined) ?? allAvailableDefault,
    search: p.search as string | undefined,
    owned: p.owned === true,
    minAccessLevel: p.min_access_level as number | undefined,
    topLevelOnly: p.top_level_only === true,
    skipGroups: p.skip_groups as number[] | undefined,
    visibility: p.visibility as string | undefined,
    ...scope,
  };
  // A large subtree is read along the order's index; a small one through its range, sorted.
  const below = filter.descendantsOf !== undefined ? descendantCount(ctx.core, filter.descendantsOf, WALK_ORDER_FROM) : 0;
  if (below >= WALK_ORDER_FROM) filter.walkOrder = true;
  const { sql: base, args } = groupListQuery(ctx.core, filter);
  const requested = p.order_by as 'name' | 'path' | 'id' | 'similarity';
  // order_by=similarity ranks a searched list (lib/api/groups.rb `order_groups`); without a
  // search (a blank one is none: searchParam) it is order_by=name.
  const rankBy = requested === 'similarity' && typeof p.search === 'string' ? p.search : undefined;
  const orderBy = requested === 'similarity' ? 'name' : requested;
  const dir = p.sort === 'desc' ? 'DESC' : 'ASC';
  const present = (g: NamespaceRow) => presentGroup(ctx.core, g);

  // Keyset pages exist for anonymous callers, ordered by name ascending (as asked: similarity is not).
  if (p.pagination === 'keyset' && !ctx.actor) {
    if (requested !== 'name' || dir !== 'ASC') throw paramError('Keyset pagination is not yet available for this type of request', 405);
    const perPage = pageWindow(ctx).perPage;
    let sqlWithCursor = base;
    const bound: Record<string, unknown> = Object.assign({}, args, { limit: perPage + 1 });
    if (typeof p.cursor === 'string') {
      const c = decodeCursor(p.cursor);
      sqlWithCursor += ' AND (g.name > @cname OR (g.name = @cname AND g.id > @cid))';
      bound.cname = String(c.name ?? '');
      bound.cid = Number(c.id ?? 0);
    }
    const rows = ctx.core.db.prepare(`${sqlWithCursor} ORDER BY g.name ASC, g.id ASC LIMIT @limit`).all(bound) as NamespaceRow[];
    return keysetReply(ctx, rows, perPage, (last) => ({ cursor: encodeCursor({ name: last.name, id: String(last.id), _kd: 'n' }) }), present, 'lookahead');
  }
  // A list of few groups (a member's own, a small subtree) is found through its set and sorted:
  // the unary `+` keeps SQLite from reading the order's index across every group instead.
  let total = 0;
  const orderFor = (few: boolean) => {
    const col = (name: string) => (few ? `+g.${name}` : `g.${name}`);
    return orderBy === 'id' ? `${col('id')} ${dir}` : `${col(orderBy)} ${dir}, g.id ASC`;
  };
  let ranked: number[] | undefined;
  return paginate(
    ctx,
    (cap) => {
      if (rankBy !== undefined) {
        ranked = rankGroups(ctx, base, args, rankBy);
        return Math.min(ranked.length, cap);
      }
      total = keptGroupCount(ctx.core, filter, cap) ?? -1;
      if (total >= 0) return total;
      // An administrator's unfiltered count is the kept count of the subtree.
      const plain = !filter.search && !filter.owned && filter.minAccessLevel === undefined && !filter.topLevelOnly && !filter.skipGroups?.length && !filter.visibility;
      if (filter.descendantsOf !== undefined && plain && isAdmin(ctx.actor) && filter.allAvailable) total = descendantCount(ctx.core, filter.descendantsOf, cap);
      else total = (ctx.core.db.prepare(cappedCount(base, cap)).get(args) as { n: number }).n;
      return total;
    },
    (limit, offset) => {
      const rows = ranked
        ? rowsInOrder<NamespaceRow>(ctx.core.db, 'namespaces', ranked.slice(offset, offset + limit))
        : (ctx.core.db.prepare(`${base} ORDER BY ${orderFor(total < WALK_ORDER_FROM)} LIMIT @limit OFFSET @offset`).all(Object.assign({}, args, { limit, offset })) as NamespaceRow[]);
      // As on the platform, statistics are for administrators only; others get the plain entity.
      if (p.statistics !== true || !isAdmin(ctx.actor)) return rows.map(present);
      const stats = groupStatistics(ctx.core, rows.map((g) => g.id));
      return rows.map((g) => Object.assign(present(g), { statistics: stats.get(g.id) }));
    },
    ctx.actor ? {} : { offsetLimitType: 'Group' },
  );
}

/** The platform's group similarity (Namespace.sorted_by_similarity_and_parent_id_desc): path, then name. */
type RankedGroup = Pick<NamespaceRow, 'id' | 'path' | 'name' | 'parent_id'>;
const GROUP_SIMILARITY = [
  { value: (g: RankedGroup) => g.path, multiplier: 1 },
  { value: (g: RankedGroup) => g.name, multiplier: 0.7 },
];

/**
 * The ids of the groups `base` selects, by score: highest first, then subgroups before
 * top-level groups (parent_id descending, NULLs last), then id descending. Every match is
 * scored (a score is no column an index could hold), as the platform scores what its search found.
 */
function rankGroups(ctx: RequestContext, base: string, args: Record<string, unknown>, search: string): number[] {
  const score = similarityScorer(search, GROUP_SIMILARITY);
  const rows = ctx.core.db.prepare(`SELECT id, path, name, parent_id FROM (${base})`).all(args) as RankedGroup[];
  return rows
    .map((g) => ({ id: g.id, parent: g.parent_id ?? -1, score: score(g) }))
    .sort((a, b) => b.score - a.score || b.parent - a.parent || b.id - a.id)
    .map((g) => g.id);
}

/** Projects directly in the group that the viewer can see, newest first. */
function detailProjects(ctx: RequestContext, group: NamespaceRow) {
  const args = Object.assign({}, viewerBinding(ctx.core, ctx.actor, ctx.now()), { ns: group.id, limit: DETAIL_PROJECTS_LIMIT });
  const rows = ctx.core.db
    .prepare(
      `WITH RECURSIVE ${ACCESS_CTES} SELECT p.* FROM projects p WHERE p.namespace_id = @ns AND ${visibleProjectCondition(ctx.actor)}
       ORDER BY p.created_at DESC, p.id DESC LIMIT @limit`,
    )
    .all(args) as ProjectRow[];
  return rows.map((p) => presentProject(ctx.core, p, { viewer: ctx.actor }));
}

export const groupRoutes: RouteDef[] = defineRoutes([
  {
    method: 'GET',
    path: '/groups',
    summary: 'List groups',
    auth: 'optional',
    paginated: true,
    params: groupListParams,
    handler: (ctx) => listGroups(ctx, {}, isAdmin(ctx.actor)),
  },
  {
    method: 'POST',
    path: '/groups',
    summary: 'Create a group or subgroup',
    params: [
      { name: 'name', type: 'string', required: true },
      { name: 'path', type: 'string', required: true },
      { name: 'parent_id', type: 'integer' },
      ...editableParams,
    ],
    handler: (ctx) => {
      const user = currentUser(ctx);
      let parent: NamespaceRow | null = null;
      if (ctx.params.parent_id !== undefined && ctx.params.parent_id !== null) {
        parent = findGroup(ctx, 'read_group', 'parent_id');
        if (!can(ctx.core, user, 'create_subgroup', { group: parent })) throw forbidden();
      } else if (!isAdmin(user) && user.can_create_group !== 1) throw forbidden();
      const group = createGroup(ctx.core, user, parent, {
        name: ctx.params.name as string,
        path: ctx.params.path as string,
        description: ctx.params.description as string | undefined,
        visibility: ctx.params.visibility as Visibility | undefined,
      });
      return created(presentGroupDetail(ctx.core, group, undefined));
    },
  },
  {
    method: 'GET',
    path: '/groups/:id',
    summary: 'Get a group (with its projects unless with_projects=false)',
    auth: 'optional',
    params: [idParam, { name: 'with_projects', type: 'boolean', default: true }, { name: 'with_custom_attributes', type: 'boolean' }],
    handler: (ctx) => {
      const group = findGroup(ctx);
      if (ctx.params.with_projects === false) return presentGroup(ctx.core, group);
      return presentGroupDetail(ctx.core, group, detailProjects(ctx, group));
    },
  },
  {
    method: 'PUT',
    path: '/groups/:id',
    summary: 'Update a group (Owner)',
    params: [idParam, { name: 'name', type: 'string' }, { name: 'path', type: 'string' }, ...editableParams],
    handler: (ctx) => {
      const group = findGroup(ctx, 'admin_group');
      const updated = updateGroup(ctx.core, group, {
        name: ctx.params.name as string | undefined,
        path: ctx.params.path as string | undefined,
        description: ctx.params.description as string | undefined,
        visibility: ctx.params.visibility as Visibility | undefined,
      });
      return presentGroupDetail(ctx.core, updated, detailProjects(ctx, updated));
    },
  },
  {
    method: 'DELETE',
    path: '/groups/:id',
    summary: 'Delete a group with its subgroups and projects (Owner)',
    params: [idParam],
    handler: async (ctx) => {
      const group = findGroup(ctx, 'admin_group');
      await deleteGroup(ctx.core, group);
      return accepted();
    },
  },
  {
    method: 'GET',
    path: '/groups/:id/subgroups',
    summary: 'List the visible direct subgroups of a group',
    auth: 'optional',
    paginated: true,
    params: [idParam, ...groupListParams],
    handler: (ctx) => listGroups(ctx, { parentId: findGroup(ctx).id }, true),
  },
  {
    method: 'GET',
    path: '/groups/:id/descendant_groups',
    summary: 'List the visible descendant groups of a group',
    auth: 'optional',
    paginated: true,
    params: [idParam, ...groupListParams],
    handler: (ctx) => listGroups(ctx, { descendantsOf: findGroup(ctx).id }, true),
  },
  {
    method: 'GET',
    path: '/groups/:id/projects',
    summary: "List a group's projects",
    auth: 'optional',
    paginated: true,
    params: [idParam, ...groupProjectListParams, { name: 'include_subgroups', type: 'boolean', default: false }, { name: 'with_shared', type: 'boolean', default: true }],
    handler: (ctx) => {
      const group = findGroup(ctx);
      const namespaceIds = ctx.params.include_subgroups ? descendantIds(ctx.core, group.id) : [group.id];
      return listProjects(ctx, { namespaceIds, similarity: 'group' });
    },
  },
  {
    method: 'POST',
    path: '/groups/:id/transfer',
    summary: 'Move a group under another group (group_id), or to the top level without one (Owner)',
    params: [idParam, { name: 'group_id', type: 'integer' }],
    handler: (ctx) => {
      const user = currentUser(ctx);
      const group = findGroup(ctx, 'admin_group');
      const parent = ctx.params.group_id !== undefined && ctx.params.group_id !== null ? findGroup(ctx, 'read_group', 'group_id') : null;
      // The platform's transfer service asks for subgroup creation in the new parent, or group creation for the top level.
      const allowed = parent ? can(ctx.core, user, 'create_subgroup', { group: parent }) : isAdmin(user) || user.can_create_group === 1;
      const moved = transferGroup(ctx.core, group, parent, allowed, user);
      return created(presentGroupDetail(ctx.core, moved, detailProjects(ctx, moved)));
    },
  },
  {
    method: 'POST',
    path: '/groups/:id/share',
    summary: "Share a group with another group: that group's members get access up to group_access (Owner)",
    params: [
      idParam,
      { name: 'group_id', type: 'integer', required: true },
      { name: 'group_access', type: 'integer', required: true, values: [10, 20, 30, 40, 50] },
      { name: 'expires_at', type: 'date' },
      { name: 'member_role_id', type: 'integer' },
    ],
    handler: (ctx) => {
      const group = findGroup(ctx, 'admin_group');
      const target = findGroup(ctx, 'read_group', 'group_id');
      const p = ctx.params;
      if (target.id === group.id) throw failure(400, 'Shared with group cannot be the same as the group');
      const expires = (p.expires_at as string | undefined) ?? null;
      if (expires !== null && expires <= ctx.core.nowIso().slice(0, 10)) throw failure(400, { expires_at: ['must be in the future'] });
      const added = ctx.core.tx(() => {
        const n = ctx.core.db
          .prepare('INSERT OR IGNORE INTO group_group_links (shared_group_id, shared_with_group_id, group_access, expires_at, created_at) VALUES (?, ?, ?, ?, ?)')
          .run(group.id, target.id, p.group_access, expires, ctx.core.nowIso()).changes;
        if (n > 0) recordAudit(ctx.core, { name: 'group_share_with_group_link_created', entity: { type: 'Group', id: group.id }, message: `Invited ${target.full_path} to the group ${group.full_path}` });
        return n;
      });
      if (added === 0) throw failure(409, 'Group already shared with this group');
      return created(presentGroupDetail(ctx.core, group, undefined));
    },
  },
  {
    method: 'DELETE',
    path: '/groups/:id/share/:group_id',
    summary: 'Stop sharing a group with another group (Owner)',
    params: [idParam, { name: 'group_id', type: 'integer', required: true }],
    handler: (ctx) => {
      const group = findGroup(ctx, 'admin_group');
      const removed = ctx.core.tx(() => {
        const n = ctx.core.db.prepare('DELETE FROM group_group_links WHERE shared_group_id = ? AND shared_with_group_id = ?').run(group.id, ctx.params.group_id).changes;
        if (n > 0) recordAudit(ctx.core, { name: 'group_share_with_group_link_removed', entity: { type: 'Group', id: group.id }, message: `Removed the share with group ${String(ctx.params.group_id)}` });
        return n;
      });
      if (removed === 0) throw notFound('Group Link');
      return noContent();
    },
  },
]);
