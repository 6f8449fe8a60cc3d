// Who is calling: the token from PRIVATE-TOKEN, `Authorization: Bearer` or the
// private_token/access_token param, resolved by digest. Expired and revoked tokens answer the
// platform's OAuth-style 401 bodies; presenting a revoked token on a rotate path revokes every
// active token of its family first (reuse detection). Sudo switches the acting user.
import type { CoreState } from '../state.js';
import type { TokenRow, UserRow } from '../db/rows.js';
import { forbidden, insufficientScope, invalidToken, unauthorized, ApiError } from '../http/errors.js';
import type { RouteDef } from '../http/route.js';
import type { ParamBag } from '../http/parse.js';
import { digestSecret } from './secrets.js';
import { tryWriteTx } from '../db/connection.js';
import { tokenCacheOf } from './token-cache.js';
import { isTokenExpired, revokeTokenFamily } from '../areas/tokens/queries.js';
import { userByRef } from '../resources/find.js';
import { clientAddress, UNAUTHENTICATED, withAuditor } from '../audit/record.js';
import { auditToken } from '../audit/subjects.js';

export interface Authentication {
  authUser: UserRow | null;
  actor: UserRow | null;
  token: TokenRow | null;
  /** Set when a pipeline's job token authenticated the request. */
  pipelineId?: number;
}

/** User and password of `Authorization: Basic`, or undefined. */
function basicCredentials(headers: Record<string, string>): { user: string; password: string } | undefined {
  const auth = headers.authorization;
  if (!auth || !/^basic\s+/i.test(auth)) return undefined;
  const text = Buffer.from(auth.replace(/^basic\s+/i, '').trim(), 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon < 0 ? undefined : { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** The job token presented on a package route, if any. */
function presentedJobToken(headers: Record<string, string>, input: ParamBag, basic: { user: string; password: string } | undefined): string | undefined {
  const header = headers['job-token'];
  if (header) return header.trim();
  if (typeof input.job_token === 'string' && input.job_token) return input.job_token;
  return basic?.user === 'gitlab-ci-token' ? basic.password : undefined;
}

/** A job token stands for the user who created its pipeline, for that pipeline's project only. */
function authenticateJobToken(core: CoreState, secret: string): Authentication {
  const row = core.db.prepare('SELECT id, user_id FROM pipelines WHERE job_token_digest = ?').get(digestSecret(secret)) as { id: number; user_id: number | null } | undefined;
  if (!row || row.user_id === null) throw unauthorized();
  const user = core.db.prepare('SELECT * FROM users WHERE id = ?').get(row.user_id) as UserRow | undefined;
  if (!user || user.state !== 'active') throw unauthorized();
  return { authUser: user, actor: user, token: null, pipelineId: row.id };
}

/** How often last_used_at is written at most, so busy tokens do not serialise on writes. */
const LAST_USED_INTERVAL_MS = 60_000;

const ROTATE_PATH = /^\/personal_access_tokens\/(\d+|self)\/rotate$/;

export function presentedSecret(headers: Record<string, string>, input: ParamBag): string | undefined {
  const header = headers['private-token'];
  if (header) return header.trim();
  const auth = headers.authorization;
  if (auth && /^bearer\s+/i.test(auth)) return auth.replace(/^bearer\s+/i, '').trim();
  for (const key of ['private_token', 'access_token']) {
    const v = input[key];
    if (typeof v === 'string' && v) return v;
  }
  return undefined;
}

/**
 * `dataVersion`: other connections' commits as read after the request arrived, when the caller
 * read it for several requests at once (serve); otherwise it is read here.
 */
export function authenticate(
  core: CoreState,
  route: RouteDef,
  method: string,
  path: string,
  headers: Record<string, string>,
  input: ParamBag,
  dataVersion: number | undefined,
  /** The request's time (expiry, last use). */
  now: Date,
): Authentication {
  let secret = presentedSecret(headers, input);
  if (route.packageAuth) {
    const basic = basicCredentials(headers);
    const job = secret === undefined ? presentedJobToken(headers, input, basic) : undefined;
    if (job !== undefined) return authenticateJobToken(core, job);
    if (secret === undefined && basic) secret = basic.password;
  }
  const sudo = headers.sudo ?? (typeof input.sudo === 'string' || typeof input.sudo === 'number' ? String(input.sudo) : undefined);
  const usesSudo = sudo !== undefined && sudo !== '';
  let token: TokenRow | null = null;
  let authUser: UserRow | null = null;
  if (secret !== undefined) {
    const cache = tokenCacheOf(core.db);
    const cached = cache.get(secret, dataVersion);
    if (cached) {
      token = cached.token;
      authUser = cached.user;
    } else {
      token = (core.db.prepare('SELECT * FROM personal_access_tokens WHERE token_digest = ?').get(digestSecret(secret)) as TokenRow | undefined) ?? null;
      if (token) {
        authUser = (core.db.prepare('SELECT * FROM users WHERE id = ?').get(token.user_id) as UserRow | undefined) ?? null;
        cache.set(secret, token, authUser, dataVersion);
      }
    }
    if (!token) throw unauthorized();
    if (token.revoked) {
      if (method === 'POST' && ROTATE_PATH.test(path)) {
        // Nobody is signed in: the event names the address the revoked token came from.
        const view = withAuditor(core, Object.assign({}, UNAUTHENTICATED, { ipAddress: clientAddress(headers) }));
        core.tx(() => revokeTokenFamily(core, token as TokenRow) + auditToken(view, token as TokenRow, 'family_revoked'));
      }
      throw invalidToken('Token was revoked. You have to re-authorize from the user.');
    }
    if (isTokenExpired(token, now)) throw invalidToken('Token is expired. You can either do re-authorization or token refresh.');
    if (!authUser) throw unauthorized();
    // A banned user is a blocked one with a mark (the platform's `banned` state refuses the same way).
    if (authUser.state === 'blocked' || authUser.state === 'banned') throw forbidden('Your account has been blocked.');
    if (authUser.state === 'deactivated') throw forbidden('Your account has been deactivated by your administrator. Please log back in to reactivate your account.');
    touchToken(core, token, now);
    // With Sudo the token's sudo scope is what counts (checked below), not the endpoint's scopes.
    if (!usesSudo) checkScopes(route, method, token);
  }

  let actor = authUser;
  if (usesSudo) {
    if (!authUser || !token) throw forbidden('Must be authenticated using an OAuth or personal access token to use sudo');
    if (authUser.is_admin !== 1) throw forbidden('Must be admin to use sudo');
    if (!JSON.parse(token.scopes).includes('sudo')) throw insufficientScope(['sudo']);
    const target = userByRef(core, sudo);
    if (!target) throw new ApiError(404, { message: `404 User with ID or username '${sudo}' Not Found` });
    actor = target;
  }
  return { authUser, actor, token };
}

function touchToken(core: CoreState, token: TokenRow, now: Date): void {
  if (token.last_used_at && now.getTime() - timeOf(token.last_used_at) < LAST_USED_INTERVAL_MS) return;
  const iso = now.toISOString();
  // Bookkeeping only: skipped (tried again next time) while another process holds the write
  // lock, so a read never waits for one.
  const done = tryWriteTx(core.db, () => core.db.prepare('UPDATE personal_access_tokens SET last_used_at = ? WHERE id = ?').run(iso, token.id));
  if (done) token.last_used_at = iso;
}

/** Last parsed timestamp and scope list: a busy client presents the same token row each time. */
let lastTime: { text: string; ms: number } | undefined;
function timeOf(iso: string): number {
  if (lastTime?.text !== iso) lastTime = { text: iso, ms: new Date(iso).getTime() };
  return lastTime.ms;
}
let lastScopes: { text: string; scopes: readonly string[] } | undefined;
function scopesOf(token: TokenRow): readonly string[] {
  if (lastScopes?.text !== token.scopes) lastScopes = { text: token.scopes, scopes: JSON.parse(token.scopes) as string[] };
  return lastScopes.scopes;
}

function checkScopes(route: RouteDef, method: string, token: TokenRow): void {
  const scopes = scopesOf(token);
  if (scopes.includes('api')) return;
  const isRead = method === 'GET' || method === 'HEAD';
  if (isRead && scopes.includes('read_api')) return;
  const extra = route.scopes ?? [];
  if (extra.includes('*') || scopes.some((s) => extra.includes(s))) return;
  throw insufficientScope(isRead ? ['api', 'read_api', ...extra] : ['api', ...extra]);
}
