import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { checkChoice, defined } from '../../kit/refs.js';
import { addContentOptions, addWikiOptions, PAGE_COLUMNS, pagePath, readContent, slugArg, WIKI_FORMATS, type ContentOpts, type WikiOpts } from './common.js';

interface UpdateOpts extends WikiOpts, ContentOpts {
  title?: string;
  format?: string;
}

export const updateVerb: VerbSpec<UpdateOpts> = {
  name: 'update',
  bulk: true,
  args: '<slug>',
  summary: "Change a wiki page's content, title (moves it) or format (Developer)",
  examples: [
    'hostctl wikis update Home -R acme/web/storefront --content-file home.md',
    'hostctl wikis update Home -R 5 --title "archive/Old Home"',
    'generate-docs | hostctl wikis update guides/Deploying -R 5',
  ],
  options: (cmd) =>
    addContentOptions(addWikiOptions(cmd))
      .option('--title <title>', 'new title (the page moves to the new slug)')
      .option('--format <format>', WIKI_FORMATS.join(', ')),
  async run(cli, [slug], o) {
    const page = slugArg(slug);
    if (o.format !== undefined) checkChoice(o.format, WIKI_FORMATS, '--format');
    // Standard input is read only when no other change is named.
    const content = await readContent(cli, o, o.title === undefined && o.format === undefined);
    const body = defined({ title: o.title, content, format: o.format });
    if (Object.keys(body).length === 0) throw new UsageError('nothing to change: give --content, --content-file, --title or --format');
    const api = await cli.client();
    const { data } = await api.put<Record<string, unknown>>(pagePath(o, page), body);
    await cli.showItem(data, PAGE_COLUMNS);
  },
};
