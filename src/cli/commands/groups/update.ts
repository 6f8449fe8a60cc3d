import type { VerbSpec } from '../../kit/verb.js';
import { apiPath, idOrPath, parseVisibility, requireChanges } from '../../kit/refs.js';
import { GROUP_DETAIL_COLUMNS } from './columns.js';

interface UpdateOpts {
  name?: string;
  path?: string;
  visibility?: string;
  description?: string;
}

export const updateVerb: VerbSpec<UpdateOpts> = {
  name: 'update',
  bulk: true,
  args: '<group>',
  summary: 'Change a group (Owner); a new --path moves everything below it',
  aliases: ['edit'],
  examples: [
    'hostctl groups update acme/platform --description "Shared platform services"',
    'hostctl groups update 12 --visibility private',
    'hostctl groups update acme/web --name Frontend --path frontend -o json',
  ],
  options: (cmd) =>
    cmd
      .option('--name <name>', 'display name')
      .option('--path <path>', 'URL path')
      .option('--visibility <level>', 'private, internal or public')
      .option('--description <text>', 'description'),
  async run(cli, [group], o) {
    const body = requireChanges({ name: o.name, path: o.path, visibility: parseVisibility(o.visibility), description: o.description }, '--name, --path, --visibility, --description');
    const api = await cli.client();
    const { data } = await api.put<Record<string, unknown>>(apiPath('/groups/:id', { id: idOrPath(group, 'GROUP') }), body);
    await cli.showItem(data, GROUP_DETAIL_COLUMNS);
  },
};
