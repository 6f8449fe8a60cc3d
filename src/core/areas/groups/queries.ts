// SQL for group lists: the groups a viewer may see (public; internal to signed-in non-external
// users; member groups and everything below them), the groups they belong to, and filters.
import type { UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { isoDate } from '../../clock.js';
import { namedArgs, namedList, patternSearch } from '../../db/sql.js';
import { keptCount } from '../../db/list-counts.js';

/** Bound with @uid and @today: member_tree(id) = groups the user is a member of, and their descendants. */
export const MEMBER_TREE_CTE = `
  member_tree(id) AS (
    SELECT source_id FROM members
     WHERE source_type = 'namespace' AND user_id = @uid AND (expires_at IS NULL OR expires_at >= @today)
    UNION
    SELECT n.id FROM namespaces n JOIN member_tree t ON n.parent_id = t.id
  )`;

/** Bound with @uid, @today and @min: min_tree(id) = groups with a membership of at least @min, and their descendants. */
export const MIN_TREE_CTE = `
  min_tree(id) AS (
    SELECT source_id FROM members
     WHERE source_type = 'namespace' AND user_id = @uid AND access_level >= @min AND (expires_at IS NULL OR expires_at >= @today)
    UNION
    SELECT n.id FROM namespaces n JOIN min_tree t ON n.parent_id = t.id
  )`;

/**
 * Bound with @uid and @today (needs member_tree): authorized_up(id) = the platform's authorized
 * groups and their ancestors. Authorized are the groups the user is a member of, the groups
 * shared with those (or with their subgroups), and the groups holding projects the user is a
 * member of or that are shared with one of those groups.
 */
const AUTHORIZED_UP_CTE = `
  shared_in(id) AS (
    SELECT l.shared_group_id FROM group_group_links l
     WHERE l.shared_with_group_id IN (SELECT id FROM member_tree) AND (l.expires_at IS NULL OR l.expires_at >= @today)
  ),
  authorized_up(id) AS (
    SELECT source_id FROM members
     WHERE source_type = 'namespace' AND user_id = @uid AND (expires_at IS NULL OR expires_at >= @today)
    UNION
    SELECT id FROM shared_in
    UNION
    SELECT p.namespace_id FROM projects p WHERE p.id IN (SELECT source_id FROM members
     WHERE source_type = 'project' AND user_id = @uid AND (expires_at IS NULL OR expires_at >= @today))
    UNION
    SELECT p.namespace_id FROM project_group_links l JOIN projects p ON p.id = l.project_id
     WHERE (l.group_id IN (SELECT id FROM member_tree) OR l.group_id IN (SELECT id FROM shared_in)) AND (l.expires_at IS NULL OR l.expires_at >= @today)
    UNION
    SELECT n.parent_id FROM namespaces n JOIN authorized_up u ON n.id = u.id WHERE n.parent_id IS NOT NULL
  )`;

export interface GroupFilter {
  viewer: UserRow | null;
  /** Include public (and, signed in, internal) groups besides member groups. */
  allAvailable: boolean;
  parentId?: number;
  /** Restrict to descendants of this group (excluding it). */
  descendantsOf?: number;
  search?: string;
  owned?: boolean;
  minAccessLevel?: number;
  topLevelOnly?: boolean;
  skipGroups?: number[];
  visibility?: string;
  /** See descendantsOf: read the list along its order instead of the subtree's range. */
  walkOrder?: boolean;
}

export interface GroupQuery {
  /** `SELECT g.* FROM namespaces g ... WHERE ...` without ORDER BY. */
  sql: string;
  args: Record<string, unknown>;
}

/**
 * The groups a user reaches as the platform's groups finder counts them: the groups they are a
 * member of and everything below, and the authorized groups (member groups, groups shared with
 * them, groups of the projects they reach) with their ancestors (a subgroup member lists the
 * parent too). Read on its own, once per list: as a subquery of the list statement SQLite
 * merged the recursive sets again for every statement that tested them (count and page), which
 * cost more than the rest of a searched list.
 */
export function viewerGroupIds(core: CoreState, uid: number, today: string): number[] {
  const rows = core.db
    .prepare(`WITH RECURSIVE ${MEMBER_TREE_CTE}, ${AUTHORIZED_UP_CTE} SELECT id FROM member_tree UNION SELECT id FROM authorized_up`)
    .all({ uid, today }) as { id: number }[];
  return rows.map((r) => r.id);
}

export function groupListQuery(core: CoreState, f: GroupFilter): GroupQuery {
  const args: Record<string, unknown> = { uid: f.viewer?.id ?? 0, today: isoDate(core.clock.now()), external: f.viewer?.external ?? 0 };
  const ctes: string[] = [];
  const where: string[] = ["g.kind = 'group'"];
  const admin = f.viewer?.is_admin === 1;
  // The viewer's groups (viewerGroupIds) as one bound set, so that a member's few groups are
  // looked up by id rather than found by reading every group; beside public and internal
  // groups, the unary `+` keeps SQLite reading the list along its order's index and testing
  // each row.
  const mine = 'g.id IN (SELECT value FROM json_each(@mine))';
  if (f.viewer && (!f.allAvailable || !admin)) args.mine = JSON.stringify(viewerGroupIds(core, f.viewer.id, args.today as string));
  if (!f.viewer) where.push("+g.visibility = 'public'");
  else if (f.allAvailable && !admin) where.push(`(+g.visibility = 'public' OR (+g.visibility = 'internal' AND @external = 0) OR ${mine})`);
  else if (!f.allAvailable) where.push(mine);
  if (f.owned) {
    where.push(
      "g.id IN (SELECT source_id FROM members WHERE source_type = 'namespace' AND user_id = @uid AND access_level = 50 AND (expires_at IS NULL OR expires_at >= @today))",
    );
  }
  if (f.minAccessLevel !== undefined) {
    ctes.push(MIN_TREE_CTE);
    args.min = f.minAccessLevel;
    where.push('g.id IN (SELECT id FROM min_tree)');
  }
  if (f.parentId !== undefined) {
    where.push('g.parent_id = @parent');
    args.parent = f.parentId;
  }
  if (f.descendantsOf !== undefined) {
    // Descendants are the groups whose full path continues the root's: a range of the full
    // path index ('0' follows '/'). `walkOrder` tests the range on each row instead, for a
    // subtree large enough that reading the order's index is cheaper than sorting the subtree.
    const root = core.db.prepare('SELECT full_path_lower FROM namespaces WHERE id = ?').get(f.descendantsOf) as { full_path_lower: string } | undefined;
    args.below_lo = `${root?.full_path_lower ?? '\u0000'}/`;
    args.below_hi = `${root?.full_path_lower ?? '\u0000'}0`;
    where.push(f.walkOrder ? '+g.full_path_lower > @below_lo AND +g.full_path_lower < @below_hi' : 'g.full_path_lower > @below_lo AND g.full_path_lower < @below_hi');
  }
  if (f.search) {
    // The whole list matches full paths and full names (a parent's name finds its subgroups);
    // a list of one parent's subgroups matches their own names and paths.
    const columns = f.parentId === undefined ? ['lower(g.full_name)', 'lower(g.full_path)'] : ['lower(g.name)', 'lower(g.path)'];
    const search = patternSearch(columns, f.search.toLowerCase(), { param: 'search' });
    // The trigram index (a term of three characters or more) finds the candidates among the
    // four fields; the pattern decides, as without it.
    if (search.index !== undefined) {
      // Not along the kind's index in the list's order (testing every group): from the matches.
      where[0] = "+g.kind = 'group'";
      where.push('g.id IN (SELECT rowid FROM groups_search WHERE groups_search MATCH @phrase)');
      args.phrase = search.index;
    }
    where.push(search.sql);
    Object.assign(args, namedArgs('search', search.args));
  }
  if (f.topLevelOnly) where.push('g.parent_id IS NULL');
  if (f.visibility) {
    where.push('g.visibility = @visibility');
    args.visibility = f.visibility;
  }
  if (f.skipGroups && f.skipGroups.length > 0) {
    const skipped = namedList('skip', f.skipGroups.map(Number));
    where.push(`g.id NOT IN (${skipped.sql})`);
    Object.assign(args, skipped.args);
  }
  return { sql: `${ctes.length > 0 ? `WITH RECURSIVE ${ctes.join(',')} ` : ''}SELECT g.* FROM namespaces g WHERE ${where.join(' AND ')}`, args };
}

const VISIBILITIES = ['private', 'internal', 'public'];

/**
 * The total of a group list with no filter but visibility, from the trigger-kept counts per
 * visibility (all groups, or one parent's subgroups), plus the hidden groups the viewer belongs
 * to (looked up only when the visible ones leave room under the cap). Undefined when the list
 * has to be counted row by row.
 */
export function keptGroupCount(core: CoreState, f: GroupFilter, cap: number): number | undefined {
  if (f.search || f.owned || f.minAccessLevel !== undefined || f.topLevelOnly || (f.skipGroups && f.skipGroups.length > 0) || f.descendantsOf !== undefined) return undefined;
  const viewer = f.viewer;
  const admin = viewer?.is_admin === 1;
  if (viewer && !f.allAvailable) return undefined;
  const list = f.parentId !== undefined ? 'subgroups' : 'groups';
  const owner = f.parentId ?? 0;
  const wanted = (v: string) => !f.visibility || v === f.visibility;
  const open = !viewer ? ['public'] : admin ? VISIBILITIES : viewer.external ? ['public'] : ['public', 'internal'];
  let total = keptCount(core.db, list, [owner], cap, open.filter(wanted));
  const hidden = VISIBILITIES.filter((v) => !open.includes(v) && wanted(v));
  if (!viewer || admin || hidden.length === 0 || total >= cap) return Math.min(total, cap);
  const args: Record<string, unknown> = { uid: viewer.id, today: isoDate(core.clock.now()) };
  if (f.parentId !== undefined) args.parent = f.parentId;
  const sql = `WITH RECURSIVE ${MEMBER_TREE_CTE}, ${AUTHORIZED_UP_CTE} SELECT g.id FROM namespaces g
    WHERE g.id IN (SELECT id FROM member_tree UNION SELECT id FROM authorized_up) AND g.kind = 'group'
      AND g.visibility IN (${hidden.map((v) => `'${v}'`).join(', ')})${f.parentId !== undefined ? ' AND g.parent_id = @parent' : ''}`;
  total += (core.db.prepare(`SELECT COUNT(*) AS n FROM (${sql} LIMIT @remaining)`).get({ ...args, remaining: cap - total }) as { n: number }).n;
  return Math.min(total, cap);
}

/** How many groups lie below `root` (at most `cap`), from the trigger-kept count. */
export function descendantCount(core: CoreState, root: number, cap: number): number {
  return keptCount(core.db, 'descendants', [root], cap);
}
