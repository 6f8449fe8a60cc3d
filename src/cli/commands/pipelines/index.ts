// hostctl pipelines <verb>
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { listVerb } from './list.js';
import { getVerb } from './get.js';
import { createVerb } from './create.js';
import { cancelVerb } from './cancel.js';
import { retryVerb } from './retry.js';
import { deleteVerb } from './delete.js';

export function configure(noun: Command): void {
  for (const verb of [listVerb, getVerb, createVerb, cancelVerb, retryVerb, deleteVerb]) addVerb(noun, verb, subcommand);
}
