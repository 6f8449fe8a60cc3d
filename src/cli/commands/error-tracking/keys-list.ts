import type { VerbSpec } from '../../kit/verb.js';
import { KEY_COLUMNS, KEY_FIELDS, addProjectOption, keysPath, projectRef, type ProjectOpts } from './shared.js';

export const keysListVerb: VerbSpec<ProjectOpts> = {
  name: 'list',
  summary: 'List the error tracking client keys of a project with their DSNs (Maintainer)',
  aliases: ['ls'],
  list: true,
  examples: ['hostctl error-tracking keys list -R acme/web/storefront', 'hostctl error-tracking keys list -R 5 --fields id,tracker_dsn'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, _args, o) {
    await cli.showPages(keysPath(projectRef(o)), undefined, KEY_COLUMNS, KEY_FIELDS);
  },
};
