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
