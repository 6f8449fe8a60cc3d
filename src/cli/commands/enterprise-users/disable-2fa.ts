import { alreadyInEffect, type VerbSpec } from '../../kit/verb.js';
import { enterprisePath, enterpriseUserId } from './columns.js';

export const disable2faVerb: VerbSpec = {
  name: 'disable-2fa',
  destructive: true,
  args: '<group> <user>',
  summary: "Disable an enterprise user's two-factor authentication (Owner)",
  examples: ['hostctl enterprise-users disable-2fa acme priya.shah', 'hostctl enterprise-users disable-2fa acme 42 --yes'],
  async run(cli, [group, user]) {
    const api = await cli.client();
    const id = await enterpriseUserId(api, group, user);
    const { data } = await api.get<{ username: string; two_factor_enabled?: boolean }>(enterprisePath(group, `/${id}`));
    // A repeat of a change already in effect succeeds and says so (the conventions' one rule).
    if (data.two_factor_enabled === false) {
      alreadyInEffect(cli, `two-factor authentication of ${data.username}`, 'off');
      return;
    }
    await cli.confirm(`Disable two-factor authentication of ${data.username}? They can sign in with a password alone until they enable it again.`);
    await api.patch(enterprisePath(group, `/${id}/disable_two_factor`));
    cli.info(`two-factor authentication disabled for ${data.username}`);
  },
};
