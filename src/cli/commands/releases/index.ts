// hostctl releases <verb>, and hostctl releases links <verb>
import type { Command } from 'commander';
import { addVerb, applyVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { listVerb } from './list.js';
import { getVerb } from './get.js';
import { createVerb } from './create.js';
import { updateVerb } from './update.js';
import { deleteVerb } from './delete.js';
import { latestVerb } from './latest.js';
import { downloadVerb } from './download.js';
import { evidenceCollectVerb } from './evidence-collect.js';
import { evidenceListVerb } from './evidence-list.js';
import { evidenceDownloadVerb } from './evidence-download.js';
import { uploadVerb } from './upload.js';
import { linksListVerb } from './links-list.js';
import { linksAddVerb } from './links-add.js';
import { linksUpdateVerb } from './links-update.js';
import { linksDeleteVerb } from './links-delete.js';

export function configure(noun: Command): void {
  for (const verb of [listVerb, getVerb, createVerb, updateVerb, deleteVerb, latestVerb, downloadVerb, uploadVerb]) addVerb(noun, verb, subcommand);
  const links = subcommand('links').description("A release's asset links: list, add, update, delete").alias('link');
  for (const verb of [linksListVerb, linksAddVerb, linksUpdateVerb, linksDeleteVerb]) addVerb(links, verb, subcommand);
  noun.addCommand(links);
  // `releases evidence TAG` (collect) came first and keeps working: collect is the default verb.
  const evidence = subcommand('evidence').description("A release's evidence: collect (the default), list, download").alias('evidences');
  evidence.addCommand(applyVerb(subcommand('collect'), evidenceCollectVerb), { isDefault: true });
  for (const verb of [evidenceListVerb, evidenceDownloadVerb]) addVerb(evidence, verb, subcommand);
  noun.addCommand(evidence);
}
