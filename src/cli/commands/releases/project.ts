// Releases live in a project, named with -R/--project (id or full path); a release is named by
// its tag, sent URL-encoded as one path segment (tags may contain '/').
import type { Command } from 'commander';
import type { PathValue } from '../../../shared/path.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath, idOrPath } from '../../kit/refs.js';

export interface ProjectOpts {
  project?: string;
}

export const addProjectOption = (cmd: Command): Command => cmd.option('-R, --project <project>', 'the project (id or full path)');

export function projectRef(o: ProjectOpts): PathValue {
  if (o.project === undefined) throw new UsageError('missing --project (the project id or full path, e.g. -R acme/web)');
  return idOrPath(o.project, '--project');
}

export function tagArg(tag: string | undefined, what = 'TAG'): string {
  if (tag === undefined || tag.trim() === '') throw new UsageError(`missing ${what} (the release's tag name)`);
  return tag;
}

/** `/projects/:id/releases/:tag` plus a deeper path. */
export const releasePath = (project: PathValue, tag: string, rest = ''): string => `${apiPath('/projects/:id/releases/:tag', { id: project, tag })}${rest}`;

/** `/projects/:id/releases` */
export const releasesPath = (project: PathValue): string => apiPath('/projects/:id/releases', { id: project });

/** Repeatable option collector that keeps each value whole (titles and links may hold commas). */
export const repeat = (value: string, previous: string[] = []): string[] => [...previous, value];

/** An ISO 8601 time as the API accepts it; checked here so a typo fails before any request. */
export function parseTime(value: string, flag: string): string {
  const ok = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i.test(value) && !Number.isNaN(Date.parse(value.replace(' ', 'T')));
  if (!ok) throw new UsageError(`${flag} must be an ISO 8601 time such as 2026-03-01T12:00:00Z, got "${value}"`);
  return value;
}
