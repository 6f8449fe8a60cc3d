// Project lists (GET /projects, GET /groups/:id/projects): visibility, filters, ordering,
// offset pages with the max-offset limit, and keyset pages ordered by id.
import { VISIBILITIES, type NamespaceRow, type ProjectRow, type UserRow } from '../../db/rows.js';
import type { RequestContext } from '../../http/context.js';
import { paramError } from '../../http/errors.js';
import { cappedCount, keysetReply, pageWindow, paginate, paginateArray } from '../../http/pagination.js';
import type { ParamDecl } from '../../http/params.js';
import { Reply, jsonBytesReply } from '../../http/reply.js';
import { fragmentsOf, jsonArrayBytes } from '../../resources/fragments.js';
import { readTx } from '../../db/connection.js';
import { OrderedList } from '../../db/page-starts.js';
import { isoDate } from '../../clock.js';
import { MEMBER_ACCESS_LEVELS } from '../../../shared/access-levels.js';
import { ACCESS_CTES, countVisibleProjects, countVisibleProjectsIn, memberProjectCondition, memberProjectCount, viewerBinding, visibleProjectCondition } from './queries.js';
import { directAccessLevels, presentProject, presentProjectBasic } from './present.js';
import { likeContains, trigramPhrase } from '../../db/sql.js';
import { isAdmin } from '../../auth/policy.js';
import { ProjectSizes, withStatistics } from './statistics.js';

/** The orders by a size field, as the platform's STATISTICS_SORT_PARAMS. */
const SIZE_ORDERS = ['storage_size', 'repository_size', 'wiki_size', 'packages_size'] as const;
type SizeOrder = (typeof SIZE_ORDERS)[number];

export const PROJECT_ORDERS = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at', ...SIZE_ORDERS] as const;

/** Orders only administrators get (others fall back to created_at, as on the platform). */
const isSizeOrder = (order: string): order is SizeOrder => (SIZE_ORDERS as readonly string[]).includes(order);

export const projectListParams: ParamDecl[] = [
  { name: 'archived', type: 'boolean' },
  { name: 'visibility', type: 'string', values: VISIBILITIES },
  { name: 'search', type: 'string' },
  { name: 'search_namespaces', type: 'boolean' },
  { name: 'owned', type: 'boolean', default: false },
  { name: 'membership', type: 'boolean', default: false },
  { name: 'starred', type: 'boolean', default: false },
  { name: 'simple', type: 'boolean', default: false },
  { name: 'statistics', type: 'boolean', default: false },
  { name: 'min_access_level', type: 'integer', values: MEMBER_ACCESS_LEVELS },
  { name: 'repository_storage', type: 'string' },
  { name: 'id_after', type: 'integer' },
  { name: 'id_before', type: 'integer' },
  { name: 'created_after', type: 'datetime' },
  { name: 'created_before', type: 'datetime' },
  { name: 'updated_after', type: 'datetime' },
  { name: 'updated_before', type: 'datetime' },
  { name: 'last_activity_after', type: 'datetime' },
  { name: 'last_activity_before', type: 'datetime' },
  { name: 'with_issues_enabled', type: 'boolean', default: false },
  { name: 'with_merge_requests_enabled', type: 'boolean', default: false },
  { name: 'with_custom_attributes', type: 'boolean', default: false },
  { name: 'custom_attributes', type: 'hash' },
  { name: 'order_by', type: 'string', values: PROJECT_ORDERS, default: 'created_at' },
  { name: 'sort', type: 'string', values: ['asc', 'desc'], default: 'desc' },
  { name: 'pagination', type: 'string', values: ['offset', 'keyset'] },
];

export interface ListScope {
  /** Only projects directly in these namespaces. */
  namespaceIds?: number[];
  /** Only the forks of this project. */
  forkOf?: number;
}

export function listProjects(ctx: RequestContext, scope: ListScope = {}): Reply | Promise<Reply> {
  const p = ctx.params;
  const viewer = ctx.actor;
  const args: Record<string, unknown> = { ...viewerBinding(ctx.core, viewer) };
  const where: string[] = [visibleProjectCondition(viewer)];
  const cond = (sql: string, name?: string, value?: unknown) => {
    where.push(sql);
    if (name) args[name] = value;
  };
  if (scope.namespaceIds) cond(`p.namespace_id IN (${scope.namespaceIds.map(Number).join(',') || 'NULL'})`);
  if (p.archived !== undefined) cond('p.archived = @archived', 'archived', p.archived ? 1 : 0);
  if (p.visibility) cond('p.visibility = @visibility', 'visibility', p.visibility);
  if (p.search) {
    const text = String(p.search).toLowerCase();
    const ns = p.search_namespaces ? " OR lower((SELECT full_path FROM namespaces WHERE id = p.namespace_id) || '/' || p.path) LIKE @search ESCAPE '\\'" : '';
    // The trigram index finds the candidates (a term of three characters or more, and not a
    // namespace's path, which it does not hold); the LIKE decides, as without it.
    const phrase = p.search_namespaces ? undefined : trigramPhrase(text);
    if (phrase) cond('p.id IN (SELECT rowid FROM projects_search WHERE projects_search MATCH @phrase)', 'phrase', phrase);
    cond(`(lower(p.name) LIKE @search ESCAPE '\\' OR p.path_lower LIKE @search ESCAPE '\\' OR lower(p.description) LIKE @search ESCAPE '\\'${ns})`, 'search', likeContains(text));
  }
  // Without a user these filters select nothing the viewer is authorized on.
  // Owned: Owner by membership (not through a share) or the personal namespace.
  if (p.owned) cond(viewer ? "(p.namespace_id IN (SELECT id FROM group_member WHERE level >= 50) OR p.namespace_id IN (SELECT id FROM namespaces WHERE kind = 'user' AND owner_id = @uid))" : '0');
  // membership=true is "authorized with any level"; min_access_level raises the level.
  let members: number | undefined;
  if (p.membership || p.min_access_level !== undefined) {
    if (!viewer) cond('0');
    else {
      const min = (p.min_access_level as number | undefined) ?? 0;
      const counted = memberProjectCount(ctx.core, viewer, min);
      members = counted.members;
      // Read the viewer's projects and sort them when that is cheaper than testing, along the
      // order, the rows the page needs to find its own (about reach × all ÷ members).
      const w = pageWindow(ctx);
      const drive = members * members <= (w.offset + w.limit) * counted.all;
      cond(memberProjectCondition(drive), 'min', min);
    }
  }
  if (p.starred) cond(viewer ? 'p.id IN (SELECT project_id FROM project_stars WHERE user_id = @star_user)' : '0', 'star_user', viewer?.id);
  if (scope.forkOf !== undefined) cond('p.forked_from_project_id = @fork_of', 'fork_of', scope.forkOf);
  // Administrators filter by custom attributes; none are stored, so any filter matches nothing.
  if (p.custom_attributes && isAdmin(viewer) && Object.keys(p.custom_attributes as object).length > 0) cond('0');
  if (p.repository_storage !== undefined && isAdmin(viewer)) cond('p.repository_storage = @storage', 'storage', p.repository_storage);
  if (p.id_after !== undefined) cond('p.id > @id_after', 'id_after', p.id_after);
  if (p.id_before !== undefined) cond('p.id < @id_before', 'id_before', p.id_before);
  for (const [param, column, op] of [
    ['created_after', 'created_at', '>'],
    ['created_before', 'created_at', '<'],
    ['updated_after', 'updated_at', '>'],
    ['updated_before', 'updated_at', '<'],
    ['last_activity_after', 'last_activity_at', '>'],
    ['last_activity_before', 'last_activity_at', '<'],
  ] as const) {
    if (p[param] !== undefined) cond(`p.${column} ${op} @${param}`, param, p[param]);
  }
  const condition = where.join(' AND ');
  // The access CTEs only when a condition reads them (an administrator's list needs none).
  const ctes = /\b(?:group_access|group_member|authorized)\b/.test(condition) ? `WITH RECURSIVE ${ACCESS_CTES} ` : '';
  const base = `${ctes}SELECT p.* FROM projects p WHERE ${condition}`;
  /**
   * The rows of one window in `order`: its ids from the order's index, which holds the columns
   * the viewer's condition tests (migration 030), so skipping rows never reads them; then only
   * the window's rows (a deferred join).
   */
  const deferredPage = (order: string) =>
    `${ctes}SELECT p.* FROM projects p WHERE p.id IN (SELECT p.id FROM projects p WHERE ${condition} ORDER BY ${order} LIMIT @limit OFFSET @offset) ORDER BY ${order}`;
  let orderBy = p.order_by as (typeof PROJECT_ORDERS)[number];
  if (isSizeOrder(orderBy) && !isAdmin(viewer)) orderBy = 'created_at';
  const dir = p.sort === 'asc' ? 'ASC' : 'DESC';
  const column = orderBy === 'path' ? 'p.path_lower' : `p.${orderBy}`;
  const namespaces = new Map<number, NamespaceRow>();
  const owners = new Map<number, UserRow>();
  let directLevels: Map<number, number> | undefined;
  const present = (row: ProjectRow) =>
    p.simple ? presentProjectBasic(ctx.core, row, viewer) : presentProject(ctx.core, row, { viewer, withAccess: viewer !== null, namespaces, owners, directLevels });
  /** Reads the viewer's access to the whole page at once, then presents it. */
  const presentPage = (rows: ProjectRow[]) => {
    if (viewer && !p.simple) directLevels = directAccessLevels(ctx.core, viewer, rows.map((r) => r.id));
    return rows.map(present);
  };

  if (isSizeOrder(orderBy)) {
    // Sizes live on disk, not in the database: sort every matching project in memory on the one
    // field the order names (the repositories alone for repository_size), and present the page's
    // statistics from the same reader, which reads only the parts the sort did not. As on the
    // platform, the rows carry statistics only when they are asked for.
    const rows = ctx.core.db.prepare(base).all(args) as ProjectRow[];
    const sizes = new ProjectSizes(ctx.core);
    const size = sizes.field(rows, orderBy);
    rows.sort((a, b) => ((size.get(a.id) as number) - (size.get(b.id) as number) || a.id - b.id) * (dir === 'ASC' ? 1 : -1));
    const withStats = p.statistics === true && !p.simple;
    return paginateArray(ctx, rows, (page) => (withStats ? withStatistics(ctx.core, viewer, page, page.map(present), sizes) : page.map(present)));
  }
  if (p.statistics === true && !p.simple) {
    const reply = paginate(
      ctx,
      (cap) => (ctx.core.db.prepare(cappedCount(base, cap)).get(args) as { n: number }).n,
      (limit, offset) => ctx.core.db.prepare(deferredPage(orderBy === 'id' ? `p.id ${dir}` : `${column} ${dir}, p.id ${dir}`)).all({ ...args, limit, offset }) as ProjectRow[],
      { offsetLimitType: 'Project' },
    );
    const rows = reply.body as ProjectRow[];
    return withStatistics(ctx.core, viewer, rows, rows.map(present)).then((body) => new Reply(reply.status, body, reply.headers));
  }
  if (p.pagination === 'keyset') {
    // The specification requires `sort` with keyset pages (the platform would default it).
    if (ctx.input.sort === undefined) throw paramError('sort is missing');
    if (orderBy !== 'id') throw paramError('Keyset pagination is not yet available for this type of request', 405);
    const perPage = pageWindow(ctx).perPage;
    const rows = ctx.core.db.prepare(`${base} ORDER BY p.id ${dir} LIMIT @limit`).all({ ...args, limit: perPage + 1 }) as ProjectRow[];
    return keysetReply(ctx, rows, perPage, (last): Record<string, string> => ({ [dir === 'ASC' ? 'id_after' : 'id_before']: String(last.id) }), present);
  }
  const order = orderBy === 'id' ? `p.id ${dir}` : `${column} ${dir}, p.id ${dir}`;
  // The page is read as ids; the text of each project comes from the texts presented since the
  // last write to the database, and only the others are read, presented and serialised. All of
  // it is read in one transaction: one snapshot, one read lock. A deep page seeks from the
  // nearest page start remembered in this snapshot's generation (src/core/db/page-starts.ts).
  const fragments = fragmentsOf(ctx.core.db, 'project');
  const textScope = `${viewer?.id ?? 0} ${p.simple ? 'simple' : 'full'} ${isoDate(ctx.core.clock.now())} ${ctx.core.settings.externalUrl}`;
  const listSql = `${ctes}SELECT p.id FROM projects p WHERE ${condition} ORDER BY ${order}`;
  const starts = new OrderedList(ctx.core.db, `${listSql}\n${JSON.stringify(args)}`, orderBy === 'id' ? ['p.id'] : [column, 'p.id'], dir === 'DESC');
  const page = new Map<number, Buffer>();
  const reply = readTx(ctx.core.db, () => paginate(
    ctx,
    // Only the visibility condition: the kept counts answer without walking the rows.
    // Or that and the namespaces of a group's or user's list: the kept counts per namespace.
    (cap) => starts.count(cap, (cap) =>
      where.length === 1
        ? countVisibleProjects(ctx.core, viewer, cap)
        : where.length === 2 && scope.namespaceIds
          ? countVisibleProjectsIn(ctx.core, viewer, scope.namespaceIds, cap)
          : where.length === 2 && members !== undefined
            ? // The viewer's projects are all visible to them: their count is the total.
              Math.min(members, cap)
          : (ctx.core.db.prepare(cappedCount(base, cap)).get(args) as { n: number }).n),
    (limit, offset) => {
      const ids = starts
        .window(limit, offset, (seek, n) =>
          ctx.core.db
            .prepare(`${ctes}SELECT p.id, ${starts.keyColumns} FROM projects p WHERE ${condition}${seek.condition} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
            .all({ ...args, ...seek.params, limit: n, offset: seek.offset }) as { id: number }[],
        )
        .map((r) => r.id);
      const texts = fragments.texts(textScope);
      for (const id of ids) {
        const text = texts.get(id);
        if (text !== undefined) page.set(id, text);
      }
      if (page.size < ids.length) {
        const missing = ids.filter((id) => !page.has(id));
        const rows = ctx.core.db.prepare('SELECT * FROM projects WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(missing)) as ProjectRow[];
        const presented = presentPage(rows);
        rows.forEach((row, i) => {
          const text = Buffer.from(JSON.stringify(presented[i]), 'utf8');
          page.set(row.id, text);
          fragments.add(texts, row.id, text);
        });
      }
      return ids;
    },
    { offsetLimitType: 'Project' },
  ));
  const ids = reply.body as number[];
  return jsonBytesReply(fragments.joined(textScope, ids, () => jsonArrayBytes(ids.map((id) => page.get(id) as Buffer))), reply.headers);
}
