import type { VerbSpec } from '../../kit/verb.js';
import { SAML_COLUMNS } from './configure.js';
import { extension } from './extension.js';
import { extensionGroupPath } from './group-arg.js';

export const getVerb: VerbSpec = {
  name: 'get',
  args: '<group>',
  summary: "Show a top-level group's SAML provider (Owner or administrator; hostctl extension)",
  examples: ['hostctl saml get acme', 'hostctl saml get acme -o json'],
  async run(cli, [group]) {
    const api = await cli.client();
    const { data } = await extension(() => api.get<Record<string, unknown>>(extensionGroupPath(group, '/saml_provider')));
    await cli.showItem(data, SAML_COLUMNS);
  },
};
