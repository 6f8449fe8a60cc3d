// The token list also orders by update time (`sort=updated_asc|updated_desc` and their
// `updated_at_*` spellings); this index serves both directions.
import type { Migration } from '../migrate.js';

export const tokenUpdatedOrderSchema: Migration = {
  version: 8,
  name: 'token-updated-order',
  get up() {
    return `
CREATE INDEX pat_order_updated ON personal_access_tokens (updated_at, id);
`;
  },
};
