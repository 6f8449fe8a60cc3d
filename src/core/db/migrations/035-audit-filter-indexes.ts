// Audit event lists filtered by author or event name within a group or a project: without these
// the filter was tested row by row along the scope's index (or the scope along the filter's), so
// a group with many events took seconds to count a page. Each index holds the scope, the filter
// and id, so the page and its capped count read only matching entries, newest first.
import type { Migration } from '../migrate.js';

export const auditFilterIndexesSchema: Migration = {
  version: 35,
  name: 'audit-filter-indexes',
  get up() {
    return `
CREATE INDEX audit_events_entity_author ON audit_events (entity_type, entity_id, author_id, id);
CREATE INDEX audit_events_entity_name ON audit_events (entity_type, entity_id, event_name, id);
CREATE INDEX audit_events_group_author ON audit_events (group_id, author_id, id) WHERE group_id IS NOT NULL;
CREATE INDEX audit_events_group_name ON audit_events (group_id, event_name, id) WHERE group_id IS NOT NULL;
`;
  },
};
