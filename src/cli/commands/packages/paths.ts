// API paths of packages: a package is named inside a project (-R) by its numeric id or as
// NAME@VERSION (NAME alone when the project has one version of it).
import type { ApiClient } from '../../../client/client.js';
import type { PathValue } from '../../../shared/path.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath, resolveNamed, type NamedResource } from '../../kit/refs.js';

export { addProjectOption, projectRef, type ProjectOpts } from '../../kit/project-option.js';

export function numericArg(value: string | undefined, what: string): number {
  if (value === undefined || !/^\d+$/.test(value.trim())) throw new UsageError(`${what} must be a numeric id, got "${value ?? ''}"`);
  return Number(value.trim());
}

export const packagesPath = (project: PathValue): string => apiPath('/projects/:id/packages', { id: project });

type PackageRow = { id: number; name: string; version: string };

/** `app@1.2.0` → name and version; the last @ splits them (scoped npm names start with @). */
const nameVersion = (typed: string): [string, string | undefined] => {
  const at = typed.lastIndexOf('@');
  return at > 0 ? [typed.slice(0, at), typed.slice(at + 1)] : [typed, undefined];
};

const packageResource = (project: PathValue): NamedResource<PackageRow> => ({
  what: 'package',
  arg: 'PACKAGE',
  forms: 'an id, NAME@VERSION, or NAME when one version exists',
  list: (typed) => {
    const [name, version] = nameVersion(typed);
    return { path: packagesPath(project), query: { package_name: name, ...(version ? { package_version: version } : {}) } };
  },
  matches: (row, typed) => {
    const [name, version] = nameVersion(typed);
    return row.name === name && (version === undefined || row.version === version);
  },
  describe: (row) => `${row.id} (${row.name}@${row.version})`,
  listCommand: `hostctl packages list -R ${String(project)}`,
});

/** A package's id from what was typed: an id, NAME@VERSION or NAME. */
export const packageId = (api: ApiClient, project: PathValue, value: string | undefined): Promise<number> => resolveNamed(api, packageResource(project), value);

export const packagePath = (project: PathValue, id: number, rest = ''): string => `${apiPath('/projects/:id/packages/:pid', { id: project, pid: id })}${rest}`;

export const rulesPath = (project: PathValue, id?: number): string =>
  `${apiPath('/projects/:id/packages/protection/rules', { id: project })}${id === undefined ? '' : `/${id}`}`;

/**
 * A generic file as a download names it: `checksums/SHA256SUMS`, or the name the package's file
 * list shows for it, `checksums%2FSHA256SUMS` (the platform stores a file uploaded under a path
 * URL-encoded as one name). The platform's file names never hold `%` themselves, so an escape in
 * what was typed is such a stored name, and is sent as the path it encodes: a file name sent with
 * an encoded slash is refused (400), the path finds the file.
 */
export function genericFileOfListed(file: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(file)) return file;
  try {
    return decodeURIComponent(file);
  } catch {
    return file;
  }
}

/** The generic package file path: name, version and each segment of the file path encoded. */
export function genericFilePath(project: PathValue, name: string, version: string, file: string): string {
  const segments = file.split('/').filter((s) => s !== '');
  if (segments.length === 0) throw new UsageError('missing FILE (the file name inside the package)');
  return `${apiPath('/projects/:id/packages/generic/:name/:version', { id: project, name, version })}/${segments.map(encodeURIComponent).join('/')}`;
}
