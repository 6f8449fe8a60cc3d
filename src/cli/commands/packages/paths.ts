// API paths of packages: a package is named by its numeric id inside a project (-R).
import type { PathValue } from '../../../shared/path.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath } from '../../kit/refs.js';

export { addProjectOption, projectRef, type ProjectOpts } from '../../kit/project-option.js';

export function numericArg(value: string | undefined, what: string): number {
  if (value === undefined || !/^\d+$/.test(value.trim())) throw new UsageError(`${what} must be a numeric id, got "${value ?? ''}"`);
  return Number(value.trim());
}

export const packagesPath = (project: PathValue): string => apiPath('/projects/:id/packages', { id: project });

export const packagePath = (project: PathValue, id: number, rest = ''): string => `${apiPath('/projects/:id/packages/:pid', { id: project, pid: id })}${rest}`;

export const rulesPath = (project: PathValue, id?: number): string =>
  `${apiPath('/projects/:id/packages/protection/rules', { id: project })}${id === undefined ? '' : `/${id}`}`;

/** The generic package file path: name, version and each segment of the file path encoded. */
export function genericFilePath(project: PathValue, name: string, version: string, file: string): string {
  const segments = file.split('/').filter((s) => s !== '');
  if (segments.length === 0) throw new UsageError('missing FILE (the file name inside the package)');
  return `${apiPath('/projects/:id/packages/generic/:name/:version', { id: project, name, version })}/${segments.map(encodeURIComponent).join('/')}`;
}
