// Effective access levels: direct membership, inherited through ancestor groups, shares with
// other groups (capped at the share's level), and the owner of a personal namespace. Expired
// memberships and shares count for nothing. The member lists (members/all) read the same
// sources, so a listed level is the level the user holds.
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

/**
 * A place whose memberships give access to a group or project, and the level those memberships
 * are capped at (null: not capped; a share caps its members at the share's level).
 */
export interface AccessSource {
  type: 'project' | 'namespace';
  id: number;
  cap: number | null;
}

/** The key that names a source (or a membership's source) in maps of sources. */
export const sourceKeyOf = (type: string, id: number): string => `${type}:${id}`;

/** A membership's level as a source gives it: at most the source's cap. */
export const cappedLevel = (level: number, cap: number | null): number => (cap === null ? level : Math.min(level, cap));

const lowerCap = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.min(a, b));
const higherCap = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : Math.max(a, b));

/** One entry per place, where it first comes (the nearest), at the highest cap it comes with. */
function mergeSources(sources: AccessSource[]): AccessSource[] {
  const byKey = new Map<string, AccessSource>();
  for (const s of sources) {
    const key = sourceKeyOf(s.type, s.id);
    const seen = byKey.get(key);
    if (seen) seen.cap = higherCap(seen.cap, s.cap);
    else byKey.set(key, { ...s });
  }
  return [...byKey.values()];
}

/**
 * Where a user's level in a group comes from, nearest first: the group and its ancestors, then
 * each group that it or an ancestor is shared with (unexpired), with that group's ancestors,
 * capped at the share's level. A share is not passed on through another share.
 */
function groupSources(core: CoreState, groupId: number, today: string): AccessSource[] {
  const ids = ancestorIds(core, groupId);
  if (ids.length === 0) return [];
  const sources: AccessSource[] = ids.map((id) => ({ type: 'namespace', id, cap: null }));
  const links = core.db
    .prepare(
      `SELECT shared_with_group_id, group_access FROM group_group_links
       WHERE shared_group_id IN (${placeholders(ids.length)}) AND (expires_at IS NULL OR expires_at >= ?) ORDER BY id`,
    )
    .all(...ids, today) as { shared_with_group_id: number; group_access: number }[];
  for (const link of links) {
    for (const id of ancestorIds(core, link.shared_with_group_id)) sources.push({ type: 'namespace', id, cap: link.group_access });
  }
  return sources;
}

export function groupAccessSources(core: CoreState, group: Pick<NamespaceRow, 'id'>, today: string): AccessSource[] {
  return mergeSources(groupSources(core, group.id, today));
}

/**
 * Where a user's level in a project comes from, nearest first: the project, the sources of its
 * group, then for each unexpired project share the sources of the invited group (whoever reaches
 * it through its ancestors or a group share), capped at the share's level. The holder of a
 * personal namespace is not a source: they hold Owner through the namespace (projectAccessLevel),
 * as the platform's project authorizations give the owner of personal projects. Their Owner
 * membership of the project, which cannot be changed or removed (members/service.ts), is what
 * the member lists show for it.
 */
function projectSources(core: CoreState, project: Pick<ProjectRow, 'id'>, ns: Pick<NamespaceRow, 'id' | 'kind'> | undefined, today: string): AccessSource[] {
  const sources: AccessSource[] = [{ type: 'project', id: project.id, cap: null }];
  if (ns?.kind === 'group') sources.push(...groupSources(core, ns.id, today));
  const links = core.db
    .prepare('SELECT group_id, group_access FROM project_group_links WHERE project_id = ? AND (expires_at IS NULL OR expires_at >= ?) ORDER BY id')
    .all(project.id, today) as { group_id: number; group_access: number }[];
  for (const link of links) {
    for (const s of groupSources(core, link.group_id, today)) sources.push({ ...s, cap: lowerCap(s.cap, link.group_access) });
  }
  return mergeSources(sources);
}

export function projectAccessSources(core: CoreState, project: Pick<ProjectRow, 'id' | 'namespace_id'>, today: string): AccessSource[] {
  const ns = core.db.prepare('SELECT id, kind FROM namespaces WHERE id = ?').get(project.namespace_id) as Pick<NamespaceRow, 'id' | 'kind'> | undefined;
  return projectSources(core, project, ns, today);
}

/** A membership as a list of sources gives it: its level capped at its source's cap, and where its source comes (0: the nearest). */
export interface SourcedMembership {
  /** The membership's row id, where several users were read (the one-user read leaves it out). */
  id: number | undefined;
  user_id: number;
  source_type: 'project' | 'namespace';
  source_id: number;
  access_level: number;
  depth: number;
}

/** A membership's index entry; `id` and `user_id` only where several users are read. */
interface MembershipEntry {
  id?: number;
  user_id?: number;
  source_type: 'project' | 'namespace';
  source_id: number;
  access_level: number;
}

/**
 * The unexpired memberships of the given users among the sources, as index entries: the one read
 * behind both the access check (levelThrough, one user) and the member lists
 * (membershipsThrough, a page of users or one), so a listed level is the level the check gives.
 * The statement differs by the number of users because SQLite plans them differently: for one
 * user, `user_id = ?` lets it seek each source in the (user, source, level, expiry) covering
 * index, where `IN (?)` reads every membership the user holds (thousands for a busy user); for
 * several, a (source, user) pair each is one seek of the unique index, and the expiry test is
 * kept off the indexes (`+expires_at`), or the planner prefers the expiry index and reads every
 * membership of each source. The one-user statement reads no more columns than the check needs:
 * selecting the row id as well made the check's query 6% slower (1.5 µs of 26); a list finds
 * that one row by its unique key instead, and a page's rows by their ids.
 */
function membershipEntries(core: CoreState, userIds: readonly number[], sources: readonly AccessSource[], today: string): MembershipEntry[] {
  if (userIds.length === 0 || sources.length === 0) return [];
  if (userIds.length === 1) {
    const groups = sources.filter((s) => s.type === 'namespace').map((s) => s.id);
    const projects = sources.filter((s) => s.type === 'project').map((s) => s.id);
    const inSources = [
      ...(groups.length > 0 ? [`(source_type = 'namespace' AND source_id IN (${placeholders(groups.length)}))`] : []),
      ...(projects.length > 0 ? [`(source_type = 'project' AND source_id IN (${placeholders(projects.length)}))`] : []),
    ].join(' OR ');
    return core.db
      .prepare(`SELECT source_type, source_id, access_level FROM members WHERE user_id = ? AND (${inSources}) AND (expires_at IS NULL OR expires_at >= ?)`)
      .all(userIds[0], ...groups, ...projects, today) as MembershipEntry[];
  }
  const inSources = sources.map(() => '(source_type = ? AND source_id = ?)').join(' OR ');
  return core.db
    .prepare(
      `SELECT id, user_id, source_type, source_id, access_level FROM members
       WHERE user_id IN (${placeholders(userIds.length)}) AND (${inSources}) AND (+expires_at IS NULL OR +expires_at >= ?)`,
    )
    .all(...userIds, ...sources.flatMap((s) => [s.type, s.id]), today) as MembershipEntry[];
}

/** The unexpired memberships of the given users among the sources, each at the level its source gives. */
export function membershipsThrough(core: CoreState, userIds: readonly number[], sources: readonly AccessSource[], today: string): SourcedMembership[] {
  const at = new Map(sources.map((s, depth) => [sourceKeyOf(s.type, s.id), { depth, cap: s.cap }]));
  const only = userIds.length === 1 ? (userIds[0] as number) : undefined;
  return membershipEntries(core, userIds, sources, today).flatMap((r) => {
    const source = at.get(sourceKeyOf(r.source_type, r.source_id));
    if (!source) return [];
    const userId = (r.user_id ?? only) as number;
    return [{ id: r.id, user_id: userId, source_type: r.source_type, source_id: r.source_id, access_level: cappedLevel(r.access_level, source.cap), depth: source.depth }];
  });
}

/** A user's highest unexpired membership among the sources, each capped at its source's cap. */
export function levelThrough(core: CoreState, userId: number, sources: readonly AccessSource[], today: string): number {
  const rows = membershipEntries(core, [userId], sources, today);
  if (rows.length === 0) return 0;
  const caps = new Map(sources.map((s) => [sourceKeyOf(s.type, s.id), s.cap]));
  let level = 0;
  for (const r of rows) level = Math.max(level, cappedLevel(r.access_level, caps.get(sourceKeyOf(r.source_type, r.source_id)) ?? null));
  return level;
}

/**
 * A user's level in a group: their membership of it or an ancestor, or, where the group or an
 * ancestor is shared with another group, their membership there capped at the share's level.
 */
export function groupAccessLevel(core: CoreState, userId: number, group: Pick<NamespaceRow, 'id'>): number {
  const today = isoDate(core.clock.now());
  return levelThrough(core, userId, groupAccessSources(core, group, today), today);
}

export function projectAccessLevel(core: CoreState, userId: number, project: Pick<ProjectRow, 'id' | 'namespace_id'>): number {
  const today = isoDate(core.clock.now());
  const ns = core.db.prepare('SELECT id, kind, owner_id FROM namespaces WHERE id = ?').get(project.namespace_id) as
    | Pick<NamespaceRow, 'id' | 'kind' | 'owner_id'>
    | undefined;
  const owner = ns?.kind === 'user' && ns.owner_id === userId ? 50 : 0;
  return Math.max(owner, levelThrough(core, userId, projectSources(core, project, ns, today), today));
}
