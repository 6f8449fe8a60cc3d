import type { VerbSpec } from '../../kit/verb.js';
import { FREEZE_COLUMNS, addProjectOption, periodId, periodPath, projectRef, type ProjectOpts } from './shared.js';

export const getVerb: VerbSpec<ProjectOpts> = {
  name: 'get',
  args: '<period>',
  summary: 'Show one deploy freeze period',
  aliases: ['view'],
  examples: ['hostctl freeze-periods get 3 -R acme/web/storefront', "hostctl freeze-periods get '0 23 * * fri' -R acme/web/storefront   # by its start", 'hostctl freeze-periods get 3 -R 5 -o yaml'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [id], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(periodPath(projectRef(o), await periodId(api, projectRef(o), id)));
    await cli.showItem(data, [...FREEZE_COLUMNS, { key: 'updated_at', header: 'updated' }]);
  },
};
