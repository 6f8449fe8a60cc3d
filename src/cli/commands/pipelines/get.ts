import { showVerb } from '../../kit/show-verb.js';
import { PIPELINE_COLUMNS } from './columns.js';
import { addProjectOption, pipelineId, pipelinesPath, projectRef, type ProjectOpts } from './paths.js';

export const getVerb = showVerb<ProjectOpts>({
  name: 'get',
  args: '<pipeline>',
  summary: 'Show one pipeline',
  aliases: ['view'],
  examples: ['hostctl pipelines get 7 -R acme/web/storefront', "hostctl pipelines get '#2' -R acme/web/storefront   # the project's pipeline number 2", 'hostctl pipelines get main -R acme/web/storefront   # the newest pipeline of main', 'hostctl pipelines get 7 -R 5 -o json'],
  options: (cmd) => addProjectOption(cmd),
  path: async ([id], o, client) => pipelinesPath(projectRef(o), await pipelineId(await client(), projectRef(o), id)),
  columns: [...PIPELINE_COLUMNS, { key: 'user.username', header: 'user' }, { key: 'web_url', header: 'url' }],
});
