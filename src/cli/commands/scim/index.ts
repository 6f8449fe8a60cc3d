// hostctl scim token
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { tokenVerb } from './token.js';

export function configure(noun: Command): void {
  addVerb(noun, tokenVerb, subcommand);
}
