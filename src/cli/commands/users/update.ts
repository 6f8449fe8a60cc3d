import type { VerbSpec } from '../../kit/verb.js';
import { passwordFrom } from '../../kit/stdin.js';
import { requireChanges, resolveUserId } from '../../kit/refs.js';
import { addProfileOptions, profileBody, PROFILE_FLAGS, type ProfileOpts } from './profile-options.js';
import { USER_DETAIL_COLUMNS } from './columns.js';

export const updateVerb: VerbSpec<ProfileOpts> = {
  name: 'update',
  args: '<user>',
  summary: 'Change a user (administrators)',
  aliases: ['edit'],
  examples: [
    'hostctl users update alice --job-title "Platform lead" --organization Acme',
    'hostctl users update 7 --admin',
    'hostctl users update dave --no-external --projects-limit 20 -o json',
  ],
  options: (cmd) => addProfileOptions(cmd, false),
  async run(cli, [user], o) {
    o.password = await passwordFrom(o);
    const body = requireChanges(profileBody(o), PROFILE_FLAGS);
    const api = await cli.client();
    const id = await resolveUserId(api, user, 'USER');
    const { data } = await api.put<Record<string, unknown>>(`/users/${id}`, body);
    await cli.showItem(data, USER_DETAIL_COLUMNS);
  },
};
