import type { VerbSpec } from '../../kit/verb.js';
import { addWikiOptions, pagePath, slugArg, type WikiOpts } from './common.js';

interface GetOpts extends WikiOpts {
  at?: string;
  html?: boolean;
}

export const getVerb: VerbSpec<GetOpts> = {
  name: 'get',
  args: '<slug>',
  summary: 'Show a wiki page (its text in table output; --html renders it)',
  aliases: ['view', 'show'],
  examples: [
    'hostctl wikis get Home -R acme/web/storefront',
    'hostctl wikis get guides/Deploying -R 5 --at 4f2a9c1e   # an older version (see wikis history)',
    'hostctl wikis get Home --group acme --html > home.html',
  ],
  options: (cmd) =>
    addWikiOptions(cmd)
      .option('--at <version>', 'the page as of this version: a commit of the wiki (see wikis history)')
      .option('--html', 'the page rendered as HTML instead of its source'),
  async run(cli, [slug], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(pagePath(o, slugArg(slug)), {
      ...(o.at !== undefined ? { version: o.at } : {}),
      ...(o.html ? { render_html: true } : {}),
    });
    if (cli.globals.output === 'table' && !cli.globals.fields) {
      const text = String(data.content ?? '');
      cli.print(text.endsWith('\n') || text === '' ? text : `${text}\n`);
      return;
    }
    await cli.showItem(data);
  },
};
