import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath, checkChoice, idOrPath } from '../../kit/refs.js';
import { PACKAGE_COLUMNS, PACKAGE_FIELDS, PACKAGE_GROUP_COLUMNS, PACKAGE_STATUSES, PACKAGE_TYPES } from './columns.js';
import { addProjectOption, packagesPath, projectRef, type ProjectOpts } from './paths.js';

interface ListOpts extends ProjectOpts {
  group?: string;
  type?: string;
  name?: string;
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
  examples: [
    'hostctl packages list -R acme/web/storefront',
    'hostctl packages list -R 5 --type npm --name widget --order-by version --sort desc',
    'hostctl packages list --group acme --exclude-subgroups --order-by project_path',
    'hostctl packages list -R acme/web/storefront --status hidden -o json',
  ],
  options: (cmd) =>
    addProjectOption(cmd)
      .option('-g, --group <group>', "packages of this group's projects, subgroups included (id or full path)")
      .option('--type <type>', `only this package type: ${PACKAGE_TYPES.join(', ')}`)
      .option('--name <text>', 'names containing this text')
      .option('--package-version <version>', 'only this version')
      .option('--versionless', 'include packages without a version')
      .option('--status <status>', `only this status: ${PACKAGE_STATUSES.join(', ')}`)
      .option('--order-by <field>', 'created_at (default), name, version, type, or project_path for groups')
      .option('--sort <dir>', 'asc (default) or desc')
      .option('--exclude-subgroups', "with --group: only the group's own projects"),
  async run(cli, _args, o) {
    if (o.type !== undefined) checkChoice(o.type, PACKAGE_TYPES, '--type');
    if (o.status !== undefined) checkChoice(o.status, PACKAGE_STATUSES, '--status');
    if (o.sort !== undefined) checkChoice(o.sort, ['asc', 'desc'], '--sort');
    const query = {
      package_type: o.type,
      package_name: o.name,
      package_version: o.packageVersion,
      include_versionless: o.versionless ? true : undefined,
      status: o.status,
      order_by: o.orderBy,
      sort: o.sort,
    };
    if (o.group !== undefined) {
      if (o.project !== undefined) throw new UsageError('--project and --group exclude each other');
      if (o.orderBy !== undefined) checkChoice(o.orderBy, ['created_at', 'name', 'version', 'type', 'project_path'], '--order-by');
      const rows = await cli.list<Record<string, unknown>>(apiPath('/groups/:id/packages', { id: idOrPath(o.group, '--group') }), {
        ...query,
        exclude_subgroups: o.excludeSubgroups ? true : undefined,
      });
      await cli.showList(rows, PACKAGE_GROUP_COLUMNS, PACKAGE_FIELDS);
      return;
    }
    if (o.excludeSubgroups) throw new UsageError('--exclude-subgroups applies to --group lists only');
    if (o.orderBy !== undefined) checkChoice(o.orderBy, ['created_at', 'name', 'version', 'type'], '--order-by');
    const rows = await cli.list<Record<string, unknown>>(packagesPath(projectRef(o)), query);
    await cli.showList(rows, PACKAGE_COLUMNS, PACKAGE_FIELDS);
  },
};
