import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { defined, parseVisibility, resolveGroupId } from '../../kit/refs.js';
import { GROUP_DETAIL_COLUMNS, slugOf } from './columns.js';

interface CreateOpts {
  name: string;
  path?: string;
  group?: string;
  visibility?: string;
  description?: string;
}

export const createVerb: VerbSpec<CreateOpts> = {
  name: 'create',
  bulk: true,
  summary: 'Create a group, or a subgroup with --group',
  examples: [
    'hostctl groups create --name Acme',
    'hostctl groups create --name Platform --group acme --visibility internal',
    'hostctl groups create --name "Infra Team" --path infra --group acme/platform --description "Clusters and networks" -o json',
  ],
  options: (cmd) =>
    cmd
      .requiredOption('--name <name>', 'display name')
      .option('--path <path>', 'URL path (derived from the name when absent)')
      .option('-g, --group <group>', 'parent group (id or full path)')
      .option('--visibility <level>', 'private, internal or public')
      .option('--description <text>', 'description'),
  async run(cli, _args, o) {
    const path = o.path ?? slugOf(o.name);
    if (!path) throw new UsageError(`cannot derive a path from the name "${o.name}"; give --path`);
    const api = await cli.client();
    const parentId = o.group !== undefined ? await resolveGroupId(api, o.group, '--group') : undefined;
    const { data } = await api.post<Record<string, unknown>>(
      '/groups',
      defined({ name: o.name, path, parent_id: parentId, visibility: parseVisibility(o.visibility), description: o.description }),
    );
    await cli.showItem(data, GROUP_DETAIL_COLUMNS);
  },
};
