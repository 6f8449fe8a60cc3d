// Token rows → the platform's PersonalAccessToken JSON (the secret only where given).
import type { TokenRow } from '../../db/rows.js';
import { isTokenExpired } from './queries.js';

export interface TokenJson {
  id: number;
  name: string;
  revoked: boolean;
  created_at: string;
  description: string | null;
  scopes: string[];
  user_id: number;
  last_used_at: string | null;
  active: boolean;
  expires_at: string | null;
  expired: boolean;
  token?: string;
}

export function presentToken(row: TokenRow, now: Date, secret?: string): TokenJson {
  const expired = isTokenExpired(row, now);
  const json: TokenJson = {
    id: row.id,
    name: row.name,
    revoked: row.revoked === 1,
    created_at: row.created_at,
    description: row.description,
    scopes: JSON.parse(row.scopes) as string[],
    user_id: row.user_id,
    last_used_at: row.last_used_at,
    active: row.revoked === 0 && !expired,
    expires_at: row.expires_at,
    expired,
  };
  if (secret !== undefined) json.token = secret;
  return json;
}

/** The JSON text last presented per token row object, with what it was presented from. */
const presentedTexts = new WeakMap<TokenRow, { lastUsedAt: string | null; expired: boolean; bytes: Buffer }>();

/**
 * `presentToken(row, now)` as UTF-8 JSON bytes. The row a request authenticated with is one
 * object for as long as the database is unchanged (the token cache's), so a client that asks for
 * its own token again and again is answered from the text made the first time. Besides its
 * fields, which change only with a write (a new row object), the text depends on `last_used_at`
 * (updated on that object) and on whether the token has expired by `now`: both are compared.
 */
export function presentTokenBytes(row: TokenRow, now: Date): Buffer {
  const expired = isTokenExpired(row, now);
  const known = presentedTexts.get(row);
  if (known && known.lastUsedAt === row.last_used_at && known.expired === expired) return known.bytes;
  const bytes = Buffer.from(JSON.stringify(presentToken(row, now)), 'utf8');
  presentedTexts.set(row, { lastUsedAt: row.last_used_at, expired, bytes });
  return bytes;
}
