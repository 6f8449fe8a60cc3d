// Project keys may be globs: `*` matches one path segment (or part of one), `**` any number of
// segments. When several keys declare the same section for a project, the most specific wins:
// an exact path beats any glob; among globs, more segments beat fewer; then fewer wildcards beat
// more. Two keys still equal after that are an error, since neither can be preferred.
import { SettingsFileError } from './section.js';
import type { Declaration } from './load.js';

export const isGlob = (key: string): boolean => key.includes('*');

function segmentRegex(seg: string): string {
  return seg
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
}

/** A matcher for one glob; `**` matches zero or more whole segments. */
export function globMatcher(glob: string): (path: string) => boolean {
  const segs = glob.split('/');
  let source = '^';
  segs.forEach((seg, i) => {
    const last = i === segs.length - 1;
    if (seg === '**') source += last ? '.*' : '(?:[^/]+/)*';
    else source += segmentRegex(seg) + (last ? '' : '/');
  });
  const re = new RegExp(`${source}$`);
  return (path) => re.test(path);
}

/** Specificity of a key: exact first, then segment count, then fewer wildcards. */
export function rank(key: string): [number, number, number] {
  return [isGlob(key) ? 0 : 1, key.split('/').length, -(key.match(/\*+/g) ?? []).length];
}

const compareRank = (a: [number, number, number], b: [number, number, number]): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * The project declarations per project path: each section from the most specific key that
 * matches. `projects` is every project path of the target (for globs); exact keys name projects
 * directly (a missing one is reported when names are resolved).
 */
export function expandProjects(decls: readonly Declaration[], projects: readonly string[]): Map<string, Declaration[]> {
  const bySection = new Map<string, Map<string, Declaration>>(); // path → section → winner
  const consider = (path: string, d: Declaration) => {
    let sections = bySection.get(path);
    if (!sections) bySection.set(path, (sections = new Map()));
    const current = sections.get(d.section.name);
    if (!current) return void sections.set(d.section.name, d);
    const order = compareRank(rank(d.key), rank(current.key));
    if (order > 0) sections.set(d.section.name, d);
    else if (order === 0) throw new SettingsFileError(d.at, `${d.section.name} of project ${path} is declared by both "${current.key}" and "${d.key}", and neither is more specific; make one key more specific`, true);
  };
  for (const d of decls) {
    if (d.scope !== 'project') continue;
    if (!isGlob(d.key)) {
      consider(d.key, d);
      continue;
    }
    const match = globMatcher(d.key);
    for (const p of projects) if (match(p)) consider(p, d);
  }
  return new Map([...bySection].map(([path, m]) => [path, [...m.values()]]));
}
