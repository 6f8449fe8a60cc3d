import { basename } from 'node:path';
import type { VerbSpec } from '../../kit/verb.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { readPathOrStdin } from '../../kit/stdin.js';
import { addWikiOptions, wikisBase, type WikiOpts } from './common.js';

interface UploadOpts extends WikiOpts {
  branch?: string;
  filename?: string;
}

export const uploadVerb: VerbSpec<UploadOpts> = {
  name: 'upload',
  bulk: true,
  args: '<file>',
  summary: 'Upload an attachment to the wiki repository; prints its path and a Markdown link (Developer)',
  examples: ['hostctl wikis upload ./diagram.png -R acme/web/storefront', 'hostctl wikis upload - --filename log.txt -R 5 < build.log'],
  options: (cmd) =>
    addWikiOptions(cmd)
      .option('--branch <branch>', 'the wiki branch to commit to (default: the wiki default branch)')
      .option('--filename <name>', "the attachment's name when the file is '-' (standard input)"),
  async run(cli, [file], o) {
    if (file === undefined) throw new UsageError('missing FILE');
    if (file === '-' && !o.filename) throw new UsageError("FILE '-' reads standard input and needs --filename NAME");
    let data: Buffer;
    try {
      data = await readPathOrStdin(file);
    } catch (error) {
      throw new CliError(`cannot read ${file}: ${(error as Error).message}`, EXIT.failure);
    }
    const api = await cli.client();
    const { data: attachment } = await api.request<Record<string, unknown>>('POST', `${wikisBase(o)}/attachments`, {
      multipart: { file: { filename: file === '-' ? (o.filename as string) : basename(file), data }, ...(o.branch ? { branch: o.branch } : {}) },
    });
    await cli.showItem(attachment, [{ key: 'file_name', header: 'name' }, { key: 'file_path', header: 'path' }, { key: 'branch' }, { key: 'link.markdown', header: 'markdown' }]);
  },
};
