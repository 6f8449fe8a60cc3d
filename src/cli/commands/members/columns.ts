// Table columns and field names of members.
import type { Column } from '../../render/output.js';
import { roleName } from '../../kit/refs.js';

export const MEMBER_COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'username' },
  { key: 'name' },
  { key: 'access_level', header: 'role', get: (row) => `${roleName(row.access_level)} (${String(row.access_level)})` },
  { key: 'expires_at', header: 'expires' },
  { key: 'state' },
  { key: 'created_at', header: 'since' },
];

export const MEMBER_FIELDS = ['id', 'username', 'name', 'state', 'locked', 'avatar_url', 'web_url', 'access_level', 'created_at', 'created_by', 'expires_at', 'group_saml_identity', 'membership_state'] as const;
