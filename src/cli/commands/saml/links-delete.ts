// hostctl saml links delete
import type { VerbSpec } from '../../kit/verb.js';
import { groupPath } from './group-arg.js';
import { addProvider, nameArg, providerQuery, type LinkOpts } from './link-common.js';

export const linksDeleteVerb: VerbSpec<LinkOpts> = {
  name: 'delete',
  bulk: true,
  destructive: true,
  args: '<group> <name>',
  summary: 'Delete a SAML group link',
  aliases: ['rm'],
  examples: ['hostctl saml links delete acme engineering', 'hostctl saml links delete acme admins --provider okta --yes'],
  options: addProvider,
  async run(cli, [group, name], o) {
    const path = groupPath(group, `/saml_group_links/${nameArg(name)}`);
    const api = await cli.client();
    await api.get(path, providerQuery(o));
    await cli.confirm(`Delete the SAML group link ${String(name)} of ${String(group)}?`);
    await api.delete(path, providerQuery(o));
    cli.info(`deleted SAML group link ${String(name)}`);
  },
};
