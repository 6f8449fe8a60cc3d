// Milestone rows and the SQL behind the milestone lists: filters by parent, state, iids, title
// and search, ordered as the platform orders them (due date first, undated last, newest id first).
import type { CoreState } from '../../state.js';
import { patternSearch, placeholders } from '../../db/sql.js';

export interface MilestoneRow {
  id: number;
  iid: number;
  project_id: number | null;
  group_id: number | null;
  title: string;
  description: string | null;
  state: 'active' | 'closed';
  due_date: string | null;
  start_date: string | null;
  created_at: string;
  updated_at: string;
}

export const milestoneById = (core: CoreState, id: number): MilestoneRow | undefined =>
  core.db.prepare('SELECT * FROM milestones WHERE id = ?').get(id) as MilestoneRow | undefined;

/** A parent's own milestone by its global id (the id used in milestone paths). */
export function milestoneOfParent(core: CoreState, parent: MilestoneParent, id: number): MilestoneRow | undefined {
  const column = parent.kind === 'project' ? 'project_id' : 'group_id';
  return core.db.prepare(`SELECT * FROM milestones WHERE id = ? AND ${column} = ?`).get(id, parent.id) as MilestoneRow | undefined;
}

export type MilestoneParent = { kind: 'project'; id: number; namespaceId: number } | { kind: 'group'; id: number };

export const MILESTONE_ORDER = 'due_date IS NULL, due_date ASC, id DESC';

/** The order the release entity lists its milestones in: by dates (undated last), then title. */
export const milestoneDatesTitleOrder = (alias: string): string =>
  [`${alias}due_date IS NULL`, `${alias}due_date ASC`, `${alias}start_date IS NULL`, `${alias}start_date ASC`, `${alias}title ASC`].join(', ');

export interface MilestoneFilter {
  projectIds: number[];
  groupIds: number[];
  state?: 'active' | 'closed' | 'all';
  iids?: number[];
  title?: string;
  search?: string;
  updatedBefore?: string;
  updatedAfter?: string;
}

/** WHERE clause and arguments for a milestone list. */
export function milestoneListSql(f: MilestoneFilter): { where: string; args: unknown[] } {
  const parts: string[] = [];
  const args: unknown[] = [];
  const owners: string[] = [];
  if (f.projectIds.length > 0) {
    owners.push(`project_id IN (${placeholders(f.projectIds.length)})`);
    args.push(...f.projectIds);
  }
  if (f.groupIds.length > 0) {
    owners.push(`group_id IN (${placeholders(f.groupIds.length)})`);
    args.push(...f.groupIds);
  }
  parts.push(owners.length > 0 ? `(${owners.join(' OR ')})` : '0');
  if (f.state && f.state !== 'all') {
    parts.push('state = ?');
    args.push(f.state);
  }
  if (f.iids && f.iids.length > 0) {
    parts.push(`iid IN (${placeholders(f.iids.length)})`);
    args.push(...f.iids);
  }
  if (f.title !== undefined) {
    parts.push('title = ?');
    args.push(f.title);
  }
  if (f.search) {
    // Milestone.search: the title or the description, by Gitlab::SQL::Pattern's rules.
    const search = patternSearch(['title', "COALESCE(description, '')"], f.search);
    parts.push(search.sql);
    args.push(...search.args);
  }
  if (f.updatedBefore) {
    parts.push('updated_at < ?');
    args.push(f.updatedBefore);
  }
  if (f.updatedAfter) {
    parts.push('updated_at > ?');
    args.push(f.updatedAfter);
  }
  return { where: parts.join(' AND '), args };
}

/** Milestones of `projectIds`/`groupIds` whose title is one of `titles` (exact match). */
export function milestonesByTitles(core: CoreState, projectIds: number[], groupIds: number[], titles: string[]): MilestoneRow[] {
  if (titles.length === 0) return [];
  const { where, args } = milestoneListSql({ projectIds, groupIds });
  return core.db
    .prepare(`SELECT * FROM milestones WHERE ${where} AND title IN (${placeholders(titles.length)}) ORDER BY ${MILESTONE_ORDER}`)
    .all(...args, ...titles) as MilestoneRow[];
}
