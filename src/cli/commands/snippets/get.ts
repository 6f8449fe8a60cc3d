import type { VerbSpec } from '../../kit/verb.js';
import { addSnippetProjectOption, SNIPPET_DETAIL_COLUMNS, snippetId, snippetPath, type SnippetScopeOpts } from './common.js';

export const getVerb: VerbSpec<SnippetScopeOpts> = {
  name: 'get',
  args: '<snippet>',
  summary: 'Show one snippet: title, visibility, files, URLs',
  aliases: ['view', 'show'],
  examples: ['hostctl snippets get 12', "hostctl snippets get 'Deploy checks'   # by title", 'hostctl snippets get 12 -o json --fields id,files', 'hostctl snippets get 7 -R acme/web/storefront'],
  options: (cmd) => addSnippetProjectOption(cmd),
  async run(cli, [id], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(snippetPath(o, await snippetId(api, o, id, (text) => cli.info(text))));
    await cli.showItem(data, SNIPPET_DETAIL_COLUMNS);
  },
};
