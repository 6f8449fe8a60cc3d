import { showVerb } from '../../kit/show-verb.js';
import { resolveUserId } from '../../kit/refs.js';
import { USER_DETAIL_COLUMNS } from './columns.js';

export const getVerb = showVerb<Record<string, unknown>>({
  name: 'get',
  args: '<user>',
  summary: 'Show one user (by id or username)',
  aliases: ['view'],
  examples: ['hostctl users get alice', 'hostctl users get 7 -o yaml', 'hostctl users get alice --fields id,email,is_admin'],
  path: async ([user], _o, client) => `/users/${await resolveUserId(await client(), user, 'USER')}`,
  columns: USER_DETAIL_COLUMNS,
});
