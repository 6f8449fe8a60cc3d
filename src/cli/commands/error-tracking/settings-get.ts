import type { VerbSpec } from '../../kit/verb.js';
import { addProjectOption, projectRef, settingsPath, type ProjectOpts } from './shared.js';

export const settingsGetVerb: VerbSpec<ProjectOpts> = {
  name: 'get',
  summary: 'Show the error tracking settings of a project (Maintainer); not found until configured',
  aliases: ['view'],
  examples: ['hostctl error-tracking settings get -R acme/web/storefront', 'hostctl error-tracking settings get -R 5 -o json'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, _args, o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(settingsPath(projectRef(o)));
    await cli.showItem(data);
  },
};
