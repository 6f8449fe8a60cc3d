import type { VerbSpec } from '../../kit/verb.js';
import { MEMBER_COLUMNS, MEMBER_FIELDS } from './columns.js';
import { projectOrGroup, type ProjectOrGroupOpts } from '../../kit/project-option.js';
import { addSourceOptions } from './source.js';

interface ListOpts extends ProjectOrGroupOpts {
  inherited?: boolean;
  search?: string;
}

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: 'List the members of a project or group',
  aliases: ['ls'],
  list: true,
  examples: [
    'hostctl members list --group acme',
    'hostctl members list --project acme/platform/api-gateway --inherited',
    'hostctl members list -g acme/platform --search ali -o json',
  ],
  options: (cmd) =>
    addSourceOptions(cmd)
      .option('--inherited', 'also members inherited from parent groups and from the groups it is shared with (each user once, at their highest role)')
      .option('--search <text>', 'name or username contains this text'),
  async run(cli, _args, o) {
    const source = projectOrGroup(o);
    await cli.showPages(`${source.base}/members${o.inherited ? '/all' : ''}`, { query: o.search }, MEMBER_COLUMNS, MEMBER_FIELDS);
  },
};
