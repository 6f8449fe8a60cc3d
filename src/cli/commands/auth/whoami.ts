// hostctl whoami: the same as hostctl auth status.
import type { Command } from 'commander';
import { applyVerb } from '../../kit/verb.js';
import { statusVerb } from './status.js';

export function configure(noun: Command): void {
  applyVerb(noun, { ...statusVerb, name: 'whoami', aliases: [] });
}
