import type { VerbSpec } from '../../kit/verb.js';
import { addWikiOptions, slugArg, versionsPath, type WikiOpts } from './common.js';

export const historyVerb: VerbSpec<WikiOpts> = {
  name: 'history',
  args: '<slug>',
  summary: "List a wiki page's versions (the wiki commits that changed it), newest first",
  aliases: ['log'],
  examples: ['hostctl wikis history Home -R acme/web/storefront', 'hostctl wikis get Home -R 5 --at "$(hostctl wikis history Home -R 5 -o json | jq -r ".[1].id")"'],
  options: (cmd) => addWikiOptions(cmd),
  async run(cli, [slug], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>[]>(versionsPath(o, slugArg(slug)));
    await cli.showList(
      data,
      [{ key: 'id', header: 'version', get: (r) => String(r.id).slice(0, 12) }, { key: 'authored_date', header: 'date' }, { key: 'author_name', header: 'author' }, { key: 'message', get: (r) => String(r.message ?? '').split('\n')[0] ?? '' }],
      ['id', 'message', 'author_name', 'author_email', 'authored_date'],
    );
  },
};
