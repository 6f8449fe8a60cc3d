import { alreadyInEffect, type VerbSpec } from '../../kit/verb.js';
import { tokenRef } from './get.js';
import { selfTokenId, updateHint, warnRevokedSecret, type TokenJson } from './own-token.js';
import { contextsHolding, isLastAdminToken } from './holders.js';

export const revokeVerb: VerbSpec = {
  name: 'revoke',
  bulk: true,
  destructive: true,
  args: '<id>',
  summary: 'Revoke a token at once; "self" revokes the token hostctl is using',
  aliases: ['delete'],
  examples: ['hostctl tokens revoke 42', 'hostctl tokens revoke 42 --yes          # no prompt (scripts, CI)', 'hostctl tokens revoke self --yes',
    'hostctl tokens list --user bob -o json --jq \'.[].id\' | hostctl tokens revoke --from-file - --yes   # one per line, one result each'],
  async run(cli, [id]) {
    const ref = tokenRef(id);
    const api = await cli.client();
    const { data: token } = await api.get<TokenJson>(`/personal_access_tokens/${ref}`);
    if (token.revoked) {
      alreadyInEffect(cli, `token ${token.id} "${token.name}"`, 'revoked');
      return;
    }
    const inUse = ref === 'self' || token.id === (await selfTokenId(api));
    const holders = inUse ? [] : await contextsHolding(cli, api, token.id);
    // Said before the question: revoking leaves these contexts with a dead secret.
    for (const h of holders) cli.info(`warning: context "${h.name}" uses token ${token.id}; it will stop working (rotate it instead to keep the context working: hostctl tokens rotate ${token.id})`);
    if (cli.target().kind === 'local' && (await isLastAdminToken(api, token))) {
      cli.info(`warning: token ${token.id} is the last active administrator token of this local state; to get a new one later: hostctl init --recover-token --state ${String(cli.target().stateDir)}`);
    }
    await cli.confirm(`Revoke token ${token.id} "${token.name}"${inUse ? ' (the token hostctl is using)' : holders.length ? ` (used by context ${holders.map((h) => `"${h.name}"`).join(', ')})` : ''}?`);
    await api.delete(`/personal_access_tokens/${ref}`);
    cli.info(`revoked token ${token.id} "${token.name}"`);
    if (inUse) warnRevokedSecret(cli, cli.target().token);
    else if (holders.length) cli.info(`context ${holders.map((h) => `"${h.name}"`).join(', ')} now ${holders.length === 1 ? 'holds a revoked token' : 'hold a revoked token'}; ${updateHint(holders.map((h) => h.name))}`);
  },
};
