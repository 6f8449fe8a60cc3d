import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { addDownloadOptions, bytesOf, mayWrite, writeDownload, type DownloadOpts } from '../../kit/download.js';
import { addWikiOptions, type WikiOpts } from './common.js';
import { attachmentsPath } from './attachments.js';

interface AttachmentsDownloadOpts extends WikiOpts, DownloadOpts {
  branch?: string;
}

export const attachmentsDownloadVerb: VerbSpec<AttachmentsDownloadOpts> = {
  name: 'download',
  args: '<path>',
  complete: { path: 'wiki-attachments' },
  summary: "Download a wiki attachment by its path (uploads/…, as wikis upload and wikis attachments list show it)",
  examples: [
    'hostctl wikis attachments download uploads/4f2a…/diagram.png -R acme/web/storefront',
    'hostctl wikis attachments download uploads/4f2a…/build.log --group acme -O - | less',
    'hostctl wikis attachments download uploads/4f2a…/diagram.png -R 5 -O docs/diagram.png --clobber',
  ],
  options: (cmd) => addDownloadOptions(addWikiOptions(cmd).option('--branch <branch>', 'the wiki branch to read (default: the wiki default branch)'), "the attachment's own name"),
  async run(cli, [path], o) {
    const filePath = path?.trim().replace(/^\/+/, '');
    if (!filePath) throw new UsageError('missing PATH (the attachment path, uploads/…; see wikis attachments list)');
    if (!filePath.startsWith('uploads/')) throw new UsageError(`PATH is an attachment path starting with uploads/ (see wikis attachments list), got "${path}"`);
    const target = o.outputFile ?? (filePath.split('/').pop() as string);
    if (!mayWrite(cli, target, o)) return;
    const api = await cli.client();
    const res = await api.get(attachmentsPath(o, filePath), o.branch !== undefined ? { branch: o.branch } : undefined);
    writeDownload(cli, target, bytesOf(res.raw));
  },
};
