import type { VerbSpec } from '../../kit/verb.js';
import { RULE_COLUMNS, RULE_FIELDS } from './columns.js';
import { addProjectOption, projectRef, rulesPath, type ProjectOpts } from './paths.js';

export const protectionListVerb: VerbSpec<ProjectOpts> = {
  name: 'list',
  summary: "List a project's package protection rules (Maintainer)",
  aliases: ['ls'],
  list: true,
  examples: ['hostctl packages protection list -R acme/web/storefront'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, _args, o) {
    await cli.showPages(rulesPath(projectRef(o)), undefined, RULE_COLUMNS, RULE_FIELDS);
  },
};
