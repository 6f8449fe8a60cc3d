// hostctl saml links get
import type { VerbSpec } from '../../kit/verb.js';
import { groupPath } from './group-arg.js';
import { addProvider, LINK_COLUMNS, nameArg, providerQuery, type LinkOpts } from './link-common.js';

export const linksGetVerb: VerbSpec<LinkOpts> = {
  name: 'get',
  args: '<group> <name>',
  summary: 'Show one SAML group link',
  aliases: ['view'],
  examples: ['hostctl saml links get acme engineering', 'hostctl saml links get acme admins --provider okta'],
  options: addProvider,
  async run(cli, [group, name], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(groupPath(group, `/saml_group_links/${nameArg(name)}`), providerQuery(o));
    await cli.showItem(data, LINK_COLUMNS);
  },
};
