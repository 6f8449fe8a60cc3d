// hostctl wikis <verb>
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

export function configure(noun: Command): void {
  for (const verb of [listVerb, getVerb, createVerb, updateVerb, deleteVerb, uploadVerb, editVerb, historyVerb]) addVerb(noun, verb, subcommand);
}
