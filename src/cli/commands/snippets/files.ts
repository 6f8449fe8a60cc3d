import type { VerbSpec } from '../../kit/verb.js';
import { addSnippetProjectOption, snippetId, snippetPath, type SnippetScopeOpts } from './common.js';

export const filesVerb: VerbSpec<SnippetScopeOpts> = {
  name: 'files',
  args: '<snippet>',
  summary: 'List the files of a snippet with their raw URLs',
  examples: ['hostctl snippets files 12', "hostctl snippets files 'Deploy checks'   # by title", 'hostctl snippets files 12 -o json'],
  options: (cmd) => addSnippetProjectOption(cmd),
  async run(cli, [id], o) {
    const api = await cli.client();
    const { data } = await api.get<{ files?: { path: string; raw_url: string }[] }>(snippetPath(o, await snippetId(api, o, id, (text) => cli.info(text))));
    await cli.showList(data.files ?? [], [{ key: 'path' }, { key: 'raw_url', header: 'raw url' }], ['path', 'raw_url']);
  },
};
