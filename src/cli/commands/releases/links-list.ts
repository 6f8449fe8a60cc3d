import type { VerbSpec } from '../../kit/verb.js';
import { LINK_COLUMNS, LINK_FIELDS } from './columns.js';
import { addProjectOption, projectRef, releasePath, tagArg, type ProjectOpts } from './project.js';

export const linksListVerb: VerbSpec<ProjectOpts> = {
  name: 'list',
  args: '<tag>',
  summary: "List a release's asset links (newest first)",
  aliases: ['ls'],
  list: true,
  examples: ['hostctl releases links list v1.3.0 -R acme/web/storefront', 'hostctl releases links list v1.3.0 -R 5 --fields id,name,url -o json'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [tag], o) {
    await cli.showPages(releasePath(projectRef(o), tagArg(tag), '/assets/links'), undefined, LINK_COLUMNS, LINK_FIELDS);
  },
};
