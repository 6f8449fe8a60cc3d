import type { VerbSpec } from '../../kit/verb.js';
import { apiPath } from '../../kit/refs.js';
import { addProjectOption, projectRef, type ProjectOpts } from '../../kit/project-option.js';

export const getVerb: VerbSpec<ProjectOpts> = {
  name: 'get',
  summary: 'Show the security settings of a project (Ultimate; Developer)',
  aliases: ['view'],
  examples: ['hostctl security-settings get -R acme/web/storefront', 'hostctl security-settings get -R 5 --fields secret_push_protection_enabled -o json'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, _args, o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(apiPath('/projects/:id/security_settings', { id: projectRef(o) }));
    await cli.showItem(data);
  },
};
