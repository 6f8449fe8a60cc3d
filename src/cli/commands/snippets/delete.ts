import type { VerbSpec } from '../../kit/verb.js';
import { addSnippetProjectOption, snippetId, snippetPath, type SnippetScopeOpts } from './common.js';

export const deleteVerb: VerbSpec<SnippetScopeOpts> = {
  name: 'delete',
  args: '<id>',
  summary: 'Delete a snippet and its repository',
  aliases: ['rm'],
  examples: ['hostctl snippets delete 12', 'hostctl snippets delete 7 -R acme/web/storefront --yes'],
  options: (cmd) => addSnippetProjectOption(cmd),
  async run(cli, [id], o) {
    const path = snippetPath(o, snippetId(id));
    const api = await cli.client();
    // Looked up first so that a wrong id fails before the question.
    const { data } = await api.get<{ title?: string }>(path);
    await cli.confirm(`Delete snippet ${id} "${data.title ?? ''}" and all its files?`);
    await api.delete(path);
    cli.info(`deleted snippet ${id}`);
  },
};
