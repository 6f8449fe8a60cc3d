import type { VerbSpec } from '../../kit/verb.js';
import type { Column } from '../../render/output.js';
import { readConfig } from '../../config/store.js';
import { aliasNamed } from '../../config/aliases.js';
import { listExtensions } from '../../config/extensions.js';
import { commandNamed } from '../alias/rows.js';

const COLUMNS: Column[] = [{ key: 'name' }, { key: 'runs', header: 'RUNS' }, { key: 'path', whole: true }];

export const listVerb: VerbSpec = {
  name: 'list',
  summary: 'List the extensions on PATH (executables named hostctl-NAME, run as hostctl NAME) and whether each runs',
  examples: ['hostctl extension list', "hostctl extension list -o json --jq '.[] | select(.runs) | .name'"],
  async run(cli) {
    const aliases = readConfig(cli.env).aliases;
    // A command, then an alias, then the first on PATH: say what runs instead of the others.
    const rows = listExtensions(cli.env).map((e) => {
      const command = commandNamed(e.name);
      const hiddenBy = command ? `hostctl ${e.name} is ${command === e.name ? 'a command' : `an alias of the command ${command}`}` : aliasNamed(aliases, e.name) !== undefined ? `hostctl ${e.name} is an alias (hostctl alias list)` : e.shadowedBy !== undefined ? `${e.shadowedBy} comes first on PATH` : undefined;
      return { name: e.name, runs: hiddenBy === undefined, path: e.path, ...(hiddenBy !== undefined ? { hidden_by: hiddenBy } : {}) };
    });
    if (rows.length === 0 && cli.globals.output === 'table' && cli.term.stderrIsTTY) cli.info('no extensions on PATH; an executable named hostctl-NAME in a PATH directory runs as hostctl NAME');
    for (const r of rows) if (r.hidden_by !== undefined) cli.note(`${r.path} never runs: ${r.hidden_by}`);
    await cli.showList(rows, COLUMNS, ['name', 'runs', 'path', 'hidden_by']);
  },
};
