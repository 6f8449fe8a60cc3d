// hostctl users <verb>
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { listVerb } from './list.js';
import { getVerb } from './get.js';
import { createVerb } from './create.js';
import { updateVerb } from './update.js';
import { blockVerb, unblockVerb } from './state.js';
import { deleteVerb } from './delete.js';

export function configure(noun: Command): void {
  for (const verb of [listVerb, getVerb, createVerb, updateVerb, blockVerb, unblockVerb, deleteVerb]) addVerb(noun, verb, subcommand);
}
