import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { checkChoice, defined } from '../../kit/refs.js';
import { addSnippetProjectOption, readLocalFile, repeat, SNIPPET_DETAIL_COLUMNS, snippetsBase, VISIBILITIES, type SnippetScopeOpts } from './common.js';

interface CreateOpts extends SnippetScopeOpts {
  title?: string;
  description?: string;
  visibility?: string;
  file?: string[];
  filename?: string;
}

export const createVerb: VerbSpec<CreateOpts> = {
  name: 'create',
  bulk: true,
  summary: 'Create a snippet from files on disk (each is stored under its own name)',
  examples: [
    'hostctl snippets create --title "Deploy helpers" --file ./deploy.sh --file ./check.py --visibility private',
    'kubectl get pods -o yaml | hostctl snippets create --title "Pods" --file - --filename pods.yaml',
    'hostctl snippets create -R acme/web/storefront --title "Seed data" --file seed.sql',
  ],
  options: (cmd) =>
    addSnippetProjectOption(cmd)
      .option('--title <title>', 'snippet title (required)')
      .option('--description <text>', 'description')
      .option('--visibility <level>', `${VISIBILITIES.join(', ')} (default: internal)`)
      .option('--file <file>', "a file to add (repeatable; '-' reads standard input, named by --filename)", repeat)
      .option('--filename <name>', 'the name in the snippet of the file read from standard input'),
  async run(cli, _args, o) {
    if (!o.title?.trim()) throw new UsageError('missing --title');
    if (!o.file?.length) throw new UsageError('missing --file (at least one)');
    if (o.visibility !== undefined) checkChoice(o.visibility, VISIBILITIES, '--visibility');
    if (o.file.filter((f) => f === '-').length > 1) throw new UsageError('standard input can be read only once (--file -)');
    // One at a time: standard input is read at most once, and files keep their order.
    const files = [];
    for (const f of o.file) files.push(await readLocalFile(f, o.filename, '--file'));
    const body = defined({
      title: o.title,
      description: o.description,
      visibility: o.visibility,
      files: files.map((f) => ({ file_path: f.path, content: f.content })),
    });
    const api = await cli.client();
    const { data } = await api.post<Record<string, unknown>>(snippetsBase(o), body);
    await cli.showItem(data, SNIPPET_DETAIL_COLUMNS);
  },
};
