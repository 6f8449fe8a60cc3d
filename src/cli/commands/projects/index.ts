// hostctl projects <verb>
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { listVerb } from './list.js';
import { getVerb } from './get.js';
import { createVerb } from './create.js';
import { updateVerb } from './update.js';
import { deleteVerb } from './delete.js';
import { archiveVerb, transferVerb, unarchiveVerb } from './archive.js';
import { shareVerb } from './share.js';
import { unshareVerb } from './unshare.js';

export function configure(noun: Command): void {
  for (const verb of [listVerb, getVerb, createVerb, updateVerb, deleteVerb, archiveVerb, unarchiveVerb, transferVerb, shareVerb, unshareVerb]) addVerb(noun, verb, subcommand);
}
