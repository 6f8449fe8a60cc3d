import type { VerbSpec } from '../../kit/verb.js';
import { resolveUserId } from '../../kit/refs.js';

interface DeleteOpts {
  hardDelete?: boolean;
}

export const deleteVerb: VerbSpec<DeleteOpts> = {
  name: 'delete',
  bulk: true,
  destructive: true,
  args: '<user>',
  summary: 'Delete a user (administrators)',
  aliases: ['rm'],
  examples: ['hostctl users delete erin', 'hostctl users delete 9 --yes'],
  options: (cmd) => cmd.option('--hard-delete', 'also delete what the user contributed instead of handing it to a ghost user'),
  async run(cli, [user], o) {
    const api = await cli.client();
    const id = await resolveUserId(api, user, 'USER');
    await cli.confirm(`Delete user ${user}${o.hardDelete ? ' and everything they contributed' : ''}?`);
    await api.delete(`/users/${id}`, o.hardDelete ? { hard_delete: true } : undefined);
    cli.info(`deleted user ${user}`);
  },
};
