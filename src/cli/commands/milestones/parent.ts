// Milestones belong to a project (-R/--project) or a group (-g/--group); exactly one is named.
import type { Command } from 'commander';
import { UsageError } from '../../kit/errors.js';
import { apiPath, idOrPath } from '../../kit/refs.js';

export interface ParentOpts {
  project?: string;
  group?: string;
}

export const addParentOptions = (cmd: Command): Command =>
  cmd.option('-R, --project <project>', "the project's milestones (id or full path)").option('-g, --group <group>', "the group's milestones (id or full path)");

/** `/projects/acme%2Fweb/milestones` or `/groups/12/milestones`. */
export function milestonesBase(o: ParentOpts): string {
  if (o.project !== undefined && o.group !== undefined) throw new UsageError('--project and --group exclude each other');
  if (o.project !== undefined) return `${apiPath('/projects/:id', { id: idOrPath(o.project, '--project') })}/milestones`;
  if (o.group !== undefined) return `${apiPath('/groups/:id', { id: idOrPath(o.group, '--group') })}/milestones`;
  throw new UsageError('missing --project or --group');
}

export function milestoneId(value: string | undefined): string {
  if (value === undefined || !/^\d+$/.test(value)) throw new UsageError(`ID must be a milestone id (the "id" column of hostctl milestones list, not the iid), got "${String(value)}"`);
  return value;
}
