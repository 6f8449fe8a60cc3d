import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath, checkChoice, idOrPath, parseAccessLevel, parseVisibility } from '../../kit/refs.js';
import { GROUP_COLUMNS, GROUP_FIELDS } from './columns.js';

interface ListOpts {
  parent?: string;
  descendants?: boolean;
  search?: string;
  topLevel?: boolean;
  owned?: boolean;
  minAccessLevel?: string;
  visibility?: string;
  orderBy?: string;
  sort?: string;
}

const ORDERS = ['name', 'path', 'id'];

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: 'List groups (administrators see all of them)',
  aliases: ['ls'],
  list: true,
  examples: [
    'hostctl groups list',
    'hostctl groups list --top-level',
    'hostctl groups list --parent acme --descendants',
    'hostctl groups list --search platform --fields id,full_path -o json',
  ],
  options: (cmd) =>
    cmd
      .option('--parent <group>', 'only subgroups of this group (id or full path)')
      .option('--descendants', 'with --parent: every level below it, not only direct subgroups')
      .option('--search <text>', 'name or path contains this text')
      .option('--top-level', 'only top-level groups')
      .option('--owned', 'only groups the caller owns')
      .option('--min-access-level <role>', 'only groups where the caller has at least this role')
      .option('--visibility <level>', 'private, internal or public')
      .option('--order-by <field>', `one of ${ORDERS.join(', ')} (default name)`)
      .option('--sort <dir>', 'asc or desc (default asc)'),
  async run(cli, _args, o) {
    if (o.orderBy) checkChoice(o.orderBy, ORDERS, '--order-by');
    if (o.sort && !['asc', 'desc'].includes(o.sort)) throw new UsageError(`--sort must be asc or desc, got "${o.sort}"`);
    if (o.descendants && !o.parent) throw new UsageError('--descendants needs --parent');
    if (o.parent && o.topLevel) throw new UsageError('--parent and --top-level exclude each other');
    const path = o.parent
      ? apiPath(o.descendants ? '/groups/:id/descendant_groups' : '/groups/:id/subgroups', { id: idOrPath(o.parent, '--parent') })
      : '/groups';
    const rows = await cli.list<Record<string, unknown>>(path, {
      search: o.search,
      top_level_only: o.topLevel || undefined,
      owned: o.owned || undefined,
      min_access_level: o.minAccessLevel !== undefined ? parseAccessLevel(o.minAccessLevel, '--min-access-level') : undefined,
      visibility: parseVisibility(o.visibility),
      order_by: o.orderBy,
      sort: o.sort,
    });
    await cli.showList(rows, GROUP_COLUMNS, GROUP_FIELDS);
  },
};
