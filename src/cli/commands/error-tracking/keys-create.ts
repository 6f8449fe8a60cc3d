import type { VerbSpec } from '../../kit/verb.js';
import { KEY_COLUMNS, addProjectOption, keysPath, projectRef, type ProjectOpts } from './shared.js';

export const keysCreateVerb: VerbSpec<ProjectOpts> = {
  name: 'create',
  bulk: true,
  summary: "Create an error tracking client key (Maintainer); prints the DSN for the application's configuration",
  examples: ['hostctl error-tracking keys create -R acme/web/storefront', 'hostctl error-tracking keys create -R 5 --fields tracker_dsn -o json'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, _args, o) {
    const api = await cli.client();
    const { data } = await api.post<Record<string, unknown>>(keysPath(projectRef(o)));
    await cli.showItem(data, KEY_COLUMNS);
    if (cli.globals.output === 'table' && !cli.globals.fields) cli.info('put the DSN into the error reporting SDK configuration of the application');
  },
};
