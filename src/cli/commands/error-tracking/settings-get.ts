import { showVerb } from '../../kit/show-verb.js';
import { addProjectOption, projectRef, settingsPath, type ProjectOpts } from './shared.js';

export const settingsGetVerb = showVerb<ProjectOpts>({
  name: 'get',
  summary: 'Show the error tracking settings of a project (Maintainer); not found until configured',
  aliases: ['view'],
  examples: ['hostctl error-tracking settings get -R acme/web/storefront', 'hostctl error-tracking settings get -R 5 -o json'],
  options: (cmd) => addProjectOption(cmd),
  path: (_args, o) => settingsPath(projectRef(o)),
});
