// Table columns and field names of personal access tokens.
import type { Column } from '../../render/output.js';

/** One word for a token's state: revoked wins over expired; anything else inactive is expired. */
export const tokenState = (row: Record<string, unknown>): string => (row.revoked ? 'revoked' : row.active === false || row.expired === true ? 'expired' : 'active');

export const TOKEN_COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'name' },
  { key: 'user_id', header: 'user', lookup: 'user' },
  { key: 'scopes' },
  { key: 'state', get: tokenState },
  { key: 'expires_at', header: 'expires' },
  { key: 'last_used_at', header: 'last used' },
];

export const TOKEN_FIELDS = ['id', 'name', 'revoked', 'created_at', 'description', 'scopes', 'user_id', 'last_used_at', 'active', 'expires_at', 'expired'] as const;
