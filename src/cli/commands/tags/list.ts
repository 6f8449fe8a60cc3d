import type { VerbSpec } from '../../kit/verb.js';
import { addSortOption, sortQuery } from '../../kit/sort.js';
import { addProjectOption, projectRef, repoPath, type ProjectOpts } from '../branches/project.js';
import { TAG_COLUMNS, TAG_FIELDS } from './columns.js';

interface ListOpts extends ProjectOpts {
  search?: string;
  orderBy?: string;
  sort?: string;
}

const SORT = { fields: ['updated', 'name', 'version'], style: 'order_by', defaultText: 'updated:desc' } as const;

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: "List a project's tags (most recently created first)",
  aliases: ['ls'],
  list: true,
  examples: ['hostctl tags list -R acme/web/storefront', "hostctl tags list -R 5 --search '^v1.' --sort version", 'hostctl tags list -R 5 --sort name:asc --all -o json'],
  options: (cmd) =>
    addSortOption(addProjectOption(cmd), SORT)
      .option('--search <term>', 'name contains the term; ^term matches the start, term$ the end'),
  async run(cli, _args, o) {
    const sort = sortQuery(o, SORT);
    await cli.showPages(repoPath(projectRef(o), '/tags'), { search: o.search, ...sort }, TAG_COLUMNS, TAG_FIELDS);
  },
};
