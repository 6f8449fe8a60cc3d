// Who is a member of a project or group: direct rows, and the members inherited from the
// ancestor groups (a user's highest level wins; among equals, the nearest source).
import type { MemberRow, NamespaceRow, ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { ancestorIds } from '../../auth/access.js';
import { isoDate } from '../../clock.js';
import { placeholders } from '../../db/sql.js';

export type Source = { type: 'project'; project: ProjectRow } | { type: 'namespace'; group: NamespaceRow };

export const sourceId = (s: Source): number => (s.type === 'project' ? s.project.id : s.group.id);

export type MemberWithUser = MemberRow & { user: UserRow };

/** Ids of the groups a source inherits members from, nearest first (not the source itself). */
export function inheritedFrom(core: CoreState, s: Source): number[] {
  if (s.type === 'namespace') return ancestorIds(core, s.group.id).slice(1);
  const ns = core.db.prepare('SELECT kind FROM namespaces WHERE id = ?').get(s.project.namespace_id) as { kind: string } | undefined;
  return ns?.kind === 'group' ? ancestorIds(core, s.project.namespace_id) : [];
}

export function directMember(core: CoreState, s: Source, userId: number): MemberRow | undefined {
  return core.db.prepare('SELECT * FROM members WHERE source_type = ? AND source_id = ? AND user_id = ?').get(s.type, sourceId(s), userId) as
    | MemberRow
    | undefined;
}

function withUsers(core: CoreState, rows: MemberRow[]): MemberWithUser[] {
  const stmt = core.db.prepare('SELECT * FROM users WHERE id = ?');
  return rows.flatMap((m) => {
    const user = stmt.get(m.user_id) as UserRow | undefined;
    return user ? [{ ...m, user }] : [];
  });
}

/** Direct members, and (with `inherited`) those of ancestor groups, one row per user. Expired ones are left out. */
export function membersOf(core: CoreState, s: Source, inherited: boolean): MemberWithUser[] {
  const today = isoDate(core.clock.now());
  const direct = core.db
    .prepare('SELECT * FROM members WHERE source_type = ? AND source_id = ? AND (expires_at IS NULL OR expires_at >= ?) ORDER BY id')
    .all(s.type, sourceId(s), today) as MemberRow[];
  if (!inherited) return withUsers(core, direct);
  const groups = inheritedFrom(core, s);
  const best = new Map<number, { row: MemberRow; depth: number }>();
  const consider = (row: MemberRow, depth: number) => {
    const seen = best.get(row.user_id);
    if (!seen || row.access_level > seen.row.access_level || (row.access_level === seen.row.access_level && depth < seen.depth)) best.set(row.user_id, { row, depth });
  };
  direct.forEach((r) => consider(r, 0));
  const stmt = core.db.prepare(
    "SELECT * FROM members WHERE source_type = 'namespace' AND source_id = ? AND (expires_at IS NULL OR expires_at >= ?) ORDER BY id",
  );
  groups.forEach((gid, i) => (stmt.all(gid, today) as MemberRow[]).forEach((r) => consider(r, i + 1)));
  const rows = [...best.values()].map((b) => b.row).sort((a, b) => a.user_id - b.user_id);
  return withUsers(core, rows);
}

/** The highest membership a user holds in the groups the source inherits from. */
export function highestInherited(core: CoreState, s: Source, userId: number): { level: number; groupName: string } | null {
  const today = isoDate(core.clock.now());
  let found: { level: number; groupName: string } | null = null;
  for (const gid of inheritedFrom(core, s)) {
    const row = core.db
      .prepare(
        `SELECT m.access_level, n.name FROM members m JOIN namespaces n ON n.id = m.source_id
         WHERE m.source_type = 'namespace' AND m.source_id = ? AND m.user_id = ? AND (m.expires_at IS NULL OR m.expires_at >= ?)`,
      )
      .get(gid, userId, today) as { access_level: number; name: string } | undefined;
    if (row && (!found || row.access_level > found.level)) found = { level: row.access_level, groupName: row.name };
  }
  return found;
}

/** Distinct users holding Owner in a group directly or through its ancestors. */
export function groupOwnerIds(core: CoreState, group: NamespaceRow): number[] {
  const ids = ancestorIds(core, group.id);
  const today = isoDate(core.clock.now());
  const rows = core.db
    .prepare(
      `SELECT DISTINCT user_id FROM members WHERE source_type = 'namespace' AND access_level = 50
         AND source_id IN (${placeholders(ids.length)}) AND (expires_at IS NULL OR expires_at >= ?)`,
    )
    .all(...ids, today) as { user_id: number }[];
  return rows.map((r) => r.user_id);
}
