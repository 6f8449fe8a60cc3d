// Milestones belong to a project (-R/--project) or a group (-g/--group); exactly one is named.
import type { Command } from 'commander';
import { UsageError } from '../../kit/errors.js';
import { projectOrGroup, type ProjectOrGroupOpts } from '../../kit/project-option.js';

export const addParentOptions = (cmd: Command): Command =>
  cmd.option('-R, --project <project>', "the project's milestones (id or full path)").option('-g, --group <group>', "the group's milestones (id or full path)");

/** `/projects/acme%2Fweb/milestones` or `/groups/12/milestones`. */
export const milestonesBase = (o: ProjectOrGroupOpts): string => `${projectOrGroup(o).base}/milestones`;

export function milestoneId(value: string | undefined): string {
  if (value === undefined || !/^\d+$/.test(value)) throw new UsageError(`ID must be a milestone id (the "id" column of hostctl milestones list, not the iid), got "${String(value)}"`);
  return value;
}
