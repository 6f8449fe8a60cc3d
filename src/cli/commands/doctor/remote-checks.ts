// Doctor against a remote instance: reachable, which version, the token (valid, owner, scopes,
// expiry), whether hostctl's extensions are there, and the clock difference.
import type { ApiClient } from '../../../client/client.js';
import { fail, ok, warn, type CheckResult } from '../../../shared/health-check.js';

export async function remoteChecks(client: ApiClient, now: () => number = Date.now): Promise<CheckResult[]> {
  const out: CheckResult[] = [];
  const sent = now();
  let version;
  try {
    version = await client.request<{ version?: string; revision?: string }>('GET', '/version', { allowError: true });
  } catch (error) {
    return [fail('remote.reachable', `cannot reach the instance: ${(error as Error).message}`, 'check the URL (hostctl context get) and the network; for a local state run hostctl serve')];
  }
  const received = now();
  out.push(ok('remote.reachable', `answered in ${received - sent} ms`));
  if (version.status === 401) {
    out.push(fail('remote.token', 'the token is not accepted (expired, revoked or wrong)', 'hostctl context set-token, or create a new token'));
    return out;
  }
  out.push(version.status === 200 ? ok('remote.version', `version ${version.data?.version ?? 'unknown'}`) : warn('remote.version', `GET /version answered ${version.status}`));
  const date = Date.parse(String(version.headers?.date ?? ''));
  if (Number.isFinite(date)) {
    const skew = Math.round((date - (sent + received) / 2) / 1000);
    out.push(Math.abs(skew) > 60 ? warn('remote.clock', `the instance's clock is ${Math.abs(skew)} s ${skew > 0 ? 'ahead of' : 'behind'} this machine's`, 'token expiry and freeze periods are judged by the instance clock; sync both with NTP') : ok('remote.clock', `clocks agree within ${Math.max(1, Math.abs(skew))} s`));
  }
  const self = await client.request<{ name?: string; scopes?: string[]; expires_at?: string | null; active?: boolean; user_id?: number }>('GET', '/personal_access_tokens/self', { allowError: true });
  if (self.status === 200 && self.data) {
    const t = self.data;
    const days = t.expires_at ? Math.floor((Date.parse(`${t.expires_at}T00:00:00Z`) - now()) / 86_400_000) : undefined;
    const user = await client.request<{ username?: string; is_admin?: boolean }>('GET', '/user', { allowError: true });
    const owner = user.status === 200 && user.data ? `${user.data.username}${user.data.is_admin ? ' (administrator)' : ''}` : `user ${t.user_id}`;
    const detail = `"${t.name}" of ${owner}, scopes ${(t.scopes ?? []).join(', ') || 'none'}, ${t.expires_at ? `expires ${t.expires_at}` : 'never expires'}`;
    if (t.active === false) out.push(fail('remote.token', `${detail}: not active`, 'create a new token'));
    else if (days !== undefined && days <= 7) out.push(warn('remote.token', `${detail} (${days} days left)`, 'hostctl tokens rotate self'));
    else out.push(ok('remote.token', detail));
  } else out.push(warn('remote.token', `the token could not describe itself (GET /personal_access_tokens/self answered ${self.status})`));
  const ext = await client.request('GET', '/hostctl/storages', { allowError: true });
  out.push(ext.status === 404 ? ok('remote.extensions', 'no hostctl extensions: a platform instance (backup, storages and SAML setup need a hostctl instance)') : ok('remote.extensions', `hostctl extensions present (GET /hostctl/storages answered ${ext.status})`));
  return out;
}
