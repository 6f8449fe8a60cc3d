// hostctl extension list: the hostctl-NAME executables on PATH that run as `hostctl NAME`
// (config/extensions.ts; main.ts runs them).
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { listVerb } from './list.js';

export function configure(noun: Command): void {
  addVerb(noun, listVerb, subcommand);
}
