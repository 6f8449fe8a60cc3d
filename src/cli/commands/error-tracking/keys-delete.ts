import type { VerbSpec } from '../../kit/verb.js';
import { KEY_COLUMNS, addProjectOption, keyId, keysPath, projectRef, type ProjectOpts } from './shared.js';

export const keysDeleteVerb: VerbSpec<ProjectOpts> = {
  name: 'delete',
  bulk: true,
  destructive: true,
  args: '<id>',
  summary: 'Delete an error tracking client key (Maintainer); applications using its DSN stop reporting',
  aliases: ['rm'],
  examples: ['hostctl error-tracking keys delete 4 -R acme/web/storefront', 'hostctl error-tracking keys delete 4 -R 5 --yes -o json   # prints the deleted key'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [id], o) {
    const key = keyId(id);
    const path = `${keysPath(projectRef(o))}/${key}`;
    await cli.confirm(`Delete error tracking client key ${key}? Applications using its DSN stop reporting`);
    const api = await cli.client();
    const { data } = await api.delete<Record<string, unknown>>(path);
    await cli.showChanged(data, KEY_COLUMNS, `deleted client key ${key}`);
  },
};
