// hostctl snippets <verb>
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { listVerb } from './list.js';
import { getVerb } from './get.js';
import { createVerb } from './create.js';
import { updateVerb } from './update.js';
import { deleteVerb } from './delete.js';
import { rawVerb } from './raw.js';
import { filesVerb } from './files.js';

export function configure(noun: Command): void {
  for (const verb of [listVerb, getVerb, createVerb, updateVerb, deleteVerb, rawVerb, filesVerb]) addVerb(noun, verb, subcommand);
}
