// hostctl saml identities list
import type { VerbSpec } from '../../kit/verb.js';
import { groupPath } from './group-arg.js';
import { addScim, identityColumns, identityKind, IDENTITY_FIELDS, type IdentityOpts } from './identity-common.js';

export const identitiesListVerb: VerbSpec<IdentityOpts> = {
  name: 'list',
  args: '<group>',
  summary: "List a group's SAML (or --scim SCIM) identities",
  aliases: ['ls'],
  examples: ['hostctl saml identities list acme', 'hostctl saml identities list acme --scim -o json'],
  options: addScim,
  async run(cli, [group], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>[]>(groupPath(group, `/${identityKind(o)}/identities`));
    await cli.showList(data, identityColumns(o), IDENTITY_FIELDS);
  },
};
