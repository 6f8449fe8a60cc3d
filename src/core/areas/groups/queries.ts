// SQL for group lists: the groups a viewer may see (public; internal to signed-in non-external
// users; member groups and everything below them), the groups they belong to, and filters.
import type { UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { isoDate } from '../../clock.js';
import { likeContains } from '../../db/sql.js';

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

/** Bound with @uid and @today: member_up(id) = groups the user is a member of, and their ancestors. */
const MEMBER_UP_CTE = `
  member_up(id) AS (
    SELECT source_id FROM members
     WHERE source_type = 'namespace' AND user_id = @uid AND (expires_at IS NULL OR expires_at >= @today)
    UNION
    SELECT n.parent_id FROM namespaces n JOIN member_up u ON n.id = u.id WHERE n.parent_id IS NOT NULL
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
}

export interface GroupQuery {
  /** `SELECT g.* FROM namespaces g ... WHERE ...` without ORDER BY. */
  sql: string;
  args: Record<string, unknown>;
}

export function groupListQuery(core: CoreState, f: GroupFilter): GroupQuery {
  const args: Record<string, unknown> = { uid: f.viewer?.id ?? 0, today: isoDate(core.clock.now()), external: f.viewer?.external ?? 0 };
  const ctes: string[] = [MEMBER_TREE_CTE, MEMBER_UP_CTE];
  const where: string[] = ["g.kind = 'group'"];
  const admin = f.viewer?.is_admin === 1;
  // As the platform's groups finder: a member's groups, everything below them, and their
  // ancestors (a subgroup member lists the parent group too).
  const mine = '(g.id IN (SELECT id FROM member_tree) OR g.id IN (SELECT id FROM member_up))';
  if (!f.viewer) where.push("g.visibility = 'public'");
  else if (f.allAvailable && !admin) where.push(`(g.visibility = 'public' OR (g.visibility = 'internal' AND @external = 0) OR ${mine})`);
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
    ctes.push(`below(id) AS (SELECT id FROM namespaces WHERE parent_id = @root UNION ALL SELECT n.id FROM namespaces n JOIN below b ON n.parent_id = b.id)`);
    args.root = f.descendantsOf;
    where.push('g.id IN (SELECT id FROM below)');
  }
  if (f.search) {
    // The whole list matches full paths and full names (a parent's name finds its subgroups);
    // a list of one parent's subgroups matches their own names and paths.
    where.push(
      f.parentId === undefined
        ? "(lower(g.full_name) LIKE @search ESCAPE '\\' OR lower(g.full_path) LIKE @search ESCAPE '\\')"
        : "(lower(g.name) LIKE @search ESCAPE '\\' OR lower(g.path) LIKE @search ESCAPE '\\')",
    );
    args.search = likeContains(f.search.toLowerCase());
  }
  if (f.topLevelOnly) where.push('g.parent_id IS NULL');
  if (f.visibility) {
    where.push('g.visibility = @visibility');
    args.visibility = f.visibility;
  }
  if (f.skipGroups && f.skipGroups.length > 0) where.push(`g.id NOT IN (${f.skipGroups.map((id) => Number(id)).join(',')})`);
  return { sql: `WITH RECURSIVE ${ctes.join(',')} SELECT g.* FROM namespaces g WHERE ${where.join(' AND ')}`, args };
}
