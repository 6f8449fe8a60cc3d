import type { VerbSpec } from '../../kit/verb.js';
import { apiPath, idOrPath } from '../../kit/refs.js';
import { COMMITS_COLUMN, REPOSITORY_SIZE_COLUMN, STORAGE_SIZE_COLUMN, statisticsView } from '../../kit/statistics.js';
import { PROJECT_DETAIL_COLUMNS } from './columns.js';

export const getVerb: VerbSpec<{ statistics?: boolean }> = {
  name: 'get',
  args: '<project>',
  summary: 'Show one project (by id or full path)',
  aliases: ['view'],
  examples: [
    'hostctl projects get acme/platform/api-gateway',
    'hostctl projects get 5 -o yaml',
    'hostctl projects get acme/web/storefront --fields id,default_branch',
    'hostctl projects get acme/web/storefront --statistics --jq .statistics',
  ],
  options: (cmd) => cmd.option('--statistics', 'include repository statistics: sizes and commit count'),
  async run(cli, [project], o) {
    const api = await cli.client();
    const res = await api.get<Record<string, unknown>>(apiPath('/projects/:id', { id: idOrPath(project, 'PROJECT') }), o.statistics ? { statistics: true } : undefined);
    const data = api.expectRecord<Record<string, unknown>>(res.data);
    await cli.showItem(
      data,
      o.statistics ? statisticsView(cli, 'project', [data], PROJECT_DETAIL_COLUMNS, [STORAGE_SIZE_COLUMN, REPOSITORY_SIZE_COLUMN, COMMITS_COLUMN]).columns : PROJECT_DETAIL_COLUMNS,
    );
  },
};
