// Branches, tags and commits live in a project, named with -R/--project (id or full path);
// branch and tag names travel URL-encoded as one path segment (they may contain '/').
import type { PathValue } from '../../../shared/path.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath } from '../../kit/refs.js';

export { addProjectOption, parseIsoTime, projectRef, repeat, type ProjectOpts } from '../../kit/project-option.js';

/** A required positional name (branch, tag, commit). */
export function nameArg(value: string | undefined, what: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`missing ${what}`);
  return value;
}

/** `/projects/:id/repository<rest>`, with `:name` in `rest` encoded as one segment. */
export const repoPath = (project: PathValue, rest: string, values: Record<string, PathValue> = {}): string =>
  apiPath(`/projects/:id/repository${rest}`, { id: project, ...values });

// `no-one` is the one word for "nobody" in every noun; the spellings people type for it work too.
const CHOICES: Record<string, number> = { 'no-one': 0, noone: 0, nobody: 0, none: 0, developer: 30, developers: 30, maintainer: 40, maintainers: 40, admin: 60, admins: 60 };

/** Access levels of protected branches: no-one (0), developer (30), maintainer (40), admin (60). */
export function parseProtectLevel(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if (/^\d+$/.test(v) && [0, 30, 40, 60].includes(Number(v))) return Number(v);
  const level = CHOICES[v];
  if (level === undefined) throw new UsageError(`${flag} must be one of no-one (0), developer (30), maintainer (40), admin (60), got "${value}"`);
  return level;
}
