// hostctl branches <verb>
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { listVerb } from './list.js';
import { getVerb } from './get.js';
import { createVerb } from './create.js';
import { deleteVerb } from './delete.js';
import { deleteMergedVerb } from './delete-merged.js';
import { protectVerb } from './protect.js';
import { unprotectVerb } from './unprotect.js';
import { protectionsGetVerb, protectionsListVerb, protectionsUpdateVerb } from './protections.js';

export function configure(noun: Command): void {
  for (const verb of [listVerb, getVerb, createVerb, deleteVerb, deleteMergedVerb, protectVerb, unprotectVerb]) addVerb(noun, verb, subcommand);
  const protections = subcommand('protections').description('Branch protection rules: list, get, update').alias('protection');
  for (const verb of [protectionsListVerb, protectionsGetVerb, protectionsUpdateVerb]) addVerb(protections, verb, subcommand);
  noun.addCommand(protections);
}
