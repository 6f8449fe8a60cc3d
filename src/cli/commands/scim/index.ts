// hostctl scim token
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { completeWith } from '../../kit/choices.js';
import { subcommand } from '../../program.js';
import { tokenVerb } from './token.js';

export function configure(noun: Command): void {
  // SCIM provisioning belongs to top-level groups only.
  completeWith(noun, { group: 'top-groups' });
  addVerb(noun, tokenVerb, subcommand);
}
