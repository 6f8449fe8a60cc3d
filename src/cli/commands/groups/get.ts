import type { VerbSpec } from '../../kit/verb.js';
import { apiPath, idOrPath } from '../../kit/refs.js';
import { GROUP_DETAIL_COLUMNS } from './columns.js';

interface GetOpts {
  withProjects?: boolean;
}

export const getVerb: VerbSpec<GetOpts> = {
  name: 'get',
  args: '<group>',
  summary: 'Show one group (by id or full path)',
  aliases: ['view'],
  examples: ['hostctl groups get acme/platform', 'hostctl groups get 12 -o yaml', 'hostctl groups get acme --with-projects -o json'],
  options: (cmd) => cmd.option('--with-projects', "include the group's projects"),
  async run(cli, [group], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(apiPath('/groups/:id', { id: idOrPath(group, 'GROUP') }), { with_projects: !!o.withProjects });
    await cli.showItem(data, GROUP_DETAIL_COLUMNS);
  },
};
