// hostctl pipelines <verb>
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { listVerb } from './list.js';
import { getVerb } from './get.js';
import { createVerb } from './create.js';

export function configure(noun: Command): void {
  for (const verb of [listVerb, getVerb, createVerb]) addVerb(noun, verb, subcommand);
}
