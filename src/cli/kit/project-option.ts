// The -R/--project option shared by every noun that lives inside a project (branches, commits,
// tags, releases), the project-or-group choice of nouns that live in either (members,
// milestones), and small option parsers those nouns share.
import type { Command } from 'commander';
import { isCalendarDate } from '../../shared/dates.js';
import type { PathValue } from '../../shared/path.js';
import { UsageError } from './errors.js';
import { apiPath, idOrPath } from './refs.js';

export interface ProjectOpts {
  project?: string;
}

export const addProjectOption = (cmd: Command): Command => cmd.option('-R, --project <project>', 'the project (id or full path)');

export function projectRef(o: ProjectOpts): PathValue {
  if (o.project === undefined) throw new UsageError('missing --project (the project id or full path, e.g. -R acme/web)');
  return idOrPath(o.project, '--project');
}

export interface ProjectOrGroupOpts {
  project?: string;
  group?: string;
}

export interface ProjectOrGroup {
  /** `/projects/acme%2Fweb` or `/groups/12`. */
  base: string;
  /** `project acme/web`, for messages. */
  label: string;
  ref: PathValue;
}

/** The project (-R/--project) or the group (-g/--group) a command names; exactly one is given. */
export function projectOrGroup(o: ProjectOrGroupOpts): ProjectOrGroup {
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

/** Repeatable option collector that keeps each value whole (paths, titles and links may hold commas). */
export const repeat = (value: string, previous: string[] = []): string[] => [...previous, value];

/** An ISO 8601 date or time as the API accepts it, checked before any request is made. */
export function parseIsoTime(value: string, flag: string): string {
  const shape = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
  // Date.parse rolls a day the month does not have over (2026-02-30 is March 2nd): the date part
  // must be one the calendar has, as --due-date's is.
  if (!shape.test(value) || !isCalendarDate(value.slice(0, 10)) || Number.isNaN(Date.parse(value.replace(' ', 'T')))) {
    throw new UsageError(`${flag} must be an ISO 8601 date or time such as 2026-03-01T12:00:00Z, got "${value}"`);
  }
  return value;
}
