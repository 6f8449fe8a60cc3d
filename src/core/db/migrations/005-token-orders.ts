// Indexes that match the token list's orders exactly (NULL placement and tie-breaks included),
// so a page deep into 100,000 tokens is read from an index instead of sorting every row.
import type { Migration } from '../migrate.js';

export const tokenOrdersSchema: Migration = {
  version: 5,
  name: 'token-orders',
  get up() {
    return `
CREATE INDEX pat_order_expires_asc ON personal_access_tokens (expires_at IS NULL, expires_at, id DESC);
CREATE INDEX pat_order_expires_desc ON personal_access_tokens (expires_at IS NOT NULL, expires_at DESC, id DESC);
CREATE INDEX pat_order_last_used_asc ON personal_access_tokens (last_used_at IS NULL, last_used_at, id DESC);
CREATE INDEX pat_order_last_used_desc ON personal_access_tokens (last_used_at IS NOT NULL, last_used_at DESC, id DESC);
CREATE INDEX pat_order_name ON personal_access_tokens (lower(name), id);
`;
  },
};
