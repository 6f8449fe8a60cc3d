// Releases live in a project, named with -R/--project (id or full path); a release is named by
// its tag, sent URL-encoded as one path segment (tags may contain '/').
import type { PathValue } from '../../../shared/path.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath } from '../../kit/refs.js';

export { addProjectOption, parseIsoTime as parseTime, projectRef, repeat, type ProjectOpts } from '../../kit/project-option.js';

export function tagArg(tag: string | undefined, what = 'TAG'): string {
  if (tag === undefined || tag.trim() === '') throw new UsageError(`missing ${what} (the release's tag name)`);
  return tag;
}

/** `/projects/:id/releases/:tag` plus a deeper path. */
export const releasePath = (project: PathValue, tag: string, rest = ''): string => `${apiPath('/projects/:id/releases/:tag', { id: project, tag })}${rest}`;

/** `/projects/:id/releases` */
export const releasesPath = (project: PathValue): string => apiPath('/projects/:id/releases', { id: project });
