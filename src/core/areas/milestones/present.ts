// Milestone rows → the platform's Milestone JSON, and the MilestoneWithStats shape releases embed.
import type { CoreState } from '../../state.js';
import { isoDate } from '../../clock.js';
import { groupWebUrl, projectWebUrl } from '../../resources/urls.js';
import type { MilestoneRow } from './queries.js';

export interface MilestoneJson {
  id: number;
  iid: number;
  project_id?: number;
  group_id?: number;
  title: string;
  description: string | null;
  state: string;
  created_at: string;
  updated_at: string;
  due_date: string | null;
  start_date: string | null;
  expired: boolean;
  web_url: string;
}

/** Web URL of the milestone's parent (project or group page). */
function parentWebUrl(core: CoreState, row: MilestoneRow): string {
  if (row.project_id !== null) {
    const p = core.db
      .prepare('SELECT n.full_path AS ns, p.path AS path FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE p.id = ?')
      .get(row.project_id) as { ns: string; path: string };
    return projectWebUrl(core, `${p.ns}/${p.path}`);
  }
  const g = core.db.prepare('SELECT full_path FROM namespaces WHERE id = ?').get(row.group_id) as { full_path: string };
  return groupWebUrl(core, g.full_path);
}

export function presentMilestone(core: CoreState, row: MilestoneRow): MilestoneJson {
  const today = isoDate(core.clock.now());
  return {
    id: row.id,
    iid: row.iid,
    ...(row.project_id !== null ? { project_id: row.project_id } : {}),
    ...(row.group_id !== null ? { group_id: row.group_id } : {}),
    title: row.title,
    description: row.description,
    state: row.state,
    created_at: row.created_at,
    updated_at: row.updated_at,
    due_date: row.due_date,
    start_date: row.start_date,
    expired: row.due_date !== null && row.due_date < today,
    web_url: `${parentWebUrl(core, row)}/-/milestones/${row.iid}`,
  };
}

/**
 * Issue counts of a milestone. The service keeps no issue tracker, so no issue is ever
 * assigned to a milestone and both counts are zero.
 */
export const milestoneIssueStats = (): { total: number; closed: number } => ({ total: 0, closed: 0 });

export function presentMilestoneWithStats(core: CoreState, row: MilestoneRow): MilestoneJson & { issue_stats: { total: number; closed: number } } {
  return Object.assign(presentMilestone(core, row), { issue_stats: milestoneIssueStats() });
}
