// Namespaces: the user and group namespaces a caller may create projects in (administrators see
// all), one by id or full path, and whether a path is taken (with free alternatives), in the
// platform's Namespace shape.
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { cappedCount, paginate } from '../../http/pagination.js';
import { idParam, squishedSearchParam } from '../../http/params.js';
import type { NamespaceRow, UserRow } from '../../db/rows.js';
import { groupAccessLevel } from '../../auth/access.js';
import { isAdmin } from '../../auth/policy.js';
import { patternSearch } from '../../db/sql.js';
import { presentNamespaceBasic } from '../groups/present.js';
import type { CoreState } from '../../state.js';

function presentNamespace(core: CoreState, viewer: UserRow, ns: NamespaceRow) {
  const projects = (core.db.prepare('SELECT COUNT(*) AS n FROM projects WHERE namespace_id = ?').get(ns.id) as { n: number }).n;
  const group = ns.kind === 'group';
  const admin = group && (isAdmin(viewer) || groupAccessLevel(core, viewer.id, ns) >= 50);
  const members = admin
    ? (core.db.prepare("SELECT COUNT(DISTINCT user_id) AS n FROM members WHERE source_type = 'namespace' AND source_id IN (WITH RECURSIVE d(id) AS (SELECT ? UNION ALL SELECT n.id FROM namespaces n JOIN d ON n.parent_id = d.id) SELECT id FROM d)").get(ns.id) as { n: number }).n
    : undefined;
  return Object.assign(presentNamespaceBasic(core, ns), members !== undefined ? { members_count_with_descendants: members } : {}, {
    root_repository_size: 0,
    projects_count: projects,
    plan: core.settings.tier === 'free' ? 'free' : core.settings.tier,
    trial_ends_on: null,
    trial: false,
  });
}

/** What the caller sees: everything for administrators; else their own namespace and their groups. */
function visibleSql(viewer: UserRow, ownedOnly: boolean): { sql: string; args: unknown[] } {
  if (isAdmin(viewer)) return { sql: 'SELECT * FROM namespaces WHERE 1 = 1', args: [] };
  const level = ownedOnly ? 50 : 10;
  return {
    sql: `SELECT * FROM namespaces WHERE (owner_id = ? AND kind = 'user')
      OR id IN (SELECT source_id FROM members WHERE source_type = 'namespace' AND user_id = ? AND access_level >= ?)`,
    args: [viewer.id, viewer.id, level],
  };
}

function namespaceOf(ctx: RequestContext): NamespaceRow {
  const viewer = currentUser(ctx);
  const ref = ctx.params.id as string | number;
  const row = (
    typeof ref === 'number' || /^\d+$/.test(String(ref))
      ? ctx.core.db.prepare('SELECT * FROM namespaces WHERE id = ?').get(Number(ref))
      : ctx.core.db.prepare('SELECT * FROM namespaces WHERE full_path_lower = ?').get(String(ref).toLowerCase())
  ) as NamespaceRow | undefined;
  // A namespace the caller may not see is as absent as a missing one.
  if (!row) throw notFound('Namespace');
  if (!isAdmin(viewer)) {
    const { sql, args } = visibleSql(viewer, false);
    if (!ctx.core.db.prepare(`SELECT 1 FROM (${sql}) WHERE id = ?`).get(...args, row.id)) throw notFound('Namespace');
  }
  return row;
}

export const namespaceRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/namespaces',
    summary: 'The namespaces the caller may use (administrators: all)',
    paginated: true,
    params: [
      squishedSearchParam(),
      { name: 'owned_only', type: 'boolean', default: false },
      { name: 'top_level_only', type: 'boolean', default: false },
      { name: 'full_path_search', type: 'boolean', default: false },
    ],
    handler: (ctx) => {
      const viewer = currentUser(ctx);
      const p = ctx.params;
      const base = visibleSql(viewer, p.owned_only === true);
      const where: string[] = [];
      const args = [...base.args];
      if (p.top_level_only === true) where.push('parent_id IS NULL');
      if (typeof p.search === 'string' && p.search !== '') {
        const search = patternSearch(p.full_path_search === true ? ['full_path_lower'] : ['LOWER(name)', 'path'], p.search.toLowerCase());
        where.push(search.sql);
        args.push(...search.args);
      }
      const sql = `SELECT * FROM (${base.sql})${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
      return paginate(
        ctx,
        (cap) => (ctx.core.db.prepare(cappedCount(sql, cap)).get(...args) as { n: number }).n,
        (limit, offset) => (ctx.core.db.prepare(`${sql} ORDER BY id LIMIT ? OFFSET ?`).all(...args, limit, offset) as NamespaceRow[]).map((ns) => presentNamespace(ctx.core, viewer, ns)),
      );
    },
  },
  {
    method: 'GET',
    path: '/namespaces/:id',
    summary: 'A namespace by id or full path',
    params: [idParam],
    handler: (ctx) => presentNamespace(ctx.core, currentUser(ctx), namespaceOf(ctx)),
  },
  {
    method: 'GET',
    path: '/namespaces/:id/exists',
    summary: 'Whether a namespace path is taken (below parent_id, or at the top level), with free alternatives',
    params: [{ name: 'id', type: 'string', required: true }, { name: 'parent_id', type: 'integer' }],
    handler: (ctx) => {
      currentUser(ctx);
      const path = String(ctx.params.id);
      const parentId = (ctx.params.parent_id as number | undefined) ?? null;
      const parent = parentId === null ? null : (ctx.core.db.prepare('SELECT full_path FROM namespaces WHERE id = ?').get(parentId) as { full_path: string } | undefined);
      const prefix = parent ? `${parent.full_path}/` : '';
      const taken = (candidate: string) => !!ctx.core.db.prepare('SELECT 1 FROM namespaces WHERE full_path_lower = ?').get(`${prefix}${candidate}`.toLowerCase());
      const exists = taken(path);
      const suggests: string[] = [];
      if (exists) {
        for (let n = 1; suggests.length === 0 && n < 1000; n++) if (!taken(`${path}${n}`)) suggests.push(`${path}${n}`);
      }
      return { exists, suggests };
    },
  },
]);
