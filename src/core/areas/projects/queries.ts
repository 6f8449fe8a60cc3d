// SQL for project lists: which projects a viewer may see, and which they are authorized on
// (with their effective level: personal namespace, group membership inherited down the
// hierarchy, or direct project membership).
import type { NamespaceRow, ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { isoDate } from '../../clock.js';
import { keptCount } from '../../db/list-counts.js';
import { namedList } from '../../db/sql.js';

/**
 * Common table expressions, bound with @uid and @today: `group_member(id, level)` — groups the
 * user is a member of, and their descendants; `group_shared(id, level)` — groups (and their
 * descendants) shared with one of those, at the lower of the share's and the member's level (a
 * share is not passed on through another share, as on the platform); `group_access(id, level)`
 * — namespaces the user reaches through either, or owns as a personal namespace;
 * `project_shared(id, level)` — projects shared with a group the user reaches, at the lower of
 * the project share's and the user's level in that group; `authorized(id, level)` — projects
 * the user is authorized on.
 */
export const ACCESS_CTES = `
  group_member(id, level) AS (
    SELECT source_id, access_level FROM members
     WHERE source_type = 'namespace' AND user_id = @uid AND (expires_at IS NULL OR expires_at >= @today)
    UNION ALL
    SELECT n.id, gm.level FROM namespaces n JOIN group_member gm ON n.parent_id = gm.id
  ),
  group_shared(id, level) AS (
    SELECT l.shared_group_id, MIN(l.group_access, gm.level) FROM group_group_links l JOIN group_member gm ON gm.id = l.shared_with_group_id
     WHERE l.expires_at IS NULL OR l.expires_at >= @today
    UNION ALL
    SELECT n.id, gs.level FROM namespaces n JOIN group_shared gs ON n.parent_id = gs.id
  ),
  group_access(id, level) AS (
    SELECT id, MAX(level) FROM (SELECT id, level FROM group_member UNION ALL SELECT id, level FROM group_shared) GROUP BY id
    UNION ALL
    SELECT id, 50 FROM namespaces WHERE kind = 'user' AND owner_id = @uid
  ),
  project_shared(id, level) AS (
    SELECT l.project_id, MIN(l.group_access, ga.level) FROM group_access ga JOIN project_group_links l ON l.group_id = ga.id
     WHERE l.expires_at IS NULL OR l.expires_at >= @today
  ),
  authorized(id, level) AS (
    SELECT id, MAX(level) FROM (
      SELECT p.id AS id, ga.level AS level FROM group_access ga JOIN projects p ON p.namespace_id = ga.id
      UNION ALL
      SELECT id, level FROM project_shared
      UNION ALL
      SELECT source_id, access_level FROM members
       WHERE source_type = 'project' AND user_id = @uid AND (expires_at IS NULL OR expires_at >= @today)
    ) GROUP BY id
  )`;

/** Bound with @uid and @today: the projects the viewer is a direct member of. */
const DIRECT_PROJECTS = `SELECT source_id FROM members
     WHERE source_type = 'project' AND user_id = @uid AND (expires_at IS NULL OR expires_at >= @today)`;

/** "the viewer reaches p through a group, their personal namespace, a direct membership or a project share" (needs ACCESS_CTES). */
const VIEWER_PRIVATE_REACH = `(+p.namespace_id IN (SELECT id FROM group_access) OR +p.id IN (${DIRECT_PROJECTS}) OR +p.id IN (SELECT id FROM project_shared))`;

/**
 * How many projects the viewer sees with no filter, counting at most `cap`: the kept counts per
 * visibility, plus the private projects the viewer reaches (read through the namespaces they
 * reach and their direct memberships, and only when the public ones leave room under the cap).
 */
export function countVisibleProjects(core: CoreState, viewer: UserRow | null, cap: number): number {
  const kept = Object.fromEntries(
    (core.db.prepare('SELECT visibility, n FROM project_counts').all() as { visibility: string; n: number }[]).map((r) => [r.visibility, r.n]),
  ) as Record<string, number>;
  const at = (v: string) => kept[v] ?? 0;
  if (viewer?.is_admin === 1) return Math.min(cap, at('public') + at('internal') + at('private'));
  let total = at('public') + (viewer && viewer.external === 0 ? at('internal') : 0);
  if (!viewer || total >= cap) return Math.min(total, cap);
  const reach = `WITH RECURSIVE ${ACCESS_CTES} SELECT p.id FROM projects p WHERE p.visibility = 'private'
    AND (p.namespace_id IN (SELECT id FROM group_access) OR p.id IN (${DIRECT_PROJECTS}) OR p.id IN (SELECT id FROM project_shared))`;
  // The rest of the cap is bound, not written: the kept counts change with every project made.
  total += (core.db.prepare(`SELECT COUNT(*) AS n FROM (${reach} LIMIT @remaining)`).get({ ...viewerBinding(core, viewer), remaining: cap - total }) as { n: number }).n;
  return Math.min(total, cap);
}

/**
 * How many projects directly in `namespaceIds` the viewer sees with no other filter, counting
 * at most `cap`: the kept counts per namespace and visibility, plus the hidden ones the viewer
 * reaches (read only when the open ones leave room under the cap).
 */
export function countVisibleProjectsIn(core: CoreState, viewer: UserRow | null, namespaceIds: readonly number[], cap: number): number {
  const all = ['private', 'internal', 'public'];
  const open = !viewer ? ['public'] : viewer.is_admin === 1 ? all : viewer.external ? ['public'] : ['public', 'internal'];
  let total = keptCount(core.db, 'ns_projects', namespaceIds, cap, open);
  const hidden = all.filter((v) => !open.includes(v));
  if (!viewer || hidden.length === 0 || total >= cap || namespaceIds.length === 0) return Math.min(total, cap);
  // Read from what the viewer reaches (those of the namespaces they reach, then their direct
  // memberships elsewhere, then the projects shared with them elsewhere), not by testing every
  // hidden project of the namespaces; UNION ALL of disjoint parts lets the LIMIT stop the count early.
  const { sql: ns, args: nsArgs } = namedList('ns', namespaceIds.map(Number));
  const shown = `+p.visibility IN (${hidden.map((v) => `'${v}'`).join(', ')})`;
  const reach = `WITH RECURSIVE ${ACCESS_CTES}
    SELECT p.id FROM projects p WHERE p.namespace_id IN (SELECT id FROM group_access WHERE id IN (${ns})) AND ${shown}
    UNION ALL
    SELECT p.id FROM projects p WHERE p.id IN (${DIRECT_PROJECTS})
      AND p.namespace_id IN (${ns}) AND +p.namespace_id NOT IN (SELECT id FROM group_access) AND ${shown}
    UNION ALL
    SELECT p.id FROM projects p WHERE p.id IN (SELECT id FROM project_shared) AND +p.id NOT IN (${DIRECT_PROJECTS})
      AND p.namespace_id IN (${ns}) AND +p.namespace_id NOT IN (SELECT id FROM group_access) AND ${shown}`;
  total += (core.db.prepare(`SELECT COUNT(*) AS n FROM (${reach} LIMIT @remaining)`).get({ ...viewerBinding(core, viewer), ...nsArgs, remaining: cap - total }) as { n: number }).n;
  return Math.min(total, cap);
}

/** Bound with @uid, @today and @min (needs ACCESS_CTES): the namespaces whose projects the viewer holds @min or more in. */
const MEMBER_NAMESPACES = 'SELECT id FROM group_access WHERE level >= @min';
/** Bound likewise: the projects the viewer is a direct member of with @min or more. */
const MEMBER_DIRECT = `SELECT source_id FROM members
     WHERE source_type = 'project' AND user_id = @uid AND access_level >= @min AND (expires_at IS NULL OR expires_at >= @today)`;
/** Bound likewise: the projects shared with a group the viewer reaches, at @min or more. */
const MEMBER_SHARED = 'SELECT id FROM project_shared WHERE level >= @min';

/**
 * "The viewer is authorized on p with @min or more" (membership=true is @min 0), as the
 * `authorized` CTE says but without building it: its level is the greatest of the group's, the
 * direct membership's and the project shares', so one of them reaches @min. `drive` reads the matching projects first
 * (few of them) and sorts them; otherwise the list is read along its order's index and each row
 * tested (the unary `+` keeps SQLite from doing the first), which stops as soon as a page is full
 * when most projects match.
 */
export function memberProjectCondition(drive: boolean): string {
  return drive
    ? `p.id IN (SELECT id FROM projects WHERE namespace_id IN (${MEMBER_NAMESPACES}) UNION ALL ${MEMBER_DIRECT} UNION ALL ${MEMBER_SHARED})`
    : `(+p.namespace_id IN (${MEMBER_NAMESPACES}) OR +p.id IN (${MEMBER_DIRECT}) OR +p.id IN (${MEMBER_SHARED}))`;
}

/**
 * How many projects the viewer is authorized on with @min or more, without reading them: the
 * kept counts of the namespaces they reach, plus their direct memberships of projects elsewhere,
 * plus the projects shared with them elsewhere. Beside it, how many projects there are.
 */
export function memberProjectCount(core: CoreState, viewer: UserRow, min: number): { members: number; all: number } {
  const row = core.db
    .prepare(
      `WITH RECURSIVE ${ACCESS_CTES}
       SELECT (SELECT COALESCE(SUM(n), 0) FROM list_counts WHERE list = 'ns_projects' AND owner_id IN (${MEMBER_NAMESPACES}))
            + (SELECT COUNT(*) FROM projects p WHERE p.id IN (${MEMBER_DIRECT}) AND p.namespace_id NOT IN (${MEMBER_NAMESPACES}))
            + (SELECT COUNT(*) FROM projects p WHERE p.id IN (${MEMBER_SHARED}) AND p.id NOT IN (${MEMBER_DIRECT}) AND p.namespace_id NOT IN (${MEMBER_NAMESPACES})) AS members,
              (SELECT COALESCE(SUM(n), 0) FROM project_counts) AS "all"`,
    )
    .get(Object.assign({}, viewerBinding(core, viewer), { min })) as { members: number; all: number };
  return row;
}

export interface ViewerBinding {
  uid: number;
  today: string;
  external: number;
}

/** `now`: the request's time where there is a request (ctx.now()). */
export const viewerBinding = (core: CoreState, viewer: UserRow | null, now: Date = core.clock.now()): ViewerBinding => ({
  uid: viewer?.id ?? 0,
  today: isoDate(now),
  external: viewer?.external ?? 0,
});

/** The condition "p is visible to the viewer" (needs ACCESS_CTES when the viewer is a non-admin user). */
export function visibleProjectCondition(viewer: UserRow | null): string {
  if (!viewer) return "p.visibility = 'public'";
  if (viewer.is_admin === 1) return '1 = 1';
  // The unary `+` keeps SQLite from answering this OR through several indexes and sorting the
  // union: the list is read along its order's index and each row tested here, against the
  // (small) set of namespaces the viewer reaches and projects they are a direct member of.
  return `(+p.visibility = 'public' OR (+p.visibility = 'internal' AND @external = 0) OR ${VIEWER_PRIVATE_REACH})`;
}

const namespaceStmt = new WeakMap<CoreState, (id: number) => NamespaceRow | undefined>();

/** Namespace by id (prepared once per core). */
export function namespaceById(core: CoreState, id: number): NamespaceRow | undefined {
  let get = namespaceStmt.get(core);
  if (!get) {
    const stmt = core.db.prepare('SELECT * FROM namespaces WHERE id = ?');
    get = (nid: number) => stmt.get(nid) as NamespaceRow | undefined;
    namespaceStmt.set(core, get);
  }
  return get(id);
}

export const projectById = (core: CoreState, id: number): ProjectRow | undefined =>
  core.db.prepare('SELECT * FROM projects WHERE id = ?').get(id) as ProjectRow | undefined;
