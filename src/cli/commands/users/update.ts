import { CliOption } from '../../kit/cli-command.js';
import type { VerbSpec } from '../../kit/verb.js';
import { passwordFrom } from '../../kit/stdin.js';
import { checkChoice, defined, requireChanges, resolveUserId } from '../../kit/refs.js';
import { extension } from '../saml/extension.js';
import { addProfileOptions, profileBody, PROFILE_FLAGS, type ProfileOpts } from './profile-options.js';
import { TWO_FACTOR_STATES, USER_DETAIL_COLUMNS } from './columns.js';

export const updateVerb: VerbSpec<ProfileOpts & { twoFactor?: string }> = {
  name: 'update',
  bulk: true,
  args: '<user>',
  summary: 'Change a user (administrators)',
  aliases: ['edit'],
  examples: [
    'hostctl users update alice --job-title "Platform lead" --organization Acme',
    'hostctl users update 7 --admin',
    'hostctl users update dave --no-external --projects-limit 20 -o json',
    'hostctl users update carol --two-factor enabled   # local data only (hostctl extension)',
  ],
  options: (cmd) => addProfileOptions(cmd, false).addOption(new CliOption('--two-factor <state>', 'enabled or disabled: the two-factor state of local data (hostctl extension)').choices(TWO_FACTOR_STATES)),
  async run(cli, [user], o) {
    o.password = await passwordFrom(o);
    const twoFactor = o.twoFactor === undefined ? undefined : checkChoice(o.twoFactor, ['enabled', 'disabled'], '--two-factor');
    const body = twoFactor === undefined ? requireChanges(profileBody(o), `${PROFILE_FLAGS}, --two-factor`) : defined(profileBody(o));
    const api = await cli.client();
    const id = await resolveUserId(api, user, 'USER');
    let data: Record<string, unknown> | undefined;
    if (Object.keys(body).length > 0) data = (await api.put<Record<string, unknown>>(`/users/${id}`, body)).data;
    if (twoFactor !== undefined) data = (await extension(() => api.put<Record<string, unknown>>(`/hostctl/users/${id}/two_factor`, { enabled: twoFactor === 'enabled' }))).data;
    await cli.showItem(data as Record<string, unknown>, USER_DETAIL_COLUMNS);
  },
};
