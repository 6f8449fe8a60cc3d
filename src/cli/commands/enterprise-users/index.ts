// hostctl enterprise-users <verb>
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { completeWith } from '../../kit/choices.js';
import { subcommand } from '../../program.js';
import { listVerb } from './list.js';
import { getVerb } from './get.js';
import { disable2faVerb } from './disable-2fa.js';

export function configure(noun: Command): void {
  // Enterprise users belong to a top-level group; USER is one of that group's.
  completeWith(noun, { group: 'top-groups', user: 'enterprise-users' });
  for (const verb of [listVerb, getVerb, disable2faVerb]) addVerb(noun, verb, subcommand);
}
