import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath, idOrPath } from '../../kit/refs.js';
import { RELEASE_COLUMNS, RELEASE_FIELDS } from './columns.js';
import { addProjectOption, projectRef, releasesPath, type ProjectOpts } from './project.js';

interface ListOpts extends ProjectOpts {
  group?: string;
  orderBy?: string;
  sort?: string;
  html?: boolean;
}

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: "List a project's releases (newest release date first), or those of a group's projects",
  aliases: ['ls'],
  list: true,
  examples: [
    'hostctl releases list -R acme/web/storefront',
    'hostctl releases list -R 5 --order-by created_at --sort asc',
    'hostctl releases list --group acme --all --fields tag_name,released_at',
    'hostctl releases list -R acme/web/storefront --html -o json',
  ],
  options: (cmd) =>
    addProjectOption(cmd)
      .option('-g, --group <group>', "releases of this group's projects, subgroups included (id or full path)")
      .option('--order-by <field>', 'released_at (default) or created_at')
      .option('--sort <dir>', 'desc (default) or asc')
      .option('--html', 'include description_html, the description rendered from Markdown'),
  async run(cli, _args, o) {
    if (o.orderBy && !['released_at', 'created_at'].includes(o.orderBy)) throw new UsageError(`--order-by must be released_at or created_at, got "${o.orderBy}"`);
    if (o.sort && !['asc', 'desc'].includes(o.sort)) throw new UsageError(`--sort must be asc or desc, got "${o.sort}"`);
    if (o.group !== undefined) {
      if (o.project !== undefined) throw new UsageError('--project and --group exclude each other');
      if (o.orderBy || o.html) throw new UsageError('--order-by and --html apply to project releases only');
      const rows = await cli.list<Record<string, unknown>>(apiPath('/groups/:id/releases', { id: idOrPath(o.group, '--group') }), { sort: o.sort });
      await cli.showList(rows, RELEASE_COLUMNS, RELEASE_FIELDS);
      return;
    }
    const rows = await cli.list<Record<string, unknown>>(releasesPath(projectRef(o)), {
      order_by: o.orderBy,
      sort: o.sort,
      include_html_description: o.html ? true : undefined,
    });
    await cli.showList(rows, RELEASE_COLUMNS, RELEASE_FIELDS);
  },
};
