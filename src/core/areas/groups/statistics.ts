// Group statistics (`statistics=true` on group lists, administrators only): the platform's
// Group.with_statistics sums the statistics of the projects directly in each group (subgroups'
// projects count in their own group), with the projects' own size functions.
import type { ProjectRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { storageSizes, sumSizes, type StorageSizes } from '../projects/statistics.js';

/** The summed sizes of each group's direct projects, for a page of groups at once. */
export function groupStatistics(core: CoreState, groupIds: readonly number[]): Map<number, StorageSizes> {
  const projects = groupIds.length
    ? (core.db.prepare('SELECT * FROM projects WHERE namespace_id IN (SELECT value FROM json_each(?))').all(JSON.stringify(groupIds)) as ProjectRow[])
    : [];
  const sizes = storageSizes(core, projects);
  const perGroup = new Map<number, StorageSizes[]>(groupIds.map((id) => [id, []]));
  for (const p of projects) perGroup.get(p.namespace_id)?.push(sizes.get(p.id) as StorageSizes);
  return new Map([...perGroup].map(([id, items]) => [id, sumSizes(items)]));
}
