// Project lists (GET /projects, GET /groups/:id/projects, GET /users/:id/projects, a project's
// forks): visibility, filters, ordering, offset pages with the max-offset limit, and keyset pages
// ordered by id.
import { VISIBILITIES, type NamespaceRow, type ProjectRow, type UserRow } from '../../db/rows.js';
import type { RequestContext } from '../../http/context.js';
import { badRequest, paramError } from '../../http/errors.js';
import { cappedCount, keysetReply, offsetWindow, pageWindow, paginate, paginateArray, type OffsetOptions } from '../../http/pagination.js';
import { squishedSearchParam, type ParamDecl } from '../../http/params.js';
import { Reply, jsonBytesReply } from '../../http/reply.js';
import { fragmentsOf, jsonArrayBytes } from '../../resources/fragments.js';
import { readTx } from '../../db/connection.js';
import { OrderedList } from '../../db/page-starts.js';
import { isoDate } from '../../clock.js';
import { MEMBER_ACCESS_LEVELS } from '../../../shared/access-levels.js';
import { ACCESS_CTES, countVisibleProjects, countVisibleProjectsIn, memberProjectCondition, memberProjectCount, viewerBinding, visibleProjectCondition } from './queries.js';
import { directAccessLevels, presentProject, presentProjectBasic } from './present.js';
import { namedArgs, namedList, patternSearch, rowsInOrder } from '../../db/sql.js';
import { isAdmin } from '../../auth/policy.js';
import { projectAccessLevel } from '../../auth/access.js';
import { similarityScorer } from '../../db/trigram-similarity.js';
import { keptSizePageSql, ProjectSizes, sizeFieldSql, unknownSizeSql, withStatistics } from './statistics.js';

/** The orders by a size field, as the platform's STATISTICS_SORT_PARAMS. */
const SIZE_ORDERS = ['storage_size', 'repository_size', 'wiki_size', 'packages_size'] as const;
type SizeOrder = (typeof SIZE_ORDERS)[number];

/** The orders a group's project list takes (lib/api/groups.rb): no sizes there. */
export const GROUP_PROJECT_ORDERS = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at', 'similarity', 'star_count'] as const;
/** The orders the other project lists take (lib/api/projects.rb, sort_params). */
export const PROJECT_ORDERS = [...GROUP_PROJECT_ORDERS, ...SIZE_ORDERS] as const;
type ProjectOrder = (typeof PROJECT_ORDERS)[number];

/** Orders only administrators get (others fall back to created_at, as on the platform). */
/**
 * Every offset page of a project list, whatever its order (sizes are sorted in code, the rest
 * in SQL): past 50,000 records the platform answers 405 for type Project.
 */
const OFFSET_PAGES: OffsetOptions = { offsetLimitType: 'Project' };
const isSizeOrder = (order: string): order is SizeOrder => (SIZE_ORDERS as readonly string[]).includes(order);

/** The list parameters, with the orders a route takes. */
const listParams = (orders: readonly string[]): ParamDecl[] => [
  { name: 'archived', type: 'boolean' },
  { name: 'visibility', type: 'string', values: VISIBILITIES },
  squishedSearchParam(),
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
  { name: 'order_by', type: 'string', values: orders, default: 'created_at' },
  { name: 'sort', type: 'string', values: ['asc', 'desc'], default: 'desc' },
  { name: 'pagination', type: 'string', values: ['offset', 'keyset'] },
];

export const projectListParams = listParams(PROJECT_ORDERS);
export const groupProjectListParams = listParams(GROUP_PROJECT_ORDERS);

/**
 * How a route answers `order_by=similarity`, which the platform reads differently per route
 * (lib/api/projects.rb `support_order_by_similarity!`, lib/api/groups.rb
 * `handle_similarity_order`). "A search" is one with a non-blank character (Rails' `present?`).
 * - `members` (GET /projects): for a signed-in caller with a search, only the projects the
 *   caller is a member of (as membership=true), by score; otherwise as created_at.
 * - `score` (GET /users/:id/projects): for a signed-in caller with a search, by score (the
 *   personal projects finder ignores the membership limit); otherwise as created_at.
 * - `group` (GET /groups/:id/projects): with a search, by score, whoever asks; otherwise by
 *   name ascending whatever `sort` says, ties by id in `sort`'s direction.
 * - `forks` (GET /projects/:id/forks): for a signed-in caller with a search, newest id first (the
 *   forks finder's own order, which the platform then leaves as it is); otherwise as created_at
 *   (the platform answers 500 there: it orders by a `similarity` column that does not exist).
 * By score is descending, ties by id descending, whatever `sort` says.
 */
export type SimilarityRule = 'members' | 'score' | 'group' | 'forks';

export interface ListScope {
  /** Only projects directly in these namespaces. */
  namespaceIds?: number[];
  /** Only the forks of this project. */
  forkOf?: number;
  /** How this route answers order_by=similarity (GET /projects's way unless told). */
  similarity?: SimilarityRule;
}

/** The platform's project similarity (Project.sorted_by_similarity_desc): path, name, description. */
const PROJECT_SIMILARITY = [
  { value: (r: SimilarityRow) => r.path, multiplier: 1 },
  { value: (r: SimilarityRow) => r.name, multiplier: 0.7 },
  { value: (r: SimilarityRow) => r.description, multiplier: 0.2 },
];

interface SimilarityRow {
  id: number;
  namespace_id: number;
  path: string;
  name: string;
  description: string | null;
}

/** A ranked list's matches up to this many are tested one by one for the caller's membership. */
const CHECK_EACH_UP_TO = 200;

/** One term of a list's ORDER BY. */
interface OrderTerm {
  column: string;
  dir: 'ASC' | 'DESC';
}

/**
 * GET /projects refuses an updated_at filter unless the list is ordered by updated_at
 * (lib/api/projects.rb `validate_updated_at_order_and_filter!`); `order_by` defaults to
 * created_at there, so the filter alone is refused too.
 */
export function checkUpdatedAtOrder(ctx: RequestContext): void {
  const p = ctx.params;
  if ((p.updated_before !== undefined || p.updated_after !== undefined) && p.order_by !== 'updated_at') {
    throw badRequest('`updated_at` filter and `updated_at` sorting must be paired');
  }
}

export function listProjects(ctx: RequestContext, scope: ListScope = {}): Reply | Promise<Reply> {
  const p = ctx.params;
  const viewer = ctx.actor;
  const requested = p.order_by as ProjectOrder;
  let dir: 'ASC' | 'DESC' = p.sort === 'asc' ? 'ASC' : 'DESC';
  // What the list is ordered by: the order asked for, or what the platform puts in its place.
  let orderBy: Exclude<ProjectOrder, 'similarity'> = requested === 'similarity' ? 'created_at' : requested;
  if (isSizeOrder(orderBy) && !isAdmin(viewer)) orderBy = 'created_at';
  // Never blank: a blank search is no search (searchParam).
  const search = typeof p.search === 'string' ? p.search : undefined;
  /** The search the rows are ranked by (order_by=similarity where the route ranks). */
  let rankBy: string | undefined;
  /** The group list's similarity without a search: name ascending, whatever `sort` says. */
  let nameAscending = false;
  if (requested === 'similarity') {
    const rule = scope.similarity ?? 'members';
    if (rule === 'group') {
      if (search !== undefined) rankBy = search;
      else nameAscending = true;
    } else if (viewer && search !== undefined) {
      if (rule === 'forks') [orderBy, dir] = ['id', 'DESC'];
      else rankBy = search;
    }
  }
  // GET /projects ranks only the caller's own projects (the platform limits it so, for cost).
  const membersOnly = rankBy !== undefined && (scope.similarity ?? 'members') === 'members';
  const args: Record<string, unknown> = { ...viewerBinding(ctx.core, viewer, ctx.now()) };
  const where: string[] = [visibleProjectCondition(viewer)];
  const cond = (sql: string, name?: string, value?: unknown) => {
    where.push(sql);
    if (name) args[name] = value;
  };
  if (scope.namespaceIds) {
    const namespaces = namedList('ns', scope.namespaceIds.map(Number));
    cond(`p.namespace_id IN (${namespaces.sql})`);
    Object.assign(args, namespaces.args);
  }
  if (p.archived !== undefined) cond('p.archived = @archived', 'archived', p.archived ? 1 : 0);
  if (p.visibility) cond('p.visibility = @visibility', 'visibility', p.visibility);
  if (p.search) {
    const text = String(p.search).toLowerCase();
    // Project.search: path, name and description; with include_namespace, the route's path
    // (full path) and name (the namespace's full name, ' / ', the name: Routable#build_full_name)
    // in place of the project's own, each a column of its own (all terms in one of them).
    // The trigram index holds both sets of columns (migration 51) and finds the candidates in
    // the set the search tests (a term of three characters or more); the pattern decides, as
    // without it.
    const namespaces = Boolean(p.search_namespaces);
    const search = namespaces
      ? patternSearch(["n.full_path_lower || '/' || p.path_lower", "lower(n.full_name || ' / ' || p.name)", 'lower(p.description)'], text, { param: 'search' })
      : patternSearch(['lower(p.name)', 'p.path_lower', 'lower(p.description)'], text, { param: 'search' });
    if (search.index !== undefined) {
      const columns = namespaces ? '{full_path full_name description}' : '{name path description}';
      cond('p.id IN (SELECT rowid FROM projects_search WHERE projects_search MATCH @phrase)', 'phrase', `${columns} : (${search.index})`);
    }
    // The namespace is read once for both of its columns.
    where.push(namespaces ? `EXISTS (SELECT 1 FROM namespaces n WHERE n.id = p.namespace_id AND ${search.sql})` : search.sql);
    Object.assign(args, namedArgs('search', search.args));
  }
  // Without a user these filters select nothing the viewer is authorized on.
  // Owned: Owner by membership (not through a share) or the personal namespace.
  if (p.owned) cond(viewer ? "(p.namespace_id IN (SELECT id FROM group_member WHERE level >= 50) OR p.namespace_id IN (SELECT id FROM namespaces WHERE kind = 'user' AND owner_id = @uid))" : '0');
  // membership=true is "authorized with any level"; min_access_level raises the level.
  let members: number | undefined;
  /** A ranked list's membership level, tested on the search's matches alone (see `ranked`). */
  let rankMin: number | undefined;
  if (p.membership || membersOnly || p.min_access_level !== undefined) {
    if (!viewer) cond('0');
    else if (rankBy !== undefined) rankMin = (p.min_access_level as number | undefined) ?? 0;
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
  const column = orderBy === 'path' ? 'p.path_lower' : `p.${orderBy}`;
  // Ties go by id in the order's direction (the platform's order_options_with_tie_breaker).
  const terms: OrderTerm[] = nameAscending
    ? [{ column: 'p.name', dir: 'ASC' }, { column: 'p.id', dir }]
    : orderBy === 'id'
      ? [{ column: 'p.id', dir }]
      : [{ column, dir }, { column: 'p.id', dir }];
  const order = terms.map((t) => `${t.column} ${t.dir}`).join(', ');
  /**
   * The ids of every matching project, by score (order_by=similarity with a search): a score is
   * no column an index could hold, so every match is scored, as on the platform, which ranks
   * only what its search found for the same reason.
   */
  const ranked = (): number[] => {
    const score = similarityScorer(rankBy as string, PROJECT_SIMILARITY);
    const read = (sql: string, bound: Record<string, unknown>) => ctx.core.db.prepare(sql).all(bound) as SimilarityRow[];
    let rows = read(`${ctes}SELECT p.id, p.namespace_id, p.path, p.name, p.description FROM projects p WHERE ${condition}`, args);
    if (viewer && rankMin !== undefined) {
      // The viewer's own projects among the matches: a few are tested one by one (the access
      // check walks the project's few sources); the set of everything the viewer reaches, which
      // the SQL condition builds, costs in proportion to the groups below their memberships.
      const min = rankMin;
      rows =
        rows.length <= CHECK_EACH_UP_TO
          ? rows.filter((r) => {
              const level = projectAccessLevel(ctx.core, viewer.id, r);
              return min > 0 ? level >= min : level > 0;
            })
          : read(`WITH RECURSIVE ${ACCESS_CTES} SELECT p.id, p.namespace_id, p.path, p.name, p.description FROM projects p WHERE ${condition} AND ${memberProjectCondition(false)}`, Object.assign({}, args, { min }));
    }
    return rows
      .map((r) => ({ id: r.id, score: score(r) }))
      .sort((a, b) => b.score - a.score || b.id - a.id)
      .map((r) => r.id);
  };
  /**
   * A ranked list's ids, made when paginate counts (it counts before it reads a page, and after
   * its offset check), then paged from.
   */
  let rankedIds: number[] | undefined;
  const countRanked = (cap: number): number => Math.min((rankedIds = ranked()).length, cap);
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
    // Repository sizes are kept in the database (repository_sizes): the matching projects whose
    // sizes are not stored yet are measured first, then the page is ordered and cut in SQL. A
    // write that forgets a size between the two (rare) leaves that request sorting in memory,
    // measuring what is missing. As on the platform, the rows carry statistics only when they are
    // asked for, from the same reader.
    const sizes = new ProjectSizes(ctx.core);
    const withStats = p.statistics === true && !p.simple;
    const presentSized = (page: ProjectRow[]) => (withStats ? withStatistics(ctx.core, viewer, page, page.map(present), sizes) : page.map(present));
    // Past the largest offset the answer is 405 before any size is measured.
    offsetWindow(ctx, OFFSET_PAGES);
    const kept = keptSizePageSql(orderBy, ctes, condition, dir);
    const pageSql = kept?.page ?? `${base} ORDER BY ${sizeFieldSql(orderBy)} ${dir}, p.id ${dir} LIMIT @limit OFFSET @offset`;
    // The matching projects whose sizes are not stored: for a kept field, found through the kept
    // sizes' index rather than a look at every matching project.
    const missingSql = kept?.missing ?? `${base} AND ${unknownSizeSql(orderBy)}`;
    const unknownSql = `${missingSql} LIMIT 1`;
    // One look for a matching project without its size; only when one is found are the missing
    // sizes measured, and the page read again.
    const page = () =>
      readTx(ctx.core.db, () =>
        ctx.core.db.prepare(unknownSql).get(args)
          ? null
          : paginate(
              ctx,
              (cap) => (ctx.core.db.prepare(cappedCount(base, cap)).get(args) as { n: number }).n,
              (limit, offset) => ctx.core.db.prepare(pageSql).all(Object.assign({}, args, { limit, offset })) as ProjectRow[],
            ),
      );
    let reply = page();
    if (!reply) {
      sizes.storeMissing(missingSql, args, orderBy);
      reply = page();
    }
    if (reply) return Promise.resolve(presentSized(reply.body as ProjectRow[])).then((body) => new Reply(reply.status, body, reply.headers));
    const rows = ctx.core.db.prepare(base).all(args) as ProjectRow[];
    const size = sizes.field(rows, orderBy);
    rows.sort((a, b) => ((size.get(a.id) as number) - (size.get(b.id) as number) || a.id - b.id) * (dir === 'ASC' ? 1 : -1));
    return paginateArray(ctx, rows, presentSized, OFFSET_PAGES);
  }
  if (p.statistics === true && !p.simple) {
    const reply = readTx(ctx.core.db, () =>
      paginate(
        ctx,
        (cap) => (rankBy !== undefined ? countRanked(cap) : (ctx.core.db.prepare(cappedCount(base, cap)).get(args) as { n: number }).n),
        (limit, offset) =>
          rankedIds ? rowsInOrder<ProjectRow>(ctx.core.db, 'projects', rankedIds.slice(offset, offset + limit)) : (ctx.core.db.prepare(deferredPage(order)).all(Object.assign({}, args, { limit, offset })) as ProjectRow[]),
        OFFSET_PAGES,
      ),
    );
    const rows = reply.body as ProjectRow[];
    return withStatistics(ctx.core, viewer, rows, rows.map(present)).then((body) => new Reply(reply.status, body, reply.headers));
  }
  if (p.pagination === 'keyset') {
    // The specification requires `sort` with keyset pages (the platform would default it).
    if (ctx.input.sort === undefined) throw paramError('sort is missing');
    // Keyset pages exist for order_by=id as asked (the platform reads the parameter).
    if (requested !== 'id') throw paramError('Keyset pagination is not yet available for this type of request', 405);
    const perPage = pageWindow(ctx).perPage;
    const rows = ctx.core.db.prepare(`${base} ORDER BY p.id ${dir} LIMIT @limit`).all(Object.assign({}, args, { limit: perPage + 1 })) as ProjectRow[];
    return keysetReply(ctx, rows, perPage, (last): Record<string, string> => ({ [dir === 'ASC' ? 'id_after' : 'id_before']: String(last.id) }), present);
  }
  // The page is read as ids; the text of each project comes from the texts presented since the
  // last write to the database, and only the others are read, presented and serialised. All of
  // it is read in one transaction: one snapshot, one read lock. A deep page seeks from the
  // nearest page start remembered in this snapshot's generation (src/core/db/page-starts.ts).
  const fragments = fragmentsOf(ctx.core.db, 'project');
  const textScope = `${viewer?.id ?? 0} ${p.simple ? 'simple' : 'full'} ${isoDate(ctx.now())} ${ctx.core.settings.externalUrl}`;
  const listSql = `${ctes}SELECT p.id FROM projects p WHERE ${condition} ORDER BY ${order}`;
  // Page starts are remembered only for an order in one direction (a seek compares row values).
  const starts = new OrderedList(
    ctx.core.db,
    `${listSql}\n${JSON.stringify(args)}`,
    terms.map((t) => t.column),
    (terms[0] as OrderTerm).dir === 'DESC',
    terms.every((t) => t.dir === (terms[0] as OrderTerm).dir),
  );
  const page = new Map<number, Buffer>();
  const reply = readTx(ctx.core.db, () => {
    // Only the visibility condition: the kept counts answer without walking the rows.
    // Or that and the namespaces of a group's or user's list: the kept counts per namespace.
    const count = (cap: number) =>
      where.length === 1
        ? countVisibleProjects(ctx.core, viewer, cap)
        : where.length === 2 && scope.namespaceIds
          ? countVisibleProjectsIn(ctx.core, viewer, scope.namespaceIds, cap)
          : where.length === 2 && members !== undefined
            ? // The viewer's projects are all visible to them: their count is the total.
              Math.min(members, cap)
            : (ctx.core.db.prepare(cappedCount(base, cap)).get(args) as { n: number }).n;
    const window = (limit: number, offset: number) =>
      rankedIds
        ? rankedIds.slice(offset, offset + limit)
        : starts
            .window(limit, offset, (seek, n) =>
              ctx.core.db
                .prepare(`${ctes}SELECT p.id, ${starts.keyColumns} FROM projects p WHERE ${condition}${seek.condition} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
                .all(Object.assign({}, args, seek.params, { limit: n, offset: seek.offset })) as { id: number }[],
            )
            .map((r) => r.id);
    return paginate(
      ctx,
      (cap) => (rankBy !== undefined ? countRanked(cap) : starts.count(cap, count)),
      (limit, offset) => {
        const ids = window(limit, offset);
        const texts = fragments.texts(textScope);
        for (const id of ids) {
          const text = texts.get(id);
          if (text !== undefined) page.set(id, text);
        }
        if (page.size < ids.length) {
          const missing = ids.filter((id) => !page.has(id));
          const rows = rowsInOrder<ProjectRow>(ctx.core.db, 'projects', missing);
          const presented = presentPage(rows);
          rows.forEach((row, i) => {
            const text = Buffer.from(JSON.stringify(presented[i]), 'utf8');
            page.set(row.id, text);
            fragments.add(texts, row.id, text);
          });
        }
        return ids;
      },
      OFFSET_PAGES,
    );
  });
  const ids = reply.body as number[];
  return jsonBytesReply(fragments.joined(textScope, ids, () => jsonArrayBytes(ids.map((id) => page.get(id) as Buffer))), reply.headers);
}
