import type { VerbSpec } from '../../kit/verb.js';
import { apiPath, idOrPath } from '../../kit/refs.js';
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
    const stats = data.statistics as { storage_size?: number; repository_size?: number; commit_count?: number } | undefined;
    await cli.showItem(
      data,
      stats
        ? [
            ...PROJECT_DETAIL_COLUMNS,
            { key: 'statistics.storage_size', header: 'storage size', get: () => stats.storage_size, bytes: true },
            { key: 'statistics.repository_size', header: 'repository size', get: () => stats.repository_size, bytes: true },
            { key: 'statistics.commit_count', header: 'commits' },
          ]
        : PROJECT_DETAIL_COLUMNS,
    );
  },
};
