import type { VerbSpec } from '../../kit/verb.js';
import { addSortOption, sortQuery } from '../../kit/sort.js';
import { BRANCH_COLUMNS, BRANCH_FIELDS } from './columns.js';
import { addProjectOption, projectRef, repoPath, type ProjectOpts } from './project.js';

interface ListOpts extends ProjectOpts {
  search?: string;
  regex?: string;
  sort?: string;
}

const SORT = { fields: ['name', 'updated'], style: 'suffix', only: ['name_asc', 'updated_asc', 'updated_desc'] } as const;

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: "List a project's branches, sorted by name, with their merged and protected flags",
  aliases: ['ls'],
  list: true,
  examples: [
    'hostctl branches list -R acme/web/storefront',
    "hostctl branches list -R 5 --search '^feature/'",
    "hostctl branches list -R 5 --regex '^release/\\d+\\.\\d+$' --all",
    'hostctl branches list -R 5 --sort updated:desc --fields name,merged',
  ],
  options: (cmd) =>
    addSortOption(addProjectOption(cmd), SORT)
      .option('--search <term>', 'name contains the term; ^term matches the start, term$ the end, * any run of characters')
      .option('--regex <re2>', 'name matches this RE2 regular expression'),
  async run(cli, _args, o) {
    const sort = sortQuery(o, SORT);
    await cli.showPages(repoPath(projectRef(o), '/branches'), { search: o.search, regex: o.regex, ...sort }, BRANCH_COLUMNS, BRANCH_FIELDS);
  },
};
