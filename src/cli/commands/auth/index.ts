// hostctl auth <verb>
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { statusVerb } from './status.js';

export function configure(noun: Command): void {
  addVerb(noun, statusVerb, subcommand);
}
