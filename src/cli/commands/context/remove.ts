import type { VerbSpec } from '../../kit/verb.js';
import { readConfig, updateConfig } from '../../config/store.js';
import { contextRow, existingContext } from './rows.js';
import { pickContext } from './pick.js';

export const removeVerb: VerbSpec = {
  name: 'remove',
  args: '[name]',
  summary: 'Remove a context (its state directory or instance is left alone); confirms on a terminal',
  aliases: ['rm', 'delete'],
  examples: ['hostctl context remove old-staging', 'hostctl context remove old-staging --yes   # no terminal, in scripts'],
  async run(cli, [given]) {
    const config = readConfig(cli.env);
    const name = given ?? (await pickContext(cli, config, 'Remove which context?'));
    const ctx = existingContext(config, name);
    const row = contextRow(name, ctx, config);
    // A token saved nowhere else is gone with the context: the platform shows a secret only once.
    const onlyCopy = ctx.token !== undefined && !Object.entries(config.contexts).some(([other, c]) => other !== name && c.token === ctx.token);
    if (onlyCopy) cli.info(`warning: context "${name}" holds the only saved copy of token ${row.token ?? ''}; removing it loses the token (revoke it with hostctl tokens revoke, or keep a copy first)`);
    await cli.confirm(`Remove context "${name}" (${row.type} ${row.target})${onlyCopy ? ' and the only copy of its token' : ''}?`);
    await updateConfig((data) => {
      delete data.contexts[name];
      if (data.currentContext === name) delete data.currentContext;
    }, cli.env);
    await cli.showChanged(row, undefined, cli.globals.dryRun ? undefined : `removed context "${name}"${row.current ? '; there is no current context now (pick one with: hostctl context use)' : ''}`);
  },
};
