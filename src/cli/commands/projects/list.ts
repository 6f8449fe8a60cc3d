import type { VerbSpec } from '../../kit/verb.js';
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
  repositoryStorage?: string;
  orderBy?: string;
  sort?: string;
  statistics?: boolean;
}

/** The orders the platform really applies (others it refuses or ignores). */
const SORT = { fields: ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at'], style: 'order_by', defaultText: 'created_at:desc' } as const;

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: 'List projects (administrators see all of them)',
  aliases: ['ls'],
  list: true,
  examples: [
    'hostctl projects list',
    'hostctl projects list --group acme --include-subgroups',
    'hostctl projects list --visibility private --sort name:asc',
    'hostctl projects list --repository-storage default --all --fields id,path_with_namespace -o json',
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
      .option('--repository-storage <name>', 'only projects on this storage (administrators)')
      .option('--statistics', 'include repository statistics (administrators): sizes and commit count'),
  async run(cli, _args, o) {
    const sort = sortQuery(o, SORT);
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
      ...sort,
      statistics: o.statistics || undefined,
    });
    await cli.showList(rows, PROJECT_COLUMNS, PROJECT_FIELDS);
  },
};
