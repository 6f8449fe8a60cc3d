import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { STORAGE_COLUMNS } from './columns.js';

interface AddOpts {
  weight?: string;
}

export const addVerb: VerbSpec<AddOpts> = {
  name: 'add',
  bulk: true,
  args: '<name> <path>',
  complete: { path: 'directory' },
  summary: 'Add a repository storage (a directory; relative paths are inside the state directory) to a running instance',
  examples: ['hostctl storages add fast /mnt/fast/repos', 'hostctl storages add archive storages/archive --weight 0'],
  options: (cmd) => cmd.option('--weight <n>', 'weight 0-100 for picking move destinations (0: never picked)'),
  async run(cli, [name, path], o) {
    let weight: number | undefined;
    if (o.weight !== undefined) {
      if (!/^\d+$/.test(o.weight) || Number(o.weight) > 100) throw new UsageError(`--weight must be a whole number from 0 to 100, got "${o.weight}"`);
      weight = Number(o.weight);
    }
    const api = await cli.client();
    const { data } = await api.post<Record<string, unknown>>('/hostctl/storages', { name, path, ...(weight !== undefined ? { weight } : {}) });
    await cli.showItem(data, STORAGE_COLUMNS);
  },
};
