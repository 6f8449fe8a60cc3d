import type { VerbSpec } from '../../kit/verb.js';
import { PIPELINE_COLUMNS } from './columns.js';
import { addProjectOption, pipelineId, pipelinesPath, projectRef, type ProjectOpts } from './paths.js';

export const getVerb: VerbSpec<ProjectOpts> = {
  name: 'get',
  args: '<pipeline>',
  summary: 'Show one pipeline',
  aliases: ['view'],
  examples: ['hostctl pipelines get 7 -R acme/web/storefront', "hostctl pipelines get '#2' -R acme/web/storefront   # the project's pipeline number 2", 'hostctl pipelines get main -R acme/web/storefront   # the newest pipeline of main', 'hostctl pipelines get 7 -R 5 -o json'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [id], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(pipelinesPath(projectRef(o), await pipelineId(api, projectRef(o), id)));
    await cli.showItem(data, [...PIPELINE_COLUMNS, { key: 'user.username', header: 'user' }, { key: 'web_url', header: 'url' }]);
  },
};
