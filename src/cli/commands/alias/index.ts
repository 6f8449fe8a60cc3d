// hostctl alias <verb>: command aliases kept in the configuration file (config/aliases.ts
// expands them before a command line is parsed).
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { listVerb } from './list.js';
import { setVerb } from './set.js';
import { deleteVerb } from './delete.js';

export function configure(noun: Command): void {
  for (const verb of [listVerb, setVerb, deleteVerb]) addVerb(noun, verb, subcommand);
}
