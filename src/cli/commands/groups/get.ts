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
  options: (cmd) => cmd.option('--with-projects', "include the group's projects in JSON and YAML too (the table always lists them)"),
  async run(cli, [group], o) {
    const api = await cli.client();
    // The table has a projects row, so it asks for them; structured output keeps the lean shape
    // unless --with-projects says otherwise.
    const table = cli.globals.output === 'table' && !cli.globals.fields && cli.globals.jq === undefined;
    const { data } = await api.get<Record<string, unknown>>(apiPath('/groups/:id', { id: idOrPath(group, 'GROUP') }), { with_projects: table || !!o.withProjects });
    await cli.showItem(data, GROUP_DETAIL_COLUMNS);
  },
};
