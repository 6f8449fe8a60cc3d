import type { VerbSpec } from '../../kit/verb.js';
import { apiPath } from '../../kit/refs.js';

export const removeVerb: VerbSpec = {
  name: 'remove',
  bulk: true,
  destructive: true,
  args: '<storage>',
  aliases: ['rm'],
  summary: 'Remove a repository storage that holds nothing (refused while any repository or move uses it)',
  examples: ['hostctl storages remove old-disk', 'hostctl storages remove old-disk --yes'],
  async run(cli, [name]) {
    const api = await cli.client();
    await cli.confirm(`Remove storage ${String(name)} from the instance (its directory is left on disk)?`);
    await api.delete(apiPath('/hostctl/storages/:name', { name: name as string }));
    cli.info(`removed storage ${String(name)}`);
  },
};
