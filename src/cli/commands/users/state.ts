// users block / unblock: the same request shape, opposite states.
import type { VerbSpec } from '../../kit/verb.js';
import { resolveUserId } from '../../kit/refs.js';
import { USER_DETAIL_COLUMNS } from './columns.js';

function stateVerb(action: 'block' | 'unblock'): VerbSpec {
  return {
    name: action,
    args: '<user>',
    summary: action === 'block' ? 'Block a user: no sign-in, no API, no Git access (administrators)' : 'Unblock a blocked user (administrators)',
    examples: [`hostctl users ${action} dave`, `hostctl users ${action} 7 -o json`],
    async run(cli, [user]) {
      const api = await cli.client();
      const id = await resolveUserId(api, user, 'USER');
      await api.post(`/users/${id}/${action}`);
      cli.info(`${action}ed user ${user}`);
      const { data } = await api.get<Record<string, unknown>>(`/users/${id}`);
      await cli.showItem(data, USER_DETAIL_COLUMNS);
    },
  };
}

export const blockVerb = stateVerb('block');
export const unblockVerb = stateVerb('unblock');
