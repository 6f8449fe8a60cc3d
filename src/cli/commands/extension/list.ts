import type { VerbSpec } from '../../kit/verb.js';
import type { Column } from '../../render/output.js';
import { extensionRows } from './rows.js';

const COLUMNS: Column[] = [{ key: 'name' }, { key: 'runs', header: 'RUNS' }, { key: 'path', whole: true }];

export const listVerb: VerbSpec = {
  name: 'list',
  summary: 'List the extensions on PATH (executables named hostctl-NAME, run as hostctl NAME) and whether each runs',
  examples: ['hostctl extension list', "hostctl extension list -o json --jq '.[] | select(.runs) | .name'"],
  async run(cli) {
    const rows = extensionRows(cli.env);
    if (rows.length === 0 && cli.globals.output === 'table' && cli.term.stderrIsTTY) cli.info('no extensions on PATH; an executable named hostctl-NAME in a PATH directory runs as hostctl NAME');
    for (const r of rows) if (r.hidden_by !== undefined) cli.note(`${r.path} never runs: ${r.hidden_by}`);
    await cli.showList(rows, COLUMNS, ['name', 'runs', 'path', 'hidden_by']);
  },
};
