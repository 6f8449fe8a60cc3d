import type { VerbSpec } from '../../kit/verb.js';
import { addContainerOptions, containerBase, ENV_COLUMNS, ENV_FIELDS, withSpecColumns, type EnvOpts } from './specs.js';

export const listVerb: VerbSpec<EnvOpts> = {
  name: 'list',
  summary: 'List the protected environments of a group (Owner) or a project (Maintainer), by name',
  aliases: ['ls'],
  list: true,
  examples: ['hostctl protected-envs list --group acme', 'hostctl protected-envs list -R acme/web/storefront -o json', 'hostctl protected-envs list --group acme --fields name,required_approval_count'],
  options: (cmd) => addContainerOptions(cmd),
  async run(cli, _args, o) {
    const rows = await cli.list<Record<string, unknown>>(containerBase(o).base);
    const table = cli.globals.output === 'table' && !cli.globals.fields;
    await cli.showList(table ? await withSpecColumns(await cli.client(), rows) : rows, ENV_COLUMNS, ENV_FIELDS);
  },
};
