import type { VerbSpec } from '../../kit/verb.js';
import { enterprisePath, ENTERPRISE_COLUMNS, enterpriseUserId } from './columns.js';

export const getVerb: VerbSpec = {
  name: 'get',
  args: '<group> <user>',
  summary: 'Show one enterprise user with their SAML and SCIM identities',
  aliases: ['view'],
  examples: ['hostctl enterprise-users get acme 42', 'hostctl enterprise-users get acme priya.shah', 'hostctl enterprise-users get acme 42 --fields identities,scim_identities -o yaml'],
  async run(cli, [group, user]) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(enterprisePath(group, `/${await enterpriseUserId(api, group, user)}`));
    await cli.showItem(data, ENTERPRISE_COLUMNS);
  },
};
