// What an audit event costs its write is mostly the pages it dirties, each written to the WAL and
// synced with the commit: the row's and one leaf per index the row enters (about 30 µs each on
// the bench machine). Three such pages go:
// - the created_at index: created_at never decreases along id (recordAudit makes sure), so a date
//   bound is a binary search over ids, about twenty rowid seeks at a million events
//   (src/core/areas/audit-events/list.ts); IF EXISTS, as an earlier form of this change dropped
//   it on some development states;
// - the entity-with-author and entity-with-name indexes hold project events only: they serve the
//   project lists' author and name filters. An instance list filtered by a user, group or
//   instance entity and by author or name reads that entity's index and counts (capped) instead.
import type { Migration } from '../migrate.js';

export const auditLighterWritesSchema: Migration = {
  version: 39,
  name: 'audit-lighter-writes',
  get up() {
    return `
DROP INDEX IF EXISTS audit_events_created;
DROP INDEX audit_events_entity_author;
DROP INDEX audit_events_entity_name;
CREATE INDEX audit_events_entity_author ON audit_events (entity_id, author_id, id) WHERE entity_type = 'Project';
CREATE INDEX audit_events_entity_name ON audit_events (entity_id, event_name, id) WHERE entity_type = 'Project';
`;
  },
};
