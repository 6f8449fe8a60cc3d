import type { VerbSpec } from '../../kit/verb.js';
import { addSnippetProjectOption, snippetId, snippetPath, type SnippetScopeOpts } from './common.js';

export const deleteVerb: VerbSpec<SnippetScopeOpts> = {
  name: 'delete',
  bulk: true,
  destructive: true,
  args: '<snippet>',
  summary: 'Delete a snippet and its repository',
  aliases: ['rm'],
  examples: ['hostctl snippets delete 12', 'hostctl snippets delete 7 -R acme/web/storefront --yes'],
  options: (cmd) => addSnippetProjectOption(cmd),
  async run(cli, [id], o) {
    const api = await cli.client();
    const sid = await snippetId(api, o, id, (text) => cli.info(text));
    const path = snippetPath(o, sid);
    // Looked up first so that a wrong id fails before the question.
    const { data } = await api.get<{ title?: string }>(path);
    await cli.confirm(`Delete snippet ${sid} "${data.title ?? ''}" and all its files?`);
    await api.delete(path);
    cli.info(`deleted snippet ${sid}`);
  },
};
