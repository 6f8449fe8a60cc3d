// hostctl saml links list|get|create|delete GROUP [NAME]: SAML group links (Owner; paid tiers).
import type { Command } from 'commander';
import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { parseAccessLevel, roleName } from '../../kit/refs.js';
import { groupPath } from './group-arg.js';

interface LinkOpts {
  accessLevel?: string;
  memberRole?: string;
  provider?: string;
}

const COLUMNS = [{ key: 'name' }, { key: 'access_level', header: 'role', get: (r: Record<string, unknown>) => roleName(r.access_level) }, { key: 'member_role_id', header: 'custom role' }, { key: 'provider' }];
const FIELDS = ['name', 'access_level', 'member_role_id', 'provider'] as const;
const addProvider = (cmd: Command): Command => cmd.option('--provider <name>', 'the provider of the link, when several links share a name ("" for the link without one)');
const nameArg = (name: string | undefined): string => {
  if (!name?.trim()) throw new UsageError('missing NAME (the SAML group name)');
  return encodeURIComponent(name);
};
const providerQuery = (o: LinkOpts) => (o.provider === undefined ? undefined : { provider: o.provider });

export const linksListVerb: VerbSpec<LinkOpts> = {
  name: 'list',
  args: '<group>',
  summary: "List a group's SAML group links",
  aliases: ['ls'],
  examples: ['hostctl saml links list acme', 'hostctl saml links list acme -o json'],
  async run(cli, [group]) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>[]>(groupPath(group, '/saml_group_links'));
    await cli.showList(data, COLUMNS, FIELDS);
  },
};

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
    await cli.showItem(data, COLUMNS);
  },
};

export const linksCreateVerb: VerbSpec<LinkOpts> = {
  name: 'create',
  args: '<group> <name>',
  summary: 'Link a SAML group to a role (and optionally a custom member role and a provider)',
  aliases: ['add'],
  examples: ['hostctl saml links create acme engineering --access-level developer', 'hostctl saml links create acme security --access-level reporter --member-role 3 --provider okta'],
  options: (cmd) =>
    addProvider(cmd)
      .option('-a, --access-level <role>', 'role of the linked members: minimal, guest, planner, reporter, developer, maintainer, owner or a number')
      .option('--member-role <id>', 'a custom member role of the top-level group (Ultimate)'),
  async run(cli, [group, name], o) {
    if (!name?.trim()) throw new UsageError('missing NAME (the SAML group name)');
    if (o.accessLevel === undefined) throw new UsageError('missing --access-level');
    const level = o.accessLevel.trim().toLowerCase() === 'minimal' || o.accessLevel.trim() === '5' ? 5 : parseAccessLevel(o.accessLevel);
    if (o.memberRole !== undefined && !/^\d+$/.test(o.memberRole)) throw new UsageError(`--member-role must be a custom role id, got "${o.memberRole}"`);
    const api = await cli.client();
    const { data } = await api.post<Record<string, unknown>>(groupPath(group, '/saml_group_links'), {
      saml_group_name: name,
      access_level: level,
      ...(o.memberRole !== undefined ? { member_role_id: Number(o.memberRole) } : {}),
      ...(o.provider !== undefined && o.provider !== '' ? { provider: o.provider } : {}),
    });
    await cli.showItem(data, COLUMNS);
  },
};

export const linksDeleteVerb: VerbSpec<LinkOpts> = {
  name: 'delete',
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
