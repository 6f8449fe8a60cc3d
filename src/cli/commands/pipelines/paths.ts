// API paths of pipelines inside a project (-R).
import type { PathValue } from '../../../shared/path.js';
import { apiPath } from '../../kit/refs.js';

export { addProjectOption, projectRef, type ProjectOpts } from '../../kit/project-option.js';

export const pipelinesPath = (project: PathValue, id?: number): string => `${apiPath('/projects/:id/pipelines', { id: project })}${id === undefined ? '' : `/${id}`}`;
