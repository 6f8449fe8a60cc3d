// Table columns and field names of personal access tokens.
import type { Column } from '../../render/output.js';

export const TOKEN_COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'name' },
  { key: 'user_id', header: 'user' },
  { key: 'scopes' },
  { key: 'active' },
  { key: 'revoked' },
  { key: 'expires_at', header: 'expires' },
  { key: 'last_used_at', header: 'last used' },
];

export const TOKEN_FIELDS = ['id', 'name', 'revoked', 'created_at', 'description', 'scopes', 'user_id', 'last_used_at', 'active', 'expires_at', 'expired'] as const;
