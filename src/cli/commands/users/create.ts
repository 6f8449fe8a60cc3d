import type { VerbSpec } from '../../kit/verb.js';
import { passwordFrom } from '../../kit/stdin.js';
import { defined } from '../../kit/refs.js';
import { addProfileOptions, profileBody, type ProfileOpts } from './profile-options.js';
import { USER_DETAIL_COLUMNS } from './columns.js';

interface CreateOpts extends ProfileOpts {
  resetPassword?: boolean;
  sendConfirmation?: boolean;
}

export const createVerb: VerbSpec<CreateOpts> = {
  name: 'create',
  bulk: true,
  summary: 'Create a user (administrators)',
  examples: [
    'hostctl users create --username erin --name "Erin Walsh" --email erin@example.com',
    'hostctl users create --username ops --name Ops --email ops@example.com --admin --password "$PASSWORD"',
    'hostctl users create --username guest1 --name "Guest One" --email g1@example.com --external --reset-password -o json',
  ],
  options: (cmd) =>
    addProfileOptions(cmd, true)
      .option('--reset-password', 'email the user a link to set a password instead of setting one')
      .option('--send-confirmation', 'ask the user to confirm the email (confirmed at once otherwise)'),
  async run(cli, _args, o) {
    o.password = await passwordFrom(o);
    const api = await cli.client();
    // The API needs exactly one way of setting the password; a random one is the safe default.
    const password = o.password !== undefined ? {} : o.resetPassword ? { reset_password: true } : { force_random_password: true };
    const { data } = await api.post<Record<string, unknown>>(
      '/users',
      defined({ ...profileBody(o), ...password, skip_confirmation: o.sendConfirmation ? undefined : true }),
    );
    if (o.password === undefined && !o.resetPassword) cli.info(`user ${String(data.username)} has a random password; set one with: hostctl users update ${String(data.username)} --password ...`);
    await cli.showItem(data, USER_DETAIL_COLUMNS);
  },
};
