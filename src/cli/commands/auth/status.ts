// hostctl auth status (and hostctl whoami): who the current target sees, with which token, and
// when that token expires, with a warning inside a week.
import type { VerbSpec } from '../../kit/verb.js';
import { nowFromEnv } from '../../../shared/dates.js';

/** Days before expiry from which status warns. */
const WARN_DAYS = 7;

export const statusVerb: VerbSpec = {
  name: 'status',
  summary: 'Show the target, the user and the token in use (name, scopes, expiry)',
  aliases: ['whoami'],
  examples: ['hostctl auth status', 'hostctl whoami -o json', 'hostctl auth status --context prod --jq .user.username'],
  async run(cli) {
    const target = cli.target();
    const api = await cli.client();
    const user = await api.get<Record<string, unknown>>('/user');
    const self = await api.request<Record<string, unknown>>('GET', '/personal_access_tokens/self', { allowError: true });
    const token = self.status === 200 ? self.data : null;
    const expires = typeof token?.expires_at === 'string' ? token.expires_at : null;
    const now = nowFromEnv(cli.env);
    const daysLeft = expires ? Math.floor((Date.parse(`${expires.slice(0, 10)}T00:00:00Z`) - Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`)) / 86_400_000) : null;
    // A local state: whether a `hostctl serve` of it runs, so the address to give others is at hand.
    const served = target.kind === 'local' && target.stateDir ? (await import('../../../core/serve-record.js')).liveServeRecord(target.stateDir) : undefined;
    const status = {
      target: (target.kind === 'remote' ? target.url : target.stateDir) ?? null,
      type: target.kind,
      context: target.context ?? null,
      source: target.source,
      token_source: target.tokenSource ?? null,
      user: { id: user.data.id, username: user.data.username, name: user.data.name, is_admin: user.data.is_admin ?? false },
      token: token ? { id: token.id, name: token.name, scopes: token.scopes, expires_at: expires, days_left: daysLeft } : null,
      ...(target.kind === 'local' ? { serve: served ? { pid: served.pid, api_url: served.apiUrl, web_url: served.webUrl } : null } : {}),
    };
    if (cli.globals.output === 'table' && cli.globals.jq === undefined && !cli.globals.fields) {
      await cli.showItem({
        target: status.target,
        context: status.context,
        source: status.source,
        user: `${String(user.data.username)}${user.data.is_admin ? ' (administrator)' : ''}`,
        token: token ? String(token.name) : '(not a personal access token)',
        scopes: token ? token.scopes : null,
        expires: expires ? `${expires}${daysLeft !== null ? ` (${daysLeft < 0 ? 'expired' : `in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`})` : ''}` : token ? 'never' : null,
        ...(target.kind === 'local' ? { serve: served ? `${served.apiUrl} (pid ${served.pid})` : 'not running (start it with: hostctl serve)' } : {}),
      });
    } else await cli.showItem(status);
    if (daysLeft !== null && daysLeft <= WARN_DAYS) {
      cli.info(`warning: the token "${String(token?.name)}" ${daysLeft < 0 ? 'has expired' : `expires in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`}; rotate it with: hostctl tokens rotate self`);
    }
  },
};
