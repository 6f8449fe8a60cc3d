// Which saved contexts hold a given token, and whether a token is the last way in as an
// administrator: both asked of the target itself, since the config keeps secrets, not ids.
import { ApiClient } from '../../../client/client.js';
import { readConfig } from '../../config/store.js';
import type { Cli } from '../../kit/verb.js';
import type { TokenJson } from './own-token.js';

export interface Holder {
  name: string;
  secret: string;
}

const sameTarget = (cli: Cli, ctx: { type: string; state?: string; url?: string }): boolean => {
  const t = cli.target();
  if (t.kind === 'local') return ctx.type === 'local' && !!ctx.state && !!t.stateDir && ctx.state.replace(/\/+$/, '') === t.stateDir.replace(/\/+$/, '');
  return ctx.type === 'remote' && !!ctx.url && !!t.url && ctx.url.replace(/\/+$/, '') === t.url.replace(/\/+$/, '');
};

/** Saved contexts on the current target whose token is the token `id`. */
export async function contextsHolding(cli: Cli, api: ApiClient, id: number): Promise<Holder[]> {
  const out: Holder[] = [];
  const seen = new Map<string, number | undefined>();
  for (const [name, ctx] of Object.entries(readConfig(cli.env).contexts)) {
    if (!ctx.token || !sameTarget(cli, ctx)) continue;
    if (!seen.has(ctx.token)) {
      const probe = new ApiClient(api.transport, { token: ctx.token, userAgent: 'hostctl' });
      const res = await probe.request<{ id?: number }>('GET', '/personal_access_tokens/self', { allowError: true });
      seen.set(ctx.token, res.status === 200 ? res.data?.id : undefined);
    }
    if (seen.get(ctx.token) === id) out.push({ name, secret: ctx.token });
  }
  return out;
}

/** True when `token` is the only active token of any active administrator. */
export async function isLastAdminToken(api: ApiClient, token: TokenJson): Promise<boolean> {
  const admins = await api.request<{ id: number; state: string }[]>('GET', '/users', { query: { admins: true, active: true, per_page: 100 }, allowError: true });
  if (admins.status !== 200 || !Array.isArray(admins.data)) return false;
  if (!admins.data.some((u) => u.id === token.user_id)) return false;
  for (const admin of admins.data) {
    const tokens = await api.request<TokenJson[]>('GET', '/personal_access_tokens', { query: { user_id: admin.id, state: 'active', per_page: 100 }, allowError: true });
    if (tokens.status !== 200) return false;
    if (tokens.data.some((t) => t.id !== token.id && t.active && (t.scopes.includes('api') || t.scopes.includes('sudo')))) return false;
  }
  return true;
}
