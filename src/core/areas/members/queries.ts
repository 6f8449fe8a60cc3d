// Who is a member of a project or group: direct rows, and for members/all every membership that
// gives access (auth/access.ts): the ancestor groups, and the groups the project or group (or an
// ancestor) is shared with, at most at the share's level. A user's highest level wins; among
// equals, the nearest source. The memberships come from the one read the access check makes
// (membershipsThrough in auth/access.ts).
import type { MemberRow, NamespaceRow, ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { ancestorIds, groupAccessSources, membershipsThrough, projectAccessSources, type AccessSource, type SourcedMembership } from '../../auth/access.js';
import { accessLevelOf, canSee, isAdmin } from '../../auth/policy.js';
import { isoDate } from '../../clock.js';
import { placeholders } from '../../db/sql.js';
import { userSearch } from '../users/user-search.js';
import { cappedCount } from '../../http/pagination.js';

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

/** The places a member list reads, nearest first; a shared group's memberships count up to `cap`. */
export type SourceKey = AccessSource;

/**
 * The sources of a list: the source itself, or with `inherited` every source that gives access
 * to it. The members of a group it is shared with are listed only to administrators, to members
 * of the project or group, and to whoever may see that group (platform: MembersFinder and
 * GroupMembersFinder, public_or_visible_to_user).
 */
export function memberSources(core: CoreState, s: Source, inherited: boolean, viewer: UserRow | null): SourceKey[] {
  if (!inherited) return [{ type: s.type, id: sourceId(s), cap: null }];
  const today = isoDate(core.clock.now());
  const all = s.type === 'project' ? projectAccessSources(core, s.project, today) : groupAccessSources(core, s.group, today);
  const shared = all.filter((k) => k.cap !== null).map((k) => k.id);
  if (shared.length === 0 || isAdmin(viewer)) return all;
  if (accessLevelOf(core, viewer, s.type === 'project' ? { project: s.project } : { group: s.group }) > 0) return all;
  const groups = core.db.prepare(`SELECT * FROM namespaces WHERE id IN (${placeholders(shared.length)})`).all(...shared) as NamespaceRow[];
  const seen = new Set(groups.filter((group) => canSee(core, viewer, { group })).map((g) => g.id));
  return all.filter((k) => k.cap === null || seen.has(k.id));
}

/** Filters of a member list, applied in SQL. */
export interface MemberFilter {
  /** User.search's term, as sent (`userSearch`). */
  query?: string;
  userIds?: number[];
  skipUsers?: number[];
}

/** `AND ...` conditions (on `m` and `u`) for a filter, and whether they need the users join. */
function filterSql(filter: MemberFilter): { sql: string; args: unknown[]; joinsUsers: boolean } {
  let sql = '';
  const args: unknown[] = [];
  if (filter.query) {
    // The members helper: User.search with public emails, short terms matching anywhere.
    const search = userSearch(filter.query, { prefix: 'u.', emails: 'public', partialShortTerms: true });
    sql += ` AND ${search.sql}`;
    args.push(...search.args);
  }
  if (filter.userIds) {
    sql += ` AND m.user_id IN (${placeholders(filter.userIds.length)})`;
    args.push(...filter.userIds);
  }
  if (filter.skipUsers && filter.skipUsers.length > 0) {
    sql += ` AND m.user_id NOT IN (${placeholders(filter.skipUsers.length)})`;
    args.push(...filter.skipUsers);
  }
  return { sql, args, joinsUsers: Boolean(filter.query) };
}

/**
 * The most users a query's trigram candidates may number for a list to be read from them. A
 * query's rows are otherwise read from the source's every membership (the LIKE on each
 * member's user): a cost that grows with the list even for a term only three members match
 * (130× from 100 to 100,000 members). From the candidates, each is one look-up of
 * (source, user), so a few thousand cost about what reading the memberships costs when the
 * matches are dense (a page then stops after its rows, a count after 10,001).
 */
const CANDIDATE_LIMIT = 2_000;

/**
 * The users_search query (migration 029) for the users whose username or name may match the
 * filter's `query`, when they number at most CANDIDATE_LIMIT and fewer than the sources'
 * memberships (a small list reads its own rows sooner than an instance's candidates);
 * undefined otherwise, or for no query or one shorter than a trigram. It must stay a superset
 * of what filterSql's condition matches (today the lower-cased query as one phrase, as that
 * condition is one LIKE of the whole query; a condition of several terms needs its terms'
 * phrases instead): the condition is kept on the rows read, so this only chooses which rows
 * are read, never which match. The test of this file checks both ways against the rows.
 */
export function queryCandidates(core: CoreState, keys: SourceKey[], filter: MemberFilter): string | undefined {
  if (!filter.query) return undefined;
  // The index query of the one search the rows are then matched with (filterSql): a superset of them.
  const phrase = userSearch(filter.query, { prefix: 'u.', emails: 'public', partialShortTerms: true }).index;
  if (phrase === undefined) return undefined;
  const kept = core.db.prepare('SELECT n FROM member_counts WHERE source_type = ? AND source_id = ?');
  const rows = keys.reduce((sum, key) => sum + ((kept.get(key.type, key.id) as { n: number } | undefined)?.n ?? 0), 0);
  const limit = Math.min(CANDIDATE_LIMIT, rows);
  const { n } = core.db.prepare(cappedCount('SELECT rowid FROM users_search WHERE users_search MATCH ?', limit + 1)).get(phrase) as { n: number };
  return n <= limit ? phrase : undefined;
}

const isUnfiltered = (f: MemberFilter): boolean => !f.query && !f.userIds && !(f.skipUsers && f.skipUsers.length > 0);

/**
 * Members of one source that count today (not expired), matching the filter: `FROM ... WHERE ...`.
 * With `candidates` (queryCandidates) the rows are those of the candidate users, each looked up
 * by (source, user) (CROSS JOIN keeps that order), instead of every membership of the source.
 */
function sourceRowsSql(key: SourceKey, today: string, filter: MemberFilter, candidates?: string): { sql: string; args: unknown[] } {
  const f = filterSql(filter);
  if (candidates !== undefined) {
    return {
      sql: `FROM users_search s CROSS JOIN members m ON m.source_type = ? AND m.source_id = ? AND m.user_id = s.rowid JOIN users u ON u.id = m.user_id
        WHERE users_search MATCH ? AND (m.expires_at IS NULL OR m.expires_at >= ?)${f.sql}`,
      args: [key.type, key.id, candidates, today, ...f.args],
    };
  }
  const join = f.joinsUsers ? ' JOIN users u ON u.id = m.user_id' : '';
  return {
    sql: `FROM members m${join} WHERE m.source_type = ? AND m.source_id = ? AND (m.expires_at IS NULL OR m.expires_at >= ?)${f.sql}`,
    args: [key.type, key.id, today, ...f.args],
  };
}

/** Unexpired members of one source, from the trigger-kept count less the expired rows (an index range). */
function unexpiredCount(core: CoreState, key: SourceKey, today: string): number {
  const kept = core.db.prepare('SELECT n FROM member_counts WHERE source_type = ? AND source_id = ?').get(key.type, key.id) as { n: number } | undefined;
  if (!kept) return 0;
  const expired = core.db
    .prepare('SELECT COUNT(*) AS n FROM members WHERE source_type = ? AND source_id = ? AND expires_at < ?')
    .get(key.type, key.id, today) as { n: number };
  return kept.n - expired.n;
}

function attachUsers(core: CoreState, rows: MemberRow[]): MemberWithUser[] {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.user_id))];
  const users = core.db.prepare(`SELECT * FROM users WHERE id IN (${placeholders(ids.length)})`).all(...ids) as UserRow[];
  const byId = new Map(users.map((u) => [u.id, u]));
  return rows.flatMap((m) => {
    const user = byId.get(m.user_id);
    return user ? [Object.assign(m, { user })] : [];
  });
}

/**
 * How many members a list has (direct, or one row per user with `inherited`), counting at most
 * `cap`. Unfiltered direct counts come from the kept count; inherited ones add, source by
 * source (largest first), the users not already counted, so the cost is that of the smaller
 * sources rather than of every row.
 */
export function countMembers(core: CoreState, keys: SourceKey[], filter: MemberFilter, cap: number, candidates = queryCandidates(core, keys, filter)): number {
  const today = isoDate(core.clock.now());
  const sized = keys.map((key) => {
    if (isUnfiltered(filter)) return { key, n: unexpiredCount(core, key, today) };
    const q = sourceRowsSql(key, today, filter, candidates);
    const { n } = core.db.prepare(cappedCount(`SELECT m.id ${q.sql}`, cap)).get(...q.args) as { n: number };
    return { key, n };
  });
  sized.sort((a, b) => b.n - a.n);
  let total = sized[0]?.n ?? 0;
  const f = filterSql(filter);
  const join = f.joinsUsers ? ' JOIN users u ON u.id = m.user_id' : '';
  for (let i = 1; i < sized.length && total < cap; i++) {
    const { key, n } = sized[i] as { key: SourceKey; n: number };
    if (n === 0) continue;
    const earlier = sized.slice(0, i).map((x) => x.key);
    const seen = earlier.map(() => '(o.source_type = ? AND o.source_id = ?)').join(' OR ');
    const seenArgs = [...earlier.flatMap((k) => [k.type, k.id]), today];
    const unseen = `NOT EXISTS (SELECT 1 FROM members o INDEXED BY members_user_cover WHERE o.user_id = m.user_id AND (${seen}) AND (o.expires_at IS NULL OR o.expires_at >= ?))`;
    if (candidates !== undefined) {
      // A few candidates: their unexpired rows of this source, each looked up, are already few.
      const q = sourceRowsSql(key, today, filter, candidates);
      total += (core.db.prepare(cappedCount(`SELECT m.user_id ${q.sql} AND ${unseen}`, cap - total)).get(...q.args, ...seenArgs) as { n: number }).n;
      continue;
    }
    // The users of this source no earlier one counted: those of all its rows less those of its
    // expired rows (an index range). Both sides then read only indexes, (source, user) for this
    // source's rows and (user, source, …, expires_at) for the earlier sources', where the
    // unexpired rows alone would look each row up in the table: 3–4× less for a few thousand.
    const fresh = (expired: boolean, limit: number): number => {
      const sql = `SELECT m.user_id FROM members m${join} WHERE m.source_type = ? AND m.source_id = ?${expired ? ' AND m.expires_at < ?' : ''}${f.sql} AND ${unseen}`;
      return (core.db.prepare(cappedCount(sql, limit)).get(key.type, key.id, ...(expired ? [today] : []), ...f.args, ...seenArgs) as { n: number }).n;
    };
    const expired = fresh(true, Number.MAX_SAFE_INTEGER);
    // Capped at what is left plus the expired ones, so that the difference is capped at what is left.
    total += fresh(false, cap - total + expired) - expired;
  }
  return Math.min(total, cap);
}

/**
 * Each user's best membership among the sources (highest level, then nearest source) as its
 * row, at the level the source gives (a shared group's members hold at most the share's
 * level). The memberships are those the access check reads (membershipsThrough), so a listed
 * level is the level the user holds; only the winners' rows are then read.
 */
function bestRowsOfUsers(core: CoreState, keys: SourceKey[], userIds: number[], today: string): Map<number, MemberRow> {
  const best = new Map<number, SourcedMembership>();
  for (const m of membershipsThrough(core, userIds, keys, today)) {
    const seen = best.get(m.user_id);
    if (!seen || m.access_level > seen.access_level || (m.access_level === seen.access_level && m.depth < seen.depth)) best.set(m.user_id, m);
  }
  if (best.size === 0) return new Map();
  const winners = [...best.values()];
  const ids = winners.flatMap((w) => (w.id === undefined ? [] : [w.id]));
  const rows = (
    ids.length === winners.length
      ? core.db.prepare(`SELECT * FROM members WHERE id IN (${placeholders(ids.length)})`).all(...ids)
      : winners.flatMap((w) => core.db.prepare('SELECT * FROM members WHERE source_type = ? AND source_id = ? AND user_id = ?').all(w.source_type, w.source_id, w.user_id))
  ) as MemberRow[];
  const found = new Map<number, MemberRow>();
  for (const row of rows) {
    const w = best.get(row.user_id);
    if (w && w.source_type === row.source_type && w.source_id === row.source_id) found.set(row.user_id, { ...row, access_level: w.access_level });
  }
  return found;
}

/**
 * One page of a member list. Direct members come in membership order; with `inherited`, one row
 * per user in user id order, each the user's best membership. Every source is read through its
 * (source, user) index up to the end of the page only, so a page costs the same whatever the
 * size of the list; a query with few candidates (queryCandidates, which countMembers takes too)
 * reads their rows only.
 */
export function pageMembers(
  core: CoreState,
  keys: SourceKey[],
  inherited: boolean,
  filter: MemberFilter,
  limit: number,
  offset: number,
  candidates = queryCandidates(core, keys, filter),
): MemberWithUser[] {
  const today = isoDate(core.clock.now());
  if (!inherited) {
    const q = sourceRowsSql(keys[0] as SourceKey, today, filter, candidates);
    const rows = core.db.prepare(`SELECT m.* ${q.sql} ORDER BY m.id LIMIT ? OFFSET ?`).all(...q.args, limit, offset) as MemberRow[];
    return attachUsers(core, rows);
  }
  const window = offset + limit;
  const ids = new Set<number>();
  for (const key of keys) {
    const q = sourceRowsSql(key, today, filter, candidates);
    const rows = core.db.prepare(`SELECT m.user_id ${q.sql} ORDER BY m.user_id LIMIT ?`).all(...q.args, window) as { user_id: number }[];
    for (const r of rows) ids.add(r.user_id);
  }
  const page = [...ids].sort((a, b) => a - b).slice(offset, window);
  const best = bestRowsOfUsers(core, keys, page, today);
  return attachUsers(core, page.flatMap((id) => (best.has(id) ? [best.get(id) as MemberRow] : [])));
}

/** One member of a list (direct, or with `inherited` the user's best membership), or undefined. */
export function findMember(core: CoreState, keys: SourceKey[], userId: number): MemberWithUser | undefined {
  const today = isoDate(core.clock.now());
  const best = bestRowsOfUsers(core, keys, [userId], today).get(userId);
  return best ? attachUsers(core, [best])[0] : undefined;
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
