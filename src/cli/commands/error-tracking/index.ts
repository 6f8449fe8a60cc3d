// hostctl error-tracking settings <verb>, hostctl error-tracking keys <verb>
import type { Command } from 'commander';
import { addVerb } from '../../kit/verb.js';
import { subcommand } from '../../program.js';
import { settingsGetVerb } from './settings-get.js';
import { settingsEnableVerb } from './settings-enable.js';
import { settingsDisableVerb } from './settings-disable.js';
import { keysListVerb } from './keys-list.js';
import { keysCreateVerb } from './keys-create.js';
import { keysDeleteVerb } from './keys-delete.js';

export function configure(noun: Command): void {
  const settings = subcommand('settings').description("A project's error tracking settings: get, enable, disable");
  for (const verb of [settingsGetVerb, settingsEnableVerb, settingsDisableVerb]) addVerb(settings, verb, subcommand);
  noun.addCommand(settings);
  const keys = subcommand('keys').description("A project's error tracking client keys: list, create, delete").alias('key');
  for (const verb of [keysListVerb, keysCreateVerb, keysDeleteVerb]) addVerb(keys, verb, subcommand);
  noun.addCommand(keys);
}
