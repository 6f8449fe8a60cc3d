// hostctl security-settings <verb>
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { getVerb } from './get.js';
import { updateVerb } from './update.js';

export function configure(noun: Command): void {
  for (const verb of [getVerb, updateVerb]) addVerb(noun, verb, subcommand);
}
