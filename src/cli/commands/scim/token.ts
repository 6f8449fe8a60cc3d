import type { VerbSpec } from '../../kit/verb.js';
import { extension } from '../saml/extension.js';
import { extensionGroupPath } from '../saml/group-arg.js';

export const tokenVerb: VerbSpec = {
  name: 'token',
  destructive: true,
  args: '<group>',
  summary: "Generate the group's SCIM provisioning token for an identity provider (Owner; replaces the previous one; printed once)",
  examples: ['hostctl scim token acme', 'hostctl scim token acme -o json   # token, scim_api_url, created_at'],
  async run(cli, [group]) {
    const api = await cli.client();
    await cli.confirm(`Generate a new SCIM token for ${String(group)}? Identity providers using the current one stop provisioning until they get the new one.`);
    const { data } = await extension(() => api.post<{ token: string; scim_api_url: string; created_at: string }>(extensionGroupPath(group, '/scim_token')));
    if (cli.globals.output !== 'table' || cli.globals.fields) {
      await cli.showItem(data);
      return;
    }
    cli.print(`${data.token}\n`);
    cli.info(`SCIM API URL: ${data.scim_api_url}`);
    cli.info('the token is shown only now; give it and the URL to your identity provider');
  },
};
