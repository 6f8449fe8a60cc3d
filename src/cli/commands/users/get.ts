import type { VerbSpec } from '../../kit/verb.js';
import { resolveUserId } from '../../kit/refs.js';
import { USER_DETAIL_COLUMNS } from './columns.js';

export const getVerb: VerbSpec = {
  name: 'get',
  args: '<user>',
  summary: 'Show one user (by id or username)',
  aliases: ['view'],
  examples: ['hostctl users get alice', 'hostctl users get 7 -o yaml', 'hostctl users get alice --fields id,email,is_admin'],
  async run(cli, [user]) {
    const api = await cli.client();
    const id = await resolveUserId(api, user, 'USER');
    const { data } = await api.get<Record<string, unknown>>(`/users/${id}`);
    await cli.showItem(data, USER_DETAIL_COLUMNS);
  },
};
