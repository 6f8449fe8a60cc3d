// hostctl saml identities delete
import type { VerbSpec } from '../../kit/verb.js';
import { groupPath } from './group-arg.js';
import { addScim, identityKind, uidArg, type IdentityOpts } from './identity-common.js';

export const identitiesDeleteVerb: VerbSpec<IdentityOpts> = {
  name: 'delete',
  bulk: true,
  destructive: true,
  args: '<group> <uid>',
  summary: 'Delete an identity (the user can no longer sign in through it)',
  aliases: ['rm'],
  examples: ['hostctl saml identities delete acme okta-00u1', 'hostctl saml identities delete acme okta-00u1 --scim --yes'],
  options: addScim,
  async run(cli, [group, uid], o) {
    const path = groupPath(group, `/${identityKind(o)}/${uidArg(uid)}`);
    const api = await cli.client();
    await api.get(path);
    await cli.confirm(`Delete the ${o.scim ? 'SCIM' : 'SAML'} identity ${String(uid)} of ${String(group)}?`);
    await api.delete(path);
    cli.info(`deleted ${o.scim ? 'SCIM' : 'SAML'} identity ${String(uid)}`);
  },
};
