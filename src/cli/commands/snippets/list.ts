import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { checkChoice } from '../../kit/refs.js';
import { parseIsoTime } from '../../kit/project-option.js';
import { addSnippetProjectOption, SNIPPET_COLUMNS, SNIPPET_FIELDS, snippetsBase, type SnippetScopeOpts } from './common.js';

interface ListOpts extends SnippetScopeOpts {
  scope?: string;
  createdAfter?: string;
  createdBefore?: string;
  storage?: string;
}

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: "List snippets: yours (default), the public ones, every one you can see, or a project's",
  aliases: ['ls'],
  list: true,
  examples: [
    'hostctl snippets list',
    'hostctl snippets list --scope public --created-after 2026-01-01',
    'hostctl snippets list --scope all --storage default --all   # administrators',
    'hostctl snippets list -R acme/web/storefront',
  ],
  options: (cmd) =>
    addSnippetProjectOption(cmd)
      .option('--scope <scope>', 'own (default: yours, project snippets you wrote included), public, or all (everything you can see)')
      .option('--created-after <time>', 'only snippets created after this time (ISO 8601)')
      .option('--created-before <time>', 'only snippets created before this time (ISO 8601)')
      .option('--storage <storage>', 'with --scope all: only snippets on this repository storage (administrators)'),
  async run(cli, _args, o) {
    if (o.scope !== undefined) checkChoice(o.scope, ['own', 'public', 'all'], '--scope');
    if (o.project !== undefined && o.scope !== undefined) throw new UsageError('--project and --scope exclude each other');
    if (o.storage !== undefined && o.scope !== 'all') throw new UsageError('--storage needs --scope all');
    const path = o.project !== undefined ? snippetsBase(o) : o.scope === 'public' ? '/snippets/public' : o.scope === 'all' ? '/snippets/all' : '/snippets';
    await cli.showPages(path, {
      created_after: o.createdAfter !== undefined ? parseIsoTime(o.createdAfter, '--created-after') : undefined,
      created_before: o.createdBefore !== undefined ? parseIsoTime(o.createdBefore, '--created-before') : undefined,
      repository_storage: o.storage,
    }, SNIPPET_COLUMNS, SNIPPET_FIELDS);
  },
};
