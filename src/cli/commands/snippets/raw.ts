import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { addSnippetProjectOption, snippetId, snippetPath, type SnippetScopeOpts } from './common.js';
import { stdoutStream } from '../../io/output.js';

interface RawOpts extends SnippetScopeOpts {
  file?: string;
  ref?: string;
  all?: boolean;
}

export const rawVerb: VerbSpec<RawOpts> = {
  name: 'raw',
  args: '<snippet>',
  summary: "Write a snippet file's content to standard output, byte for byte (a snippet of several files needs --file or --all, or asks which)",
  aliases: ['cat'],
  examples: [
    'hostctl snippets raw 12',
    'hostctl snippets raw 12 --file checks/check.py --ref 4f2a9c1 > check.py',
    'hostctl snippets raw 12 --all            # every file, one after another',
    'hostctl snippets raw 7 -R acme/web/storefront | sh',
  ],
  options: (cmd) =>
    addSnippetProjectOption(cmd)
      .option('--file <path>', 'the file of the snippet to print')
      .option('--all', 'print every file of the snippet, in order (on a terminal each under a ==> PATH <== line)')
      .option('--ref <ref>', 'a branch, tag or commit of the snippet repository (default: main; needs --file)'),
  async run(cli, [id], o) {
    if (o.ref !== undefined && o.file === undefined) throw new UsageError('--ref needs --file');
    if (o.all && o.file !== undefined) throw new UsageError('--all and --file exclude each other');
    const api = await cli.client();
    const sid = await snippetId(api, o, id, (text) => cli.info(text));
    const fileRaw = (path: string, ref = 'main') => snippetPath(o, sid, `/files/${encodeURIComponent(ref)}/${encodeURIComponent(path.replace(/^\/+/, ''))}/raw`);
    const write = async (path: string) => {
      const res = await api.get(path);
      stdoutStream().write(typeof res.raw === 'string' ? Buffer.from(res.raw, 'utf8') : res.raw);
    };
    if (o.file !== undefined) return write(fileRaw(o.file, o.ref));
    // One file: it is the answer. Several: the person says which (or --all); a script is told to.
    const { data } = await api.get<{ files?: { path: string }[] }>(snippetPath(o, sid));
    const paths = (data.files ?? []).map((f) => f.path);
    if (paths.length <= 1) return write(snippetPath(o, sid, '/raw'));
    // On a terminal the person picks a file, or every file (what --all prints).
    const EVERY = '\u0000every file';
    let picked: string | undefined;
    if (!o.all) {
      if (!cli.term.canPrompt) throw new UsageError(`snippet ${sid} has ${paths.length} files (${paths.join(', ')}): give --file PATH or --all`);
      const prompts = await cli.prompts('--file');
      picked = await prompts.select({ message: 'Which file? (--file)', choices: [...paths.map((p) => ({ value: p })), { value: EVERY, name: 'every file, one after another (--all)' }] }, { output: process.stderr });
    }
    if (picked === undefined || picked === EVERY) {
      for (const path of paths) {
        if (cli.term.stdoutIsTTY) stdoutStream().write(`==> ${path} <==\n`);
        await write(fileRaw(path));
        if (cli.term.stdoutIsTTY) stdoutStream().write('\n');
      }
      return;
    }
    return write(fileRaw(picked));
  },
};
