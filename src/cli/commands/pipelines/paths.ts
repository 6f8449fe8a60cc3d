// API paths of pipelines inside a project (-R). A pipeline is named by its id, by `#IID` (its
// number in the project, as the web page shows it), or by a branch or tag: the newest pipeline of
// that ref.
import type { ApiClient } from '../../../client/client.js';
import type { PathValue } from '../../../shared/path.js';
import { apiPath, resolveNamed } from '../../kit/refs.js';
import { projectRef, type ProjectOpts } from '../../kit/project-option.js';

export { addProjectOption, projectRef, type ProjectOpts } from '../../kit/project-option.js';

export const pipelinesPath = (project: PathValue, id?: number): string => `${apiPath('/projects/:id/pipelines', { id: project })}${id === undefined ? '' : `/${id}`}`;

export type PipelineRow = { id: number; iid: number; ref: string; status: string };

const iidOf = (typed: string): number | undefined => (/^#\d+$/.test(typed) ? Number(typed.slice(1)) : undefined);

/** A pipeline's id from its id, `#IID`, or a ref (its newest pipeline). */
export const pipelineId = (api: ApiClient, project: PathValue, value: string | undefined): Promise<number> =>
  resolveNamed<PipelineRow>(
    api,
    {
      what: 'pipeline',
      arg: 'PIPELINE',
      forms: "an id, #IID (the project's pipeline number) or a branch or tag (its newest pipeline)",
      list: (typed) => ({ path: pipelinesPath(project), query: iidOf(typed) === undefined ? { ref: typed, order_by: 'id', sort: 'desc' } : { order_by: 'id', sort: 'desc' } }),
      matches: (row, typed) => (iidOf(typed) === undefined ? row.ref === typed : row.iid === iidOf(typed)),
      newest: () => true,
      describe: (row) => `${row.id} (#${row.iid} ${row.ref} ${row.status})`,
      listCommand: `hostctl pipelines list -R ${String(project)}`,
    },
    value,
  );

/** The pipeline a command names (-R and PIPELINE), as the API answers it, and its path for what follows. */
export async function namedPipeline(api: ApiClient, o: ProjectOpts, value: string | undefined): Promise<{ path: string; pipeline: PipelineRow & Record<string, unknown> }> {
  const project = projectRef(o);
  const path = pipelinesPath(project, await pipelineId(api, project, value));
  return { path, pipeline: (await api.get<PipelineRow & Record<string, unknown>>(path)).data };
}
