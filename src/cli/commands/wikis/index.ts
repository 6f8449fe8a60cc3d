// hostctl wikis <verb>, hostctl wikis attachments <verb>
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { listVerb } from './list.js';
import { getVerb } from './get.js';
import { createVerb } from './create.js';
import { updateVerb } from './update.js';
import { deleteVerb } from './delete.js';
import { uploadVerb } from './upload.js';
import { editVerb } from './edit.js';
import { historyVerb } from './history.js';
import { attachmentsListVerb } from './attachments-list.js';
import { attachmentsDownloadVerb } from './attachments-download.js';

export function configure(noun: Command): void {
  for (const verb of [listVerb, getVerb, createVerb, updateVerb, deleteVerb, uploadVerb, editVerb, historyVerb]) addVerb(noun, verb, subcommand);
  const attachments = subcommand('attachments').description("A wiki's attachments (files under uploads/): list, download").alias('attachment');
  for (const verb of [attachmentsListVerb, attachmentsDownloadVerb]) addVerb(attachments, verb, subcommand);
  noun.addCommand(attachments);
}
