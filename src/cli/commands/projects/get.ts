import type { VerbSpec } from '../../kit/verb.js';
import { apiPath, idOrPath } from '../../kit/refs.js';
import { PROJECT_DETAIL_COLUMNS } from './columns.js';

export const getVerb: VerbSpec = {
  name: 'get',
  args: '<project>',
  summary: 'Show one project (by id or full path)',
  aliases: ['view'],
  examples: ['hostctl projects get acme/platform/api-gateway', 'hostctl projects get 5 -o yaml', 'hostctl projects get acme/web/storefront --fields id,default_branch'],
  async run(cli, [project]) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(apiPath('/projects/:id', { id: idOrPath(project, 'PROJECT') }));
    await cli.showItem(data, PROJECT_DETAIL_COLUMNS);
  },
};
