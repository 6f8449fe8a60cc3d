import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath, checkChoice, idOrPath, parseAccessLevel, parseVisibility } from '../../kit/refs.js';
import { PROJECT_COLUMNS, PROJECT_FIELDS } from './columns.js';

interface ListOpts {
  group?: string;
  includeSubgroups?: boolean;
  search?: string;
  owned?: boolean;
  membership?: boolean;
  visibility?: string;
  archived?: boolean;
  minAccessLevel?: string;
  repositoryStorage?: string;
  orderBy?: string;
  sort?: string;
}

const ORDERS = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at', 'star_count', 'similarity', 'repository_size', 'storage_size'];

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: 'List projects (administrators see all of them)',
  aliases: ['ls'],
  list: true,
  examples: [
    'hostctl projects list',
    'hostctl projects list --group acme --include-subgroups',
    'hostctl projects list --visibility private --order-by name --sort asc',
    'hostctl projects list --repository-storage default --all --fields id,path_with_namespace -o json',
  ],
  options: (cmd) =>
    cmd
      .option('-g, --group <group>', "only this group's projects (id or full path)")
      .option('--include-subgroups', 'with --group: also projects of its subgroups')
      .option('--search <text>', 'name or path contains this text')
      .option('--owned', 'only projects the caller owns')
      .option('--membership', 'only projects the caller is a member of')
      .option('--visibility <level>', 'private, internal or public')
      .option('--archived', 'only archived projects')
      .option('--no-archived', 'only projects that are not archived')
      .option('--min-access-level <role>', 'only projects where the caller has at least this role')
      .option('--repository-storage <name>', 'only projects on this storage (administrators)')
      .option('--order-by <field>', `one of ${ORDERS.join(', ')} (default created_at)`)
      .option('--sort <dir>', 'asc or desc (default desc)'),
  async run(cli, _args, o) {
    if (o.orderBy) checkChoice(o.orderBy, ORDERS, '--order-by');
    if (o.sort && !['asc', 'desc'].includes(o.sort)) throw new UsageError(`--sort must be asc or desc, got "${o.sort}"`);
    if (o.includeSubgroups && !o.group) throw new UsageError('--include-subgroups needs --group');
    const path = o.group ? apiPath('/groups/:id/projects', { id: idOrPath(o.group, '--group') }) : '/projects';
    const rows = await cli.list<Record<string, unknown>>(path, {
      include_subgroups: o.includeSubgroups || undefined,
      search: o.search,
      owned: o.owned || undefined,
      membership: o.membership || undefined,
      visibility: parseVisibility(o.visibility),
      archived: o.archived,
      min_access_level: o.minAccessLevel !== undefined ? parseAccessLevel(o.minAccessLevel, '--min-access-level') : undefined,
      repository_storage: o.repositoryStorage,
      order_by: o.orderBy,
      sort: o.sort,
    });
    await cli.showList(rows, PROJECT_COLUMNS, PROJECT_FIELDS);
  },
};
