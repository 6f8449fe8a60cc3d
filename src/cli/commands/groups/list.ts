import type { VerbSpec } from '../../kit/verb.js';
import { addSortOption, noteUnrankedOrder, sortQuery } from '../../kit/sort.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath, idOrPath, parseAccessLevel, parseVisibility } from '../../kit/refs.js';
import { REPOSITORY_SIZE_COLUMN, STORAGE_SIZE_COLUMN, statisticsTally } from '../../kit/statistics.js';
import { GROUP_COLUMNS, GROUP_FIELDS } from './columns.js';

interface ListOpts {
  group?: string;
  descendants?: boolean;
  search?: string;
  topLevel?: boolean;
  owned?: boolean;
  minAccessLevel?: string;
  visibility?: string;
  orderBy?: string;
  sort?: string;
  statistics?: boolean;
}

/** The orders the platform takes; `similarity` ranks the --search matches, best first. */
const SORT = { fields: ['name', 'path', 'id', 'similarity'], style: 'order_by', defaultText: 'name:asc' } as const;

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: 'List groups (administrators see all of them)',
  aliases: ['ls'],
  list: true,
  examples: [
    'hostctl groups list',
    'hostctl groups list --top-level',
    'hostctl groups list --group acme --descendants',
    'hostctl groups list --search platform --fields id,full_path -o json',
    'hostctl groups list --search platform --sort similarity    # best match first',
    'hostctl groups list --statistics --fields full_path,statistics.storage_size -o json   # administrators',
  ],
  options: (cmd) =>
    addSortOption(cmd, SORT)
      .option('-g, --group <group>', 'only subgroups of this group (id or full path)')
      .option('--descendants', 'with --group: every level below it, not only direct subgroups')
      .option('--search <text>', 'name or path contains this text')
      .option('--top-level', 'only top-level groups')
      .option('--owned', 'only groups the caller owns')
      .option('--min-access-level <role>', 'only groups where the caller has at least this role')
      .option('--visibility <level>', 'private, internal or public')
      .option('--statistics', "include statistics: the sizes summed over each group's own projects (administrators)"),
  async run(cli, _args, o) {
    const sort = sortQuery(o, SORT);
    if (o.descendants && !o.group) throw new UsageError('--descendants needs --group');
    if (o.group && o.topLevel) throw new UsageError('--group and --top-level exclude each other');
    const path = o.group
      ? apiPath(o.descendants ? '/groups/:id/descendant_groups' : '/groups/:id/subgroups', { id: idOrPath(o.group, '--group') })
      : '/groups';
    const query = {
      search: o.search,
      top_level_only: o.topLevel || undefined,
      owned: o.owned || undefined,
      min_access_level: o.minAccessLevel !== undefined ? parseAccessLevel(o.minAccessLevel, '--min-access-level') : undefined,
      visibility: parseVisibility(o.visibility),
      ...sort,
      statistics: o.statistics || undefined,
    };
    const tally = o.statistics ? statisticsTally(cli, 'group', GROUP_COLUMNS, [STORAGE_SIZE_COLUMN, REPOSITORY_SIZE_COLUMN], GROUP_FIELDS) : undefined;
    await cli.showPages(path, query, GROUP_COLUMNS, o.statistics ? [...GROUP_FIELDS, 'statistics'] : GROUP_FIELDS, {
      inspect: (rows) => {
        tally?.see(rows);
        noteUnrankedOrder(cli, sort, o.search, rows, 'name');
      },
      ...(tally ? { view: () => tally.view() } : {}),
    });
  },
};
