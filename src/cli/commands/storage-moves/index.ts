// hostctl storage-moves <verb>: move project, snippet and group repositories between storages.
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { scheduleVerb } from './schedule.js';
import { listVerb } from './list.js';
import { getVerb } from './get.js';
import { waitVerb } from './wait.js';

export function configure(noun: Command): void {
  for (const verb of [scheduleVerb, listVerb, getVerb, waitVerb]) addVerb(noun, verb, subcommand);
}
