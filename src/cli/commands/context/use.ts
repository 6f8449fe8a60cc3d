import type { VerbSpec } from '../../kit/verb.js';
import { readConfig, updateConfig } from '../../config/store.js';
import { contextRow, existingContext } from './rows.js';
import { pickContext } from './pick.js';

/** Environment variables that override the current context (glab's GITLAB_HOST never does). */
const OVERRIDES = ['HOSTCTL_CONTEXT', 'HOSTCTL_URL', 'HOSTCTL_STATE'];

export const useVerb: VerbSpec = {
  name: 'use',
  args: '[name]',
  summary: 'Make a context the current one (asks which on a terminal when NAME is left out)',
  aliases: ['switch'],
  examples: ['hostctl context use prod', 'hostctl context use   # pick from a list'],
  async run(cli, [given]) {
    const config = readConfig(cli.env);
    const name = given ?? (await pickContext(cli, config, 'Switch to which context?'));
    existingContext(config, name);
    const saved = await updateConfig((data) => {
      data.currentContext = name;
    }, cli.env);
    await cli.showChanged(contextRow(name, saved.contexts[name]!, saved), undefined, cli.globals.dryRun ? undefined : `current context is now "${name}"`);
    const override = OVERRIDES.find((k) => cli.env[k]);
    if (override) cli.info(`note: ${override} is set in the environment and takes precedence over the current context`);
  },
};
