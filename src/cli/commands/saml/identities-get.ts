// hostctl saml identities get
import type { VerbSpec } from '../../kit/verb.js';
import { groupPath } from './group-arg.js';
import { addScim, identityColumns, identityKind, uidArg, type IdentityOpts } from './identity-common.js';

export const identitiesGetVerb: VerbSpec<IdentityOpts> = {
  name: 'get',
  args: '<group> <uid>',
  summary: 'Show one identity by its extern_uid',
  aliases: ['view'],
  examples: ['hostctl saml identities get acme okta-00u1', 'hostctl saml identities get acme okta-00u1 --scim'],
  options: addScim,
  async run(cli, [group, uid], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(groupPath(group, `/${identityKind(o)}/${uidArg(uid)}`));
    await cli.showItem(data, identityColumns(o));
  },
};
