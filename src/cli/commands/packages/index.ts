// hostctl packages <verb>, and hostctl packages protection <verb>
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { listVerb } from './list.js';
import { getVerb } from './get.js';
import { filesVerb } from './files.js';
import { pipelinesVerb } from './pipelines.js';
import { deleteVerb } from './delete.js';
import { deleteFileVerb } from './delete-file.js';
import { uploadVerb } from './upload.js';
import { downloadVerb } from './download.js';
import { protectionListVerb } from './protection-list.js';
import { protectionAddVerb } from './protection-add.js';
import { protectionUpdateVerb } from './protection-update.js';
import { protectionRemoveVerb } from './protection-remove.js';

export function configure(noun: Command): void {
  for (const verb of [listVerb, getVerb, filesVerb, pipelinesVerb, deleteVerb, deleteFileVerb, uploadVerb, downloadVerb]) addVerb(noun, verb, subcommand);
  const protection = subcommand('protection').description('Package protection rules: list, add, update, remove');
  for (const verb of [protectionListVerb, protectionAddVerb, protectionUpdateVerb, protectionRemoveVerb]) addVerb(protection, verb, subcommand);
  noun.addCommand(protection);
}
