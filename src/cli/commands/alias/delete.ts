import type { VerbSpec } from '../../kit/verb.js';
import { readConfig, updateConfig } from '../../config/store.js';
import { aliasRow, existingAlias } from './rows.js';

export const deleteVerb: VerbSpec = {
  name: 'delete',
  destructive: true,
  args: '<name>',
  summary: 'Remove a command alias (confirms on a terminal)',
  aliases: ['remove'],
  examples: ['hostctl alias delete mine', 'hostctl alias delete mine --yes   # no terminal, in scripts'],
  async run(cli, [name]) {
    const expansion = existingAlias(readConfig(cli.env), name as string);
    await cli.confirm(`Remove alias ${name} (${expansion})?`);
    await updateConfig((data) => {
      const rest = { ...data.aliases };
      delete rest[name as string];
      data.aliases = rest;
    }, cli.env);
    await cli.showChanged(aliasRow(name as string, expansion), undefined, cli.globals.dryRun ? undefined : `removed alias ${name}`);
  },
};
