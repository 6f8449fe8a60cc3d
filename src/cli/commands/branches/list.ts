import type { VerbSpec } from '../../kit/verb.js';
import { BRANCH_COLUMNS, BRANCH_FIELDS } from './columns.js';
import { addProjectOption, projectRef, repoPath, type ProjectOpts } from './project.js';
import { checkChoice } from '../../kit/refs.js';

interface ListOpts extends ProjectOpts {
  search?: string;
  regex?: string;
  sort?: string;
}

const SORTS = ['name_asc', 'updated_asc', 'updated_desc'];

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: "List a project's branches, sorted by name, with their merged and protected flags",
  aliases: ['ls'],
  list: true,
  examples: [
    'hostctl branches list -R acme/web/storefront',
    "hostctl branches list -R 5 --search '^feature/'",
    "hostctl branches list -R 5 --regex '^release/\\d+\\.\\d+$' --all",
    'hostctl branches list -R 5 --sort updated_desc --fields name,merged',
  ],
  options: (cmd) =>
    addProjectOption(cmd)
      .option('--search <term>', 'name contains the term; ^term matches the start, term$ the end, * any run of characters')
      .option('--regex <re2>', 'name matches this RE2 regular expression')
      .option('--sort <order>', `one of ${SORTS.join(', ')}`),
  async run(cli, _args, o) {
    if (o.sort) checkChoice(o.sort, SORTS, '--sort');
    const rows = await cli.list<Record<string, unknown>>(repoPath(projectRef(o), '/branches'), { search: o.search, regex: o.regex, sort: o.sort });
    await cli.showList(rows, BRANCH_COLUMNS, BRANCH_FIELDS);
  },
};
