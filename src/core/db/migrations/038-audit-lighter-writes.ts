// What an audit event costs its write is mostly the pages it dirties (each one written to the
// WAL, synced and later checkpointed): the row and one leaf per index. The created_at index
// goes: created_at never decreases along id, so a date bound is found by a binary search over
// ids (src/core/areas/audit-events/list.ts), about twenty rowid reads at a million events,
// instead of an index every event has to update.
import type { Migration } from '../migrate.js';

export const auditLighterWritesSchema: Migration = {
  version: 38,
  name: 'audit-lighter-writes',
  up: `DROP INDEX audit_events_created;`,
};
