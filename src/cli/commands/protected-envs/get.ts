import type { VerbSpec } from '../../kit/verb.js';
import { addContainerOptions, ENV_COLUMNS, envPath, withSpecColumns, type EnvOpts } from './specs.js';

export const getVerb: VerbSpec<EnvOpts> = {
  name: 'get',
  args: '<environment>',
  summary: 'Show one protected environment: who may deploy and who must approve',
  aliases: ['view'],
  examples: ['hostctl protected-envs get production --group acme', 'hostctl protected-envs get review/app -R acme/web/storefront -o yaml'],
  options: (cmd) => addContainerOptions(cmd),
  async run(cli, [name], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(envPath(o, name));
    const table = cli.globals.output === 'table' && !cli.globals.fields;
    await cli.showItem(table ? ((await withSpecColumns(api, [data]))[0] as Record<string, unknown>) : data, [...ENV_COLUMNS, { key: 'required_approval_count', header: 'required approvals' }]);
  },
};
