import type { VerbSpec } from '../../kit/verb.js';
import { STORAGE_COLUMNS, STORAGE_FIELDS } from './columns.js';

export const listVerb: VerbSpec = {
  name: 'list',
  summary: 'List repository storages: path, repositories per kind, bytes used and free (hostctl instances)',
  aliases: ['ls'],
  examples: ['hostctl storages list', 'hostctl storages list -o json --fields name,repositories'],
  async run(cli) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>[]>('/hostctl/storages');
    await cli.showList(data, STORAGE_COLUMNS, STORAGE_FIELDS);
  },
};
