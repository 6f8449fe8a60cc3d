import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { checkChoice, defined } from '../../kit/refs.js';
import { addSnippetProjectOption, readLocalFile, repeat, SNIPPET_DETAIL_COLUMNS, snippetId, snippetPath, VISIBILITIES, type SnippetScopeOpts } from './common.js';

interface UpdateOpts extends SnippetScopeOpts {
  title?: string;
  description?: string;
  visibility?: string;
  add?: string[];
  remove?: string[];
  rename?: string[];
  replace?: string[];
  filename?: string;
}

export const updateVerb: VerbSpec<UpdateOpts> = {
  name: 'update',
  bulk: true,
  args: '<snippet>',
  summary: "Change a snippet's title, description or visibility, and its files in one commit",
  aliases: ['edit'],
  examples: [
    'hostctl snippets update 12 --title "Deploy helpers v2" --visibility public',
    'hostctl snippets update 12 --add ./notes.md --remove old.sh --rename check.py=checks/check.py',
    'hostctl snippets update 12 --replace ./deploy.sh',
    'date | hostctl snippets update 12 --replace - --filename stamp.txt',
  ],
  options: (cmd) =>
    addSnippetProjectOption(cmd)
      .option('--title <title>', 'new title')
      .option('--description <text>', 'new description')
      .option('--visibility <level>', VISIBILITIES.join(', '))
      .option('--add <file>', 'add a file from disk under its name (repeatable)', repeat)
      .option('--remove <path>', 'remove this file of the snippet (repeatable)', repeat)
      .option('--rename <old=new>', 'rename a file of the snippet (repeatable)', repeat)
      .option('--replace <file>', 'replace the snippet file of the same name with this file from disk (repeatable)', repeat)
      .option('--filename <name>', "the snippet file name of '-' (standard input) in --add or --replace"),
  async run(cli, [id], o) {
    if (o.visibility !== undefined) checkChoice(o.visibility, VISIBILITIES, '--visibility');
    const stdinUses = [...(o.add ?? []), ...(o.replace ?? [])].filter((f) => f === '-').length;
    if (stdinUses > 1) throw new UsageError("standard input can be read only once ('-')");
    const files: Record<string, unknown>[] = [];
    for (const f of o.add ?? []) {
      const local = await readLocalFile(f, o.filename, '--add');
      files.push({ action: 'create', file_path: local.path, content: local.content });
    }
    for (const f of o.replace ?? []) {
      const local = await readLocalFile(f, o.filename, '--replace');
      files.push({ action: 'update', file_path: local.path, content: local.content });
    }
    for (const spec of o.rename ?? []) {
      const eq = spec.indexOf('=');
      if (eq <= 0 || eq === spec.length - 1) throw new UsageError(`--rename needs OLD=NEW, got "${spec}"`);
      files.push({ action: 'move', previous_path: spec.slice(0, eq), file_path: spec.slice(eq + 1) });
    }
    for (const path of o.remove ?? []) files.push({ action: 'delete', file_path: path });
    const body = defined({ title: o.title, description: o.description, visibility: o.visibility, ...(files.length > 0 ? { files } : {}) });
    if (Object.keys(body).length === 0) throw new UsageError('nothing to change: give --title, --description, --visibility, --add, --remove, --rename or --replace');
    const api = await cli.client();
    const { data } = await api.put<Record<string, unknown>>(snippetPath(o, await snippetId(api, o, id, (text) => cli.info(text))), body);
    await cli.showItem(data, SNIPPET_DETAIL_COLUMNS);
  },
};
