// hostctl saml links list
import type { VerbSpec } from '../../kit/verb.js';
import { groupPath } from './group-arg.js';
import { LINK_COLUMNS, LINK_FIELDS, type LinkOpts } from './link-common.js';

export const linksListVerb: VerbSpec<LinkOpts> = {
  name: 'list',
  args: '<group>',
  summary: "List a group's SAML group links",
  aliases: ['ls'],
  examples: ['hostctl saml links list acme', 'hostctl saml links list acme -o json'],
  async run(cli, [group]) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>[]>(groupPath(group, '/saml_group_links'));
    await cli.showList(data, LINK_COLUMNS, LINK_FIELDS);
  },
};
