// hostctl storages <verb>: the instance's repository storages (a hostctl extension).
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { listVerb } from './list.js';
import { addVerb as addStorageVerb } from './add.js';
import { removeVerb } from './remove.js';

export function configure(noun: Command): void {
  for (const verb of [listVerb, addStorageVerb, removeVerb]) addVerb(noun, verb, subcommand);
}
