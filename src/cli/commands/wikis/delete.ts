import type { VerbSpec } from '../../kit/verb.js';
import { addWikiOptions, pagePath, slugArg, type WikiOpts } from './common.js';

export const deleteVerb: VerbSpec<WikiOpts> = {
  name: 'delete',
  bulk: true,
  destructive: true,
  args: '<slug>',
  summary: 'Delete a wiki page (Maintainer); its history stays in the wiki repository',
  aliases: ['rm'],
  examples: ['hostctl wikis delete Old-Page -R acme/web/storefront', 'hostctl wikis delete drafts/Idea --group acme --yes'],
  options: (cmd) => addWikiOptions(cmd),
  async run(cli, [slug], o) {
    const path = pagePath(o, slugArg(slug));
    const api = await cli.client();
    await api.get(path);
    await cli.confirm(`Delete wiki page ${String(slug)}?`);
    await api.delete(path);
    cli.info(`deleted wiki page ${String(slug)}`);
  },
};
