import type { VerbSpec } from '../../kit/verb.js';
import { addSortOption, noteUnrankedOrder, sortQuery } from '../../kit/sort.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath, idOrPath, parseAccessLevel, parseVisibility } from '../../kit/refs.js';
import { callerIsAdmin, COMMITS_COLUMN, sizeColumn, STORAGE_SIZE_COLUMN, statisticsTally } from '../../kit/statistics.js';
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

/** The orders by a size field: administrators only (the platform ignores them for others). */
const SIZE_ORDERS: readonly string[] = ['storage_size', 'repository_size', 'wiki_size', 'packages_size'];

/**
 * The orders the platform takes (others it refuses). `similarity` ranks the --search matches by
 * how closely their path, name and description match it, best first, and outside --group only
 * among the projects the caller is a member of; a group's list has no size orders.
 */
const SORT = {
  fields: ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at', 'star_count', 'similarity', ...SIZE_ORDERS],
  style: 'order_by',
  defaultText: 'created_at:desc',
} as const;

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
    'hostctl projects list --sort star_count --limit 10            # the most starred',
    'hostctl projects list --search web --sort similarity          # your projects, best match first',
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
      .option('--statistics', 'include statistics: storage size and commit count (implied by a --sort by size, which administrators may use)'),
  async run(cli, _args, o) {
    const sort = sortQuery(o, SORT);
    const bySize = SIZE_ORDERS.includes(String(sort.order_by));
    const statistics = o.statistics === true || bySize;
    if (o.includeSubgroups && !o.group) throw new UsageError('--include-subgroups needs --group');
    if (bySize && o.group) throw new UsageError(`--sort ${String(sort.order_by)} is not offered with --group: a group's project list has no size orders`);
    const path = o.group ? apiPath('/groups/:id/projects', { id: idOrPath(o.group, '--group') }) : '/projects';
    const query = {
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
    };
    // The field sorted on comes first among the statistics and stays on a narrow terminal.
    const sortedOn = bySize && sort.order_by !== 'storage_size' ? [{ ...sizeColumn(String(sort.order_by)), priority: 2 as const }] : [];
    const storage = bySize && sort.order_by === 'storage_size' ? { ...STORAGE_SIZE_COLUMN, priority: 2 as const } : STORAGE_SIZE_COLUMN;
    const tally = statistics ? statisticsTally(cli, 'project', PROJECT_COLUMNS, [...sortedOn, storage, COMMITS_COLUMN], PROJECT_FIELDS) : undefined;
    let askedWho = false;
    await cli.showPages(path, query, PROJECT_COLUMNS, statistics ? [...PROJECT_FIELDS, 'statistics'] : PROJECT_FIELDS, {
      inspect: async (rows) => {
        tally?.see(rows);
        if (rows.length === 0) return;
        // The platform orders a non-administrator's list by created_at instead, without a word (and a
        // member from Reporter up still gets statistics, so the rows cannot tell): ask who is calling.
        if (bySize && !askedWho) {
          askedWho = true;
          if (!(await callerIsAdmin(cli))) cli.info(`--sort ${String(sort.order_by)} is for administrators: the list is ordered by created_at instead`);
        }
        noteUnrankedOrder(cli, sort, o.search, rows, o.group ? 'name' : 'created_at');
      },
      // Only statistics decide columns from the rows: without them a table's rows can go out page by page.
      ...(tally ? { view: () => tally.view() } : {}),
    });
  },
};
