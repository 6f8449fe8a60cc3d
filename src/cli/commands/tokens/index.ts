// hostctl tokens <verb>
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { listVerb } from './list.js';
import { getVerb } from './get.js';
import { createVerb } from './create.js';
import { rotateVerb } from './rotate.js';
import { revokeVerb } from './revoke.js';
import { associationsVerb } from './associations.js';

export function configure(noun: Command): void {
  for (const verb of [listVerb, getVerb, createVerb, rotateVerb, revokeVerb, associationsVerb]) addVerb(noun, verb, subcommand);
}
