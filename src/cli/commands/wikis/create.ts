import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { checkChoice, defined } from '../../kit/refs.js';
import { addContentOptions, addWikiOptions, PAGE_COLUMNS, readContent, WIKI_FORMATS, wikisBase, type ContentOpts, type WikiOpts } from './common.js';

interface CreateOpts extends WikiOpts, ContentOpts {
  title?: string;
  format?: string;
}

export const createVerb: VerbSpec<CreateOpts> = {
  name: 'create',
  bulk: true,
  summary: 'Create a wiki page (Developer); a title with / makes directories',
  examples: [
    'hostctl wikis create -R acme/web/storefront --title "Home" --content "# Welcome"',
    'hostctl wikis create -R 5 --title "guides/Deploying" --content-file docs/deploy.md',
    'hostctl wikis create --group acme --title Notes --format org < notes.org',
  ],
  options: (cmd) =>
    addContentOptions(addWikiOptions(cmd))
      .option('--title <title>', 'page title (required)')
      .option('--format <format>', `${WIKI_FORMATS.join(', ')} (default: markdown)`),
  async run(cli, _args, o) {
    if (!o.title?.trim()) throw new UsageError('missing --title');
    if (o.format !== undefined) checkChoice(o.format, WIKI_FORMATS, '--format');
    const content = await readContent(cli, o, true);
    if (content === undefined) throw new UsageError('missing --content, --content-file, or content on standard input');
    const api = await cli.client();
    const { data } = await api.post<Record<string, unknown>>(wikisBase(o), defined({ title: o.title, content, format: o.format }));
    await cli.showItem(data, PAGE_COLUMNS);
  },
};
