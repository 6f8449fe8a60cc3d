// hostctl saml links create
import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { parseAccessLevel } from '../../kit/refs.js';
import { groupPath } from './group-arg.js';
import { addProvider, LINK_COLUMNS, type LinkOpts } from './link-common.js';

export const linksCreateVerb: VerbSpec<LinkOpts> = {
  name: 'create',
  bulk: true,
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
    await cli.showItem(data, LINK_COLUMNS);
  },
};
