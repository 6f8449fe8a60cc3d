// hostctl notifications <verb>
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { getVerb } from './get.js';
import { setVerb } from './set.js';
import { outboxVerb } from './outbox.js';

export function configure(noun: Command): void {
  for (const verb of [getVerb, setVerb, outboxVerb]) addVerb(noun, verb, subcommand);
}
