import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { addSortOption, sortQuery } from '../../kit/sort.js';
import { apiPath, checkChoice, idOrPath } from '../../kit/refs.js';
import { PACKAGE_COLUMNS, PACKAGE_FIELDS, PACKAGE_GROUP_COLUMNS, PACKAGE_STATUSES, PACKAGE_TYPES } from './columns.js';
import { addProjectOption, packagesPath, projectRef, type ProjectOpts } from './paths.js';

// project_path sorts group lists only; a project's list refuses it.
const SORT = { fields: ['created_at', 'name', 'version', 'type'], style: 'order_by', defaultText: 'created_at:asc' } as const;
const GROUP_SORT = { ...SORT, fields: [...SORT.fields, 'project_path'] } as const;

interface ListOpts extends ProjectOpts {
  group?: string;
  type?: string;
  search?: string;
  packageVersion?: string;
  versionless?: boolean;
  status?: string;
  orderBy?: string;
  sort?: string;
  excludeSubgroups?: boolean;
}

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: "List a project's packages, or those of a group's projects (default, deprecated and error packages unless --status)",
  aliases: ['ls'],
  list: true,
  // --name was this list's substring filter before --search; it stays accepted, hidden.
  optionAliases: [['name', 'search']],
  examples: [
    'hostctl packages list -R acme/web/storefront',
    'hostctl packages list -R 5 --type npm --search widget --sort version:desc',
    'hostctl packages list --group acme --exclude-subgroups --sort project_path',
    'hostctl packages list -R acme/web/storefront --status hidden -o json',
  ],
  options: (cmd) =>
    addSortOption(addProjectOption(cmd), GROUP_SORT)
      .option('-g, --group <group>', "packages of this group's projects, subgroups included (id or full path)")
      .option('--type <type>', `only this package type: ${PACKAGE_TYPES.join(', ')}`)
      .option('--search <text>', 'names containing this text')
      .option('--package-version <version>', 'only this version')
      .option('--versionless', 'include packages without a version')
      .option('--status <status>', `only this status: ${PACKAGE_STATUSES.join(', ')}`)
      .option('--exclude-subgroups', "with --group: only the group's own projects"),
  async run(cli, _args, o) {
    if (o.type !== undefined) checkChoice(o.type, PACKAGE_TYPES, '--type');
    if (o.status !== undefined) checkChoice(o.status, PACKAGE_STATUSES, '--status');
    const query = {
      package_type: o.type,
      package_name: o.search,
      package_version: o.packageVersion,
      include_versionless: o.versionless ? true : undefined,
      status: o.status,
    };
    if (o.group !== undefined) {
      if (o.project !== undefined) throw new UsageError('--project and --group exclude each other');
      await cli.showPages(apiPath('/groups/:id/packages', { id: idOrPath(o.group, '--group') }), {
        ...query,
        ...sortQuery(o, GROUP_SORT),
        exclude_subgroups: o.excludeSubgroups ? true : undefined,
      }, PACKAGE_GROUP_COLUMNS, PACKAGE_FIELDS);
      return;
    }
    if (o.excludeSubgroups) throw new UsageError('--exclude-subgroups applies to --group lists only');
    await cli.showPages(packagesPath(projectRef(o)), { ...query, ...sortQuery(o, SORT) }, PACKAGE_COLUMNS, PACKAGE_FIELDS);
  },
};
