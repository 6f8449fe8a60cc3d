import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { addProjectOption, projectRef, repoPath, type ProjectOpts } from '../branches/project.js';
import { TAG_COLUMNS, TAG_FIELDS } from './columns.js';
import { checkChoice } from '../../kit/refs.js';

interface ListOpts extends ProjectOpts {
  search?: string;
  orderBy?: string;
  sort?: string;
}

const ORDERS = ['updated', 'name', 'version'];

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: "List a project's tags (most recently created first)",
  aliases: ['ls'],
  list: true,
  examples: ['hostctl tags list -R acme/web/storefront', "hostctl tags list -R 5 --search '^v1.' --order-by version", 'hostctl tags list -R 5 --order-by name --sort asc --all -o json'],
  options: (cmd) =>
    addProjectOption(cmd)
      .option('--search <term>', 'name contains the term; ^term matches the start, term$ the end')
      .option('--order-by <field>', `one of ${ORDERS.join(', ')} (default updated)`)
      .option('--sort <dir>', 'desc (default) or asc'),
  async run(cli, _args, o) {
    if (o.orderBy) checkChoice(o.orderBy, ORDERS, '--order-by');
    if (o.sort && !['asc', 'desc'].includes(o.sort)) throw new UsageError(`--sort must be asc or desc, got "${o.sort}"`);
    const rows = await cli.list<Record<string, unknown>>(repoPath(projectRef(o), '/tags'), { search: o.search, order_by: o.orderBy, sort: o.sort });
    await cli.showList(rows, TAG_COLUMNS, TAG_FIELDS);
  },
};
