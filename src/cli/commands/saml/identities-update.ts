// hostctl saml identities update
import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { groupPath } from './group-arg.js';
import { addScim, identityColumns, identityKind, uidArg, type IdentityOpts } from './identity-common.js';

export const identitiesUpdateVerb: VerbSpec<IdentityOpts> = {
  name: 'update',
  bulk: true,
  args: '<group> <uid>',
  summary: "Change an identity's extern_uid (the user is told the link changed)",
  aliases: ['edit'],
  examples: ['hostctl saml identities update acme okta-00u1 --extern-uid okta-00u9'],
  options: (cmd) => addScim(cmd).option('--extern-uid <uid>', 'the new extern_uid'),
  async run(cli, [group, uid], o) {
    if (!o.externUid?.trim()) throw new UsageError('missing --extern-uid (the new extern_uid)');
    const api = await cli.client();
    const { data } = await api.patch<Record<string, unknown>>(groupPath(group, `/${identityKind(o)}/${uidArg(uid)}`), { extern_uid: o.externUid });
    await cli.showItem(data, identityColumns(o));
  },
};
