// hostctl saml identities list|get|update|delete GROUP [UID]: the group's SAML identities, or
// with --scim its SCIM identities (hosted offering; Owner).
import type { Command } from 'commander';
import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { groupPath } from './group-arg.js';

interface IdentityOpts {
  scim?: boolean;
  externUid?: string;
}

const addScim = (cmd: Command): Command => cmd.option('--scim', 'the SCIM identities (with their active state) instead of the SAML ones');
const kind = (o: IdentityOpts) => (o.scim ? 'scim' : 'saml');
const uidArg = (uid: string | undefined): string => {
  if (!uid?.trim()) throw new UsageError('missing UID (the extern_uid of the identity)');
  return encodeURIComponent(uid);
};
const COLUMNS = [{ key: 'extern_uid', header: 'extern uid' }, { key: 'user_id', header: 'user' }, { key: 'active' }];
const FIELDS = ['extern_uid', 'user_id', 'active'] as const;

export const identitiesListVerb: VerbSpec<IdentityOpts> = {
  name: 'list',
  args: '<group>',
  summary: "List a group's SAML (or --scim SCIM) identities",
  aliases: ['ls'],
  examples: ['hostctl saml identities list acme', 'hostctl saml identities list acme --scim -o json'],
  options: addScim,
  async run(cli, [group], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>[]>(groupPath(group, `/${kind(o)}/identities`));
    await cli.showList(data, o.scim ? COLUMNS : COLUMNS.slice(0, 2), FIELDS);
  },
};

export const identitiesGetVerb: VerbSpec<IdentityOpts> = {
  name: 'get',
  args: '<group> <uid>',
  summary: 'Show one identity by its extern_uid',
  aliases: ['view'],
  examples: ['hostctl saml identities get acme okta-00u1', 'hostctl saml identities get acme okta-00u1 --scim'],
  options: addScim,
  async run(cli, [group, uid], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(groupPath(group, `/${kind(o)}/${uidArg(uid)}`));
    await cli.showItem(data, o.scim ? COLUMNS : COLUMNS.slice(0, 2));
  },
};

export const identitiesUpdateVerb: VerbSpec<IdentityOpts> = {
  name: 'update',
  args: '<group> <uid>',
  summary: "Change an identity's extern_uid (the user is told the link changed)",
  aliases: ['edit'],
  examples: ['hostctl saml identities update acme okta-00u1 --extern-uid okta-00u9'],
  options: (cmd) => addScim(cmd).option('--extern-uid <uid>', 'the new extern_uid'),
  async run(cli, [group, uid], o) {
    if (!o.externUid?.trim()) throw new UsageError('missing --extern-uid (the new extern_uid)');
    const api = await cli.client();
    const { data } = await api.patch<Record<string, unknown>>(groupPath(group, `/${kind(o)}/${uidArg(uid)}`), { extern_uid: o.externUid });
    await cli.showItem(data, o.scim ? COLUMNS : COLUMNS.slice(0, 2));
  },
};

export const identitiesDeleteVerb: VerbSpec<IdentityOpts> = {
  name: 'delete',
  args: '<group> <uid>',
  summary: 'Delete an identity (the user can no longer sign in through it)',
  aliases: ['rm'],
  examples: ['hostctl saml identities delete acme okta-00u1', 'hostctl saml identities delete acme okta-00u1 --scim --yes'],
  options: addScim,
  async run(cli, [group, uid], o) {
    const path = groupPath(group, `/${kind(o)}/${uidArg(uid)}`);
    const api = await cli.client();
    await api.get(path);
    await cli.confirm(`Delete the ${o.scim ? 'SCIM' : 'SAML'} identity ${String(uid)} of ${String(group)}?`);
    await api.delete(path);
    cli.info(`deleted ${o.scim ? 'SCIM' : 'SAML'} identity ${String(uid)}`);
  },
};
