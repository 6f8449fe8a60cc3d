import type { VerbSpec } from '../../kit/verb.js';
import { addWikiOptions, PAGE_COLUMNS, PAGE_FIELDS, wikisBase, type WikiOpts } from './common.js';

interface ListOpts extends WikiOpts {
  withContent?: boolean;
}

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: 'List the pages of a project or group wiki',
  aliases: ['ls'],
  examples: ['hostctl wikis list -R acme/web/storefront', 'hostctl wikis list --group acme --with-content -o json'],
  options: (cmd) => addWikiOptions(cmd).option('--with-content', "include each page's content"),
  async run(cli, _args, o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>[]>(wikisBase(o), o.withContent ? { with_content: true } : undefined);
    await cli.showList(data, PAGE_COLUMNS, PAGE_FIELDS);
  },
};
