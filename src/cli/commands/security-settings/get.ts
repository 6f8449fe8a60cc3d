import { showVerb } from '../../kit/show-verb.js';
import { apiPath } from '../../kit/refs.js';
import { addProjectOption, projectRef, type ProjectOpts } from '../../kit/project-option.js';

export const getVerb = showVerb<ProjectOpts>({
  name: 'get',
  summary: 'Show the security settings of a project (Ultimate; Developer)',
  aliases: ['view'],
  examples: ['hostctl security-settings get -R acme/web/storefront', 'hostctl security-settings get -R 5 --fields secret_push_protection_enabled -o json'],
  options: (cmd) => addProjectOption(cmd),
  path: (_args, o) => apiPath('/projects/:id/security_settings', { id: projectRef(o) }),
});
