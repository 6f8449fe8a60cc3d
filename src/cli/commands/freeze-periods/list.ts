import type { VerbSpec } from '../../kit/verb.js';
import { FREEZE_COLUMNS, FREEZE_FIELDS, addProjectOption, periodsPath, projectRef, type ProjectOpts } from './shared.js';

export const listVerb: VerbSpec<ProjectOpts> = {
  name: 'list',
  summary: "List a project's deploy freeze periods (Reporter), oldest first",
  aliases: ['ls'],
  list: true,
  examples: ['hostctl freeze-periods list -R acme/web/storefront', 'hostctl freeze-periods list -R 5 --all -o json'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, _args, o) {
    await cli.showPages(periodsPath(projectRef(o)), undefined, FREEZE_COLUMNS, FREEZE_FIELDS);
  },
};
