// hostctl audit-events <verb>: who changed what, when and from where.
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { listVerb } from './list.js';
import { getVerb } from './get.js';

export function configure(noun: Command): void {
  for (const verb of [listVerb, getVerb]) addVerb(noun, verb, subcommand);
}
