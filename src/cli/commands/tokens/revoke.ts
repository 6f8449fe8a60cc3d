import type { VerbSpec } from '../../kit/verb.js';
import { tokenRef } from './get.js';
import { selfTokenId, warnRevokedSecret, type TokenJson } from './own-token.js';

export const revokeVerb: VerbSpec = {
  name: 'revoke',
  args: '<id>',
  summary: 'Revoke a token at once; "self" revokes the token hostctl is using',
  aliases: ['delete'],
  examples: ['hostctl tokens revoke 42', 'hostctl tokens revoke 42 --yes          # no prompt (scripts, CI)', 'hostctl tokens revoke self --yes'],
  async run(cli, [id]) {
    const ref = tokenRef(id);
    const api = await cli.client();
    const { data: token } = await api.get<TokenJson>(`/personal_access_tokens/${ref}`);
    if (token.revoked) {
      cli.info(`token ${token.id} "${token.name}" is already revoked`);
      return;
    }
    const inUse = ref === 'self' || token.id === (await selfTokenId(api));
    await cli.confirm(`Revoke token ${token.id} "${token.name}"${inUse ? ' (the token hostctl is using)' : ''}?`);
    await api.delete(`/personal_access_tokens/${ref}`);
    cli.info(`revoked token ${token.id} "${token.name}"`);
    if (inUse) warnRevokedSecret(cli, cli.target().token);
  },
};
