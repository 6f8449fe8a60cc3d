// hostctl protected-envs <verb>
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { listVerb } from './list.js';
import { getVerb } from './get.js';
import { protectVerb } from './protect.js';
import { updateVerb } from './update.js';
import { unprotectVerb } from './unprotect.js';

export function configure(noun: Command): void {
  for (const verb of [listVerb, getVerb, protectVerb, updateVerb, unprotectVerb]) addVerb(noun, verb, subcommand);
}
