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
    const base = containerBase(o).base;
    // A table shows who may deploy in words, looked up for the whole list; other forms keep the API's shape.
    if (cli.globals.output === 'table' && !cli.globals.fields) {
      await cli.showList(await withSpecColumns(await cli.client(), await cli.list<Record<string, unknown>>(base)), ENV_COLUMNS, ENV_FIELDS);
    } else await cli.showPages(base, undefined, ENV_COLUMNS, ENV_FIELDS);
  },
};
