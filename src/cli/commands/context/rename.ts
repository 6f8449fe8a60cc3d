import { defineVerb } from '../../kit/verb.js';
import { checkConfigName, readConfig, updateConfig } from '../../config/store.js';
import { CliError, EXIT } from '../../kit/errors.js';
import { contextRow, existingContext } from './rows.js';

export const renameVerb = defineVerb<Record<string, never>>({
  name: 'rename',
  args: '<old> <new>',
  summary: 'Rename a context; it stays the current one if it was',
  examples: ['hostctl context rename prod production'],
  async run(cli, [from, rawTo]) {
    const to = checkConfigName(rawTo as string);
    const config = readConfig(cli.env);
    existingContext(config, from as string);
    if (from === to) {
      cli.info(`context "${to}" already has that name; nothing to do`);
      return;
    }
    if (config.contexts[to]) throw new CliError(`context "${to}" exists already`, EXIT.conflict, `remove it first (hostctl context remove ${to}) or pick another name`);
    const saved = await updateConfig((data) => {
      data.contexts[to] = data.contexts[from as string]!;
      delete data.contexts[from as string];
      if (data.currentContext === from) data.currentContext = to;
    }, cli.env);
    const done = `renamed context "${from}" to "${to}"${saved.currentContext === to ? ' (the current context)' : ''}`;
    await cli.showChanged(contextRow(to, saved.contexts[to] ?? config.contexts[from as string]!, saved), undefined, cli.globals.dryRun ? undefined : done);
    if (cli.env.HOSTCTL_CONTEXT === from) cli.info(`note: HOSTCTL_CONTEXT=${String(from)} in the environment names the old name`);
  },
});
