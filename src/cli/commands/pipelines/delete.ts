import { defineVerb } from '../../kit/verb.js';
import { addProjectOption, pipelineId, pipelinesPath, projectRef, type ProjectOpts } from './paths.js';

export const deleteVerb = defineVerb<ProjectOpts>({
  name: 'delete',
  args: '<pipeline>',
  summary: 'Delete a pipeline and its job records (Owner); packages it built stay',
  examples: ['hostctl pipelines delete 7 -R acme/web/storefront', "hostctl pipelines delete '#2' -R 5 --yes"],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [value], o) {
    const api = await cli.client();
    const path = pipelinesPath(projectRef(o), await pipelineId(api, projectRef(o), value));
    // Read first so that a wrong name fails before the question, and the question names it.
    const { data } = await api.get<{ id: number; iid: number; ref: string; status: string }>(path);
    await cli.confirm(`Delete pipeline ${data.id} (#${data.iid} ${data.ref}, ${data.status})?`);
    await api.delete(path);
    cli.info(`deleted pipeline ${data.id}`);
  },
});
