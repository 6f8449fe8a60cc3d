// hostctl members <verb>
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { listVerb } from './list.js';
import { addMemberVerb } from './add.js';
import { updateVerb } from './update.js';
import { removeVerb } from './remove.js';

export function configure(noun: Command): void {
  for (const verb of [listVerb, addMemberVerb, updateVerb, removeVerb]) addVerb(noun, verb, subcommand);
}
