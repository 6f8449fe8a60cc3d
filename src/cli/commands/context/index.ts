// hostctl context <verb>: named targets (a local state directory, or a remote URL with a token).
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { listVerb } from './list.js';
import { getVerb } from './get.js';
import { addVerb as addContextVerb } from './add.js';
import { useVerb } from './use.js';
import { removeVerb } from './remove.js';
import { renameVerb } from './rename.js';
import { setTokenVerb } from './set-token.js';

export function configure(noun: Command): void {
  for (const verb of [listVerb, getVerb, addContextVerb, useVerb, renameVerb, setTokenVerb, removeVerb]) addVerb(noun, verb, subcommand);
}
