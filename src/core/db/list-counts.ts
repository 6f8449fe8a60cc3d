// Totals of the lists whose counts triggers keep (migrations 017 and 018): what a page's `x-total` reads
// instead of counting up to 10,001 rows.
import type { Database } from './connection.js';
import { placeholders } from './sql.js';

export type KeptList =
  | 'releases'
  | 'release_links'
  | 'project_milestones'
  | 'group_milestones'
  | 'protected_branches'
  | 'client_keys'
  | 'pipelines'
  | 'package_files'
  | 'outbox'
  | 'outbox_all'
  | 'groups'
  | 'subgroups'
  | 'project_tokens'
  | 'descendants'
  | 'package_protection_rules'
  | 'ns_projects'
  | 'project_protected_envs'
  | 'group_protected_envs';

/**
 * Rows of `list` owned by `owners` (summed), in `parts` when given (states or statuses),
 * capped at `cap` as the pager's counts are.
 */
export function keptCount(db: Database, list: KeptList, owners: readonly number[], cap: number, parts?: readonly string[]): number {
  if (owners.length === 0 || (parts && parts.length === 0)) return 0;
  const byPart = parts ? ` AND part IN (${placeholders(parts.length)})` : '';
  const row = db
    .prepare(`SELECT COALESCE(SUM(n), 0) AS n FROM list_counts WHERE list = ? AND owner_id IN (${placeholders(owners.length)})${byPart}`)
    .get(list, ...owners, ...(parts ?? [])) as { n: number };
  return Math.min(row.n, cap);
}
