import type { VerbSpec } from '../../kit/verb.js';
import { readConfig } from '../../config/store.js';
import { CONTEXT_COLUMNS, CONTEXT_FIELDS, contextRow } from './rows.js';
import { compareText } from '../../../shared/text-order.js';

export const listVerb: VerbSpec = {
  name: 'list',
  summary: 'List contexts; the current one is marked with *',
  aliases: ['ls'],
  examples: ['hostctl context list', 'hostctl context list -o json', 'hostctl context list --fields name   # one name per line when piped'],
  async run(cli) {
    const config = readConfig(cli.env);
    const rows = Object.entries(config.contexts)
      .sort(([a], [b]) => compareText(a, b))
      .map(([name, ctx]) => contextRow(name, ctx, config));
    if (rows.length === 0 && cli.globals.output === 'table' && cli.term.stderrIsTTY) cli.info('no contexts yet; create one with: hostctl init, or hostctl context add');
    await cli.showList(rows, CONTEXT_COLUMNS, CONTEXT_FIELDS);
  },
};
