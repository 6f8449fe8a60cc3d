import type { VerbSpec } from '../../kit/verb.js';
import { addWikiOptions, type WikiOpts } from './common.js';
import { ATTACHMENT_COLUMNS, ATTACHMENT_FIELDS, attachmentsPath } from './attachments.js';

interface AttachmentsListOpts extends WikiOpts {
  branch?: string;
}

export const attachmentsListVerb: VerbSpec<AttachmentsListOpts> = {
  name: 'list',
  summary: "List a wiki's attachments (the files wikis upload stored under uploads/), by path",
  aliases: ['ls'],
  list: true,
  examples: ['hostctl wikis attachments list -R acme/web/storefront', 'hostctl wikis attachments list --group acme -o json --fields file_path,size'],
  options: (cmd) => addWikiOptions(cmd).option('--branch <branch>', 'the wiki branch to read (default: the wiki default branch)'),
  async run(cli, _args, o) {
    await cli.showPages(attachmentsPath(o), o.branch !== undefined ? { branch: o.branch } : {}, ATTACHMENT_COLUMNS, ATTACHMENT_FIELDS);
  },
};
