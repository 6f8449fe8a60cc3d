import { defineVerb } from '../../kit/verb.js';
import { addProjectOption, namedPipeline, type ProjectOpts } from './paths.js';

export const deleteVerb = defineVerb<ProjectOpts>({
  name: 'delete',
  bulk: true,
  destructive: true,
  args: '<pipeline>',
  summary: 'Delete a pipeline and its job records (Owner); packages it built stay',
  examples: ['hostctl pipelines delete 7 -R acme/web/storefront', "hostctl pipelines delete '#2' -R 5 --yes"],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [value], o) {
    const api = await cli.client();
    // Read first so that a wrong name fails before the question, and the question names it.
    const { path, pipeline: data } = await namedPipeline(api, o, value);
    await cli.confirm(`Delete pipeline ${data.id} (#${data.iid} ${data.ref}, ${data.status})?`);
    await api.delete(path);
    cli.info(`deleted pipeline ${data.id}`);
  },
});
