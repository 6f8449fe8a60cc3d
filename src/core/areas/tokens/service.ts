// Multi-step token writes: create, rotate (revoke + successor in one transaction), revoke.
import type { TokenRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { addDays, isoDate } from '../../clock.js';
import { digestSecret, generateTokenSecret } from '../../auth/secrets.js';
import { badRequest, unprocessable, validationError } from '../../http/errors.js';
import { tokenById } from './queries.js';
import { auditToken } from '../../audit/subjects.js';

/** Longest lifetime a token may be given, in days. */
export const MAX_TOKEN_LIFETIME_DAYS = 400;
/** Default lifetime of a created token when expiry is required and none is given. */
export const DEFAULT_CREATE_LIFETIME_DAYS = 365;
export const ROTATE_DEFAULT_DAYS = 7;

export { TOKEN_SCOPES } from '../../../shared/token-scopes.js';

export interface NewToken {
  userId: number;
  name: string;
  scopes: string[];
  description?: string | null;
  expiresAt?: string | null;
  previousId?: number | null;
  /** A caller-chosen secret (the root token given to `hostctl init`); generated otherwise. */
  secret?: string;
  /** An administrator's token to act as the user (impersonation token). */
  impersonation?: boolean;
}

/** Checks an expiry date against today and the maximum lifetime; returns the error text. */
export function expiryProblem(core: CoreState, expiresAt: string): string | undefined {
  const now = core.clock.now();
  if (expiresAt <= isoDate(now)) return 'must be in the future';
  const max = isoDate(addDays(now, MAX_TOKEN_LIFETIME_DAYS));
  if (expiresAt > max) return `must be before ${max}`;
  return undefined;
}

export function insertToken(core: CoreState, t: NewToken): { row: TokenRow; secret: string } {
  const secret = t.secret ?? generateTokenSecret();
  const now = core.nowIso();
  const info = core.db
    .prepare(
      `INSERT INTO personal_access_tokens (user_id, name, description, token_digest, scopes, expires_at, previous_personal_access_token_id, impersonation, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(t.userId, t.name, t.description ?? null, digestSecret(secret), JSON.stringify(t.scopes), t.expiresAt ?? null, t.previousId ?? null, t.impersonation ? 1 : 0, now, now);
  return { row: tokenById(core, Number(info.lastInsertRowid)) as TokenRow, secret };
}

export function createToken(core: CoreState, t: NewToken): { row: TokenRow; secret: string } {
  if ((t.description ?? '').length > 255) throw validationError({ description: ['is too long (maximum is 255 characters)'] });
  if (t.name.length > 255) throw validationError({ name: ['is too long (maximum is 255 characters)'] });
  let expiresAt = t.expiresAt ?? null;
  if (expiresAt) {
    const problem = expiryProblem(core, expiresAt);
    // Beyond the maximum lifetime the platform answers 422 with its service's plain message.
    if (problem?.startsWith('must be before')) throw unprocessable(`Expiration date ${problem}`);
    if (problem) throw validationError({ expires_at: [problem] });
  } else if (core.settings.requireTokenExpiry) {
    expiresAt = isoDate(addDays(core.clock.now(), DEFAULT_CREATE_LIFETIME_DAYS));
  }
  return core.tx(() => {
    const made = insertToken(core, { ...t, expiresAt });
    auditToken(core, made.row, 'created');
    return made;
  });
}

/** Revokes `token` and creates its successor in the same family, atomically. */
export function rotateToken(core: CoreState, token: TokenRow, expiresAt?: string): { row: TokenRow; secret: string } {
  if (expiresAt) {
    const problem = expiryProblem(core, expiresAt);
    if (problem) throw badRequest(`Expiration date ${problem}`);
  }
  const newExpiry = expiresAt ?? (core.settings.requireTokenExpiry ? isoDate(addDays(core.clock.now(), ROTATE_DEFAULT_DAYS)) : null);
  return core.tx(() => {
    const fresh = tokenById(core, token.id) as TokenRow;
    if (fresh.revoked) throw badRequest('Token already revoked');
    core.db.prepare('UPDATE personal_access_tokens SET revoked = 1, updated_at = ? WHERE id = ?').run(core.nowIso(), token.id);
    auditToken(core, fresh, 'rotated');
    return insertToken(core, {
      userId: fresh.user_id,
      name: fresh.name,
      description: fresh.description,
      scopes: JSON.parse(fresh.scopes) as string[],
      expiresAt: newExpiry,
      previousId: fresh.id,
    });
  });
}

export function revokeToken(core: CoreState, token: TokenRow): void {
  core.tx(() => {
    core.db.prepare('UPDATE personal_access_tokens SET revoked = 1, updated_at = ? WHERE id = ?').run(core.nowIso(), token.id);
    auditToken(core, token, 'revoked');
  });
}
