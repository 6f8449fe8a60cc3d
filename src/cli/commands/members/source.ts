// Members belong to a project (--project) or a group (--group); exactly one is named.
import type { Command } from 'commander';
import type { PathValue } from '../../../shared/path.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath, idOrPath } from '../../kit/refs.js';

export interface SourceOpts {
  project?: string;
  group?: string;
}

export interface MemberSource {
  /** `/projects/acme%2Fweb` or `/groups/12`. */
  base: string;
  /** `project acme/web`, for messages. */
  label: string;
  ref: PathValue;
}

export const addSourceOptions = (cmd: Command): Command =>
  cmd.option('-R, --project <project>', 'members of this project (id or full path)').option('-g, --group <group>', 'members of this group (id or full path)');

export function memberSource(o: SourceOpts): MemberSource {
  if (o.project !== undefined && o.group !== undefined) throw new UsageError('--project and --group exclude each other');
  if (o.project !== undefined) {
    const ref = idOrPath(o.project, '--project');
    return { base: apiPath('/projects/:id', { id: ref }), label: `project ${ref}`, ref };
  }
  if (o.group !== undefined) {
    const ref = idOrPath(o.group, '--group');
    return { base: apiPath('/groups/:id', { id: ref }), label: `group ${ref}`, ref };
  }
  throw new UsageError('missing --project or --group');
}
