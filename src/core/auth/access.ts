// Effective access levels: direct membership, inherited through ancestor groups, and the owner
// of a personal namespace. Expired memberships count for nothing.
import type { NamespaceRow, ProjectRow } from '../db/rows.js';
import type { CoreState } from '../state.js';
import { isoDate } from '../clock.js';
import { placeholders } from '../db/sql.js';

/** Ids of a namespace and all its ancestors, nearest first. */
export function ancestorIds(core: CoreState, namespaceId: number): number[] {
  const rows = core.db
    .prepare(
      `WITH RECURSIVE up(id, parent_id, depth) AS (
         SELECT id, parent_id, 0 FROM namespaces WHERE id = ?
         UNION ALL SELECT n.id, n.parent_id, up.depth + 1 FROM namespaces n JOIN up ON n.id = up.parent_id)
       SELECT id FROM up ORDER BY depth`,
    )
    .all(namespaceId) as { id: number }[];
  return rows.map((r) => r.id);
}

/** Ids of a namespace and all its descendants. */
export function descendantIds(core: CoreState, namespaceId: number): number[] {
  const rows = core.db
    .prepare(
      `WITH RECURSIVE down(id) AS (
         SELECT id FROM namespaces WHERE id = ?
         UNION ALL SELECT n.id FROM namespaces n JOIN down ON n.parent_id = down.id)
       SELECT id FROM down`,
    )
    .all(namespaceId) as { id: number }[];
  return rows.map((r) => r.id);
}

/** Membership of a group or one of its ancestors (no shares). */
function memberLevel(core: CoreState, userId: number, ids: readonly number[], today: string): number {
  const row = core.db
    .prepare(
      `SELECT MAX(access_level) AS level FROM members
       WHERE source_type = 'namespace' AND user_id = ? AND source_id IN (${placeholders(ids.length)})
         AND (expires_at IS NULL OR expires_at >= ?)`,
    )
    .get(userId, ...ids, today) as { level: number | null };
  return row.level ?? 0;
}

/**
 * A user's level in a group: their membership of it or an ancestor, or, where the group or an
 * ancestor is shared with another group, their membership there capped at the share's level.
 */
export function groupAccessLevel(core: CoreState, userId: number, group: Pick<NamespaceRow, 'id'>): number {
  const ids = ancestorIds(core, group.id);
  if (ids.length === 0) return 0;
  const today = isoDate(core.clock.now());
  let level = memberLevel(core, userId, ids, today);
  const links = core.db
    .prepare(
      `SELECT shared_with_group_id, group_access FROM group_group_links
       WHERE shared_group_id IN (${placeholders(ids.length)}) AND (expires_at IS NULL OR expires_at >= ?)`,
    )
    .all(...ids, today) as { shared_with_group_id: number; group_access: number }[];
  for (const link of links) {
    if (link.group_access <= level) continue;
    level = Math.max(level, Math.min(link.group_access, memberLevel(core, userId, ancestorIds(core, link.shared_with_group_id), today)));
  }
  return level;
}

export function projectAccessLevel(core: CoreState, userId: number, project: Pick<ProjectRow, 'id' | 'namespace_id'>): number {
  const today = isoDate(core.clock.now());
  const direct = core.db
    .prepare(
      `SELECT access_level FROM members WHERE source_type = 'project' AND source_id = ? AND user_id = ?
         AND (expires_at IS NULL OR expires_at >= ?)`,
    )
    .get(project.id, userId, today) as { access_level: number } | undefined;
  const ns = core.db.prepare('SELECT kind, owner_id FROM namespaces WHERE id = ?').get(project.namespace_id) as
    | Pick<NamespaceRow, 'kind' | 'owner_id'>
    | undefined;
  let inherited = 0;
  if (ns?.kind === 'user') inherited = ns.owner_id === userId ? 50 : 0;
  else if (ns) inherited = groupAccessLevel(core, userId, { id: project.namespace_id });
  let level = Math.max(direct?.access_level ?? 0, inherited);
  // A group the project is shared with gives its members (and whoever reaches the group through
  // its ancestors or a group share) their level there, capped at the share's.
  const links = core.db
    .prepare('SELECT group_id, group_access FROM project_group_links WHERE project_id = ? AND (expires_at IS NULL OR expires_at >= ?)')
    .all(project.id, today) as { group_id: number; group_access: number }[];
  for (const link of links) {
    if (link.group_access <= level) continue;
    level = Math.max(level, Math.min(link.group_access, groupAccessLevel(core, userId, { id: link.group_id })));
  }
  return level;
}
