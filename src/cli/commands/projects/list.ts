import type { VerbSpec } from '../../kit/verb.js';
import type { Column } from '../../render/output.js';
import { addSortOption, sortQuery } from '../../kit/sort.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath, idOrPath, parseAccessLevel, parseVisibility } from '../../kit/refs.js';
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
  storage?: string;
  orderBy?: string;
  sort?: string;
  statistics?: boolean;
}

/** The orders the platform really applies (others it refuses or ignores). */
const SORT = { fields: ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at', 'storage_size', 'repository_size'], style: 'order_by', defaultText: 'created_at:desc' } as const;

/** The statistics columns (administrators, or members who can read the code). */
const STATISTICS_COLUMNS: Column[] = [
  { key: 'statistics.storage_size', header: 'storage size', bytes: true },
  { key: 'statistics.commit_count', header: 'commits' },
];

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: 'List projects (administrators see all of them)',
  aliases: ['ls'],
  list: true,
  examples: [
    'hostctl projects list',
    'hostctl projects list --group acme --include-subgroups',
    'hostctl projects list --visibility private --sort name:asc',
    'hostctl projects list --sort storage_size:desc --limit 10     # the biggest (administrators)',
    'hostctl projects list --storage default --all --fields id,path_with_namespace -o json',
  ],
  options: (cmd) =>
    addSortOption(cmd, SORT)
      .option('-g, --group <group>', "only this group's projects (id or full path)")
      .option('--include-subgroups', 'with --group: also projects of its subgroups')
      .option('--search <text>', 'name or path contains this text')
      .option('--owned', 'only projects the caller owns')
      .option('--membership', 'only projects the caller is a member of')
      .option('--visibility <level>', 'private, internal or public')
      .option('--archived', 'only archived projects')
      .option('--no-archived', 'only projects that are not archived')
      .option('--min-access-level <role>', 'only projects where the caller has at least this role')
      .option('--storage <storage>', 'only projects on this storage (administrators)')
      .option('--statistics', 'include repository statistics: storage size and commit count (implied by --sort storage_size|repository_size, which administrators may use)'),
  async run(cli, _args, o) {
    const sort = sortQuery(o, SORT);
    const statistics = o.statistics || sort.order_by === 'storage_size' || sort.order_by === 'repository_size';
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
      repository_storage: o.storage,
      ...sort,
      statistics: statistics || undefined,
    });
    await cli.showList(rows, statistics ? [...PROJECT_COLUMNS, ...STATISTICS_COLUMNS] : PROJECT_COLUMNS, PROJECT_FIELDS);
  },
};
