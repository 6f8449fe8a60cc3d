import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath, idOrPath } from '../../kit/refs.js';
import { addSortOption, sortQuery } from '../../kit/sort.js';
import { RELEASE_COLUMNS, RELEASE_FIELDS } from './columns.js';
import { addProjectOption, projectRef, releasesPath, type ProjectOpts } from './project.js';

interface ListOpts extends ProjectOpts {
  group?: string;
  orderBy?: string;
  sort?: string;
  html?: boolean;
}

const SORT = { fields: ['released_at', 'created_at'], style: 'order_by', defaultText: 'released_at:desc' } as const;

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: "List a project's releases (newest release date first), or those of a group's projects",
  aliases: ['ls'],
  list: true,
  examples: [
    'hostctl releases list -R acme/web/storefront',
    'hostctl releases list -R 5 --sort created:asc',
    'hostctl releases list --group acme --all --fields tag_name,released_at',
    'hostctl releases list -R acme/web/storefront --html -o json',
  ],
  options: (cmd) =>
    addSortOption(addProjectOption(cmd), SORT)
      .option('-g, --group <group>', "releases of this group's projects, subgroups included (id or full path)")
      .option('--html', 'include description_html, the description rendered from Markdown'),
  async run(cli, _args, o) {
    const sort = sortQuery(o, SORT);
    if (o.group !== undefined) {
      if (o.project !== undefined) throw new UsageError('--project and --group exclude each other');
      if (sort.order_by || o.html) throw new UsageError('--sort FIELD and --html apply to project releases only (a group sorts by release date: --sort asc|desc)');
      await cli.showPages(apiPath('/groups/:id/releases', { id: idOrPath(o.group, '--group') }), { sort: sort.sort }, RELEASE_COLUMNS, RELEASE_FIELDS);
      return;
    }
    await cli.showPages(releasesPath(projectRef(o)), {
      ...sort,
      include_html_description: o.html ? true : undefined,
    }, RELEASE_COLUMNS, RELEASE_FIELDS);
  },
};
