import type { VerbSpec } from '../../kit/verb.js';
import { readConfig } from '../../config/store.js';
import { compareText } from '../../../shared/text-order.js';
import { ALIAS_COLUMNS, aliasRow } from './rows.js';

export const listVerb: VerbSpec = {
  name: 'list',
  summary: 'List command aliases and what each expands to',
  examples: ['hostctl alias list', 'hostctl alias list -o json'],
  async run(cli) {
    const aliases = readConfig(cli.env).aliases ?? {};
    const rows = Object.entries(aliases)
      .sort(([a], [b]) => compareText(a, b))
      .map(([name, expansion]) => aliasRow(name, expansion));
    if (rows.length === 0 && cli.globals.output === 'table' && cli.term.stderrIsTTY) cli.info("no aliases yet; add one with: hostctl alias set NAME 'EXPANSION'");
    await cli.showList(rows, ALIAS_COLUMNS, ['name', 'expansion', 'shell']);
  },
};
