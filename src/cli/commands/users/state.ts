// users block / unblock: the same request shape, opposite states.
import { alreadyText, type VerbSpec } from '../../kit/verb.js';
import { resolveUserId } from '../../kit/refs.js';
import { USER_DETAIL_COLUMNS } from './columns.js';

function stateVerb(action: 'block' | 'unblock'): VerbSpec {
  return {
    name: action,
    bulk: true,
    ...(action === 'block' ? { destructive: true as const } : {}),
    args: '<user>',
    summary: action === 'block' ? 'Block a user: no sign-in, no API, no Git access (administrators)' : 'Unblock a blocked user (administrators)',
    examples: [`hostctl users ${action} dave`, `hostctl users ${action} 7 -o json${action === 'block' ? ' --yes' : ''}`],
    async run(cli, [user]) {
      const api = await cli.client();
      const id = await resolveUserId(api, user, 'USER');
      if (action === 'block') {
        // Already blocked: nothing to confirm, and the repeat succeeds saying so.
        const { data: before } = await api.get<{ state?: string }>(`/users/${id}`);
        if (before.state !== 'blocked') await cli.confirm(`Block user ${user}? They lose sign-in, API and Git access until unblocked.`);
      }
      // The platform answers 201 either way; its body says whether anything changed (true), the
      // user was already blocked (null, on block) or was not blocked (false, on unblock).
      const { data: changed } = await api.post<boolean | null>(`/users/${id}/${action}`);
      const done = changed === true ? `${action}ed user ${user}` : alreadyText(`user ${user}`, action === 'block' ? 'blocked' : 'active');
      // A change of state: the sentence on stderr, the record (read again) only when a format asks for it.
      await cli.showChanged(async () => (await api.get<Record<string, unknown>>(`/users/${id}`)).data, USER_DETAIL_COLUMNS, done);
    },
  };
}

export const blockVerb = stateVerb('block');
export const unblockVerb = stateVerb('unblock');
