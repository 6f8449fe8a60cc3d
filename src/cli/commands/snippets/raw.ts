import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { addSnippetProjectOption, snippetId, snippetPath, type SnippetScopeOpts } from './common.js';
import { stdoutStream } from '../../io/output.js';

interface RawOpts extends SnippetScopeOpts {
  file?: string;
  ref?: string;
}

export const rawVerb: VerbSpec<RawOpts> = {
  name: 'raw',
  args: '<id>',
  summary: "Write a snippet file's content to standard output, byte for byte (the first file unless --file)",
  aliases: ['cat'],
  examples: ['hostctl snippets raw 12', 'hostctl snippets raw 12 --file checks/check.py --ref 4f2a9c1 > check.py', 'hostctl snippets raw 7 -R acme/web/storefront | sh'],
  options: (cmd) =>
    addSnippetProjectOption(cmd)
      .option('--file <path>', 'the file of the snippet to print')
      .option('--ref <ref>', 'a branch, tag or commit of the snippet repository (default: main; needs --file)'),
  async run(cli, [id], o) {
    const sid = snippetId(id);
    if (o.ref !== undefined && o.file === undefined) throw new UsageError('--ref needs --file');
    const path =
      o.file === undefined
        ? snippetPath(o, sid, '/raw')
        : snippetPath(o, sid, `/files/${encodeURIComponent(o.ref ?? 'main')}/${encodeURIComponent(o.file.replace(/^\/+/, ''))}/raw`);
    const api = await cli.client();
    const res = await api.get(path);
    stdoutStream().write(typeof res.raw === 'string' ? Buffer.from(res.raw, 'utf8') : res.raw);
  },
};
