// Audit events: one row per change the core makes for a caller, written in the change's own
// transaction (src/core/audit/record.ts). Rows outlive what they name, so nothing here refers to
// another table. Every list filter has an index that ends in id, so each list and filter pages
// by id descending along an index; date filters become id bounds (created_at never decreases
// along id), and the totals of the unfiltered lists are kept by triggers in list_counts.
import type { Migration } from '../migrate.js';
import { kept } from './017-more-list-counts.js';

export const auditEventsSchema: Migration = {
  version: 19,
  name: 'audit-events',
  get up(): string {
    return `
CREATE TABLE audit_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- The acting user (-1 for an unauthenticated or system author, as on the platform).
  author_id INTEGER NOT NULL,
  -- User, Group, Project or Gitlab::Audit::InstanceScope.
  entity_type TEXT NOT NULL,
  entity_id INTEGER NOT NULL,
  -- The group whose audit events list the row: the group itself, or a project's parent group.
  group_id INTEGER,
  event_name TEXT NOT NULL,
  -- What changed inside the entity (also in details), so that background work can find the
  -- event that scheduled it and act for its author.
  target_type TEXT NOT NULL,
  target_id TEXT NOT NULL,
  -- The details object as presented (author_name, target_*, change/from/to or custom_message,
  -- ip_address, entity_path), as JSON.
  details TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX audit_events_entity ON audit_events (entity_type, entity_id, id);
CREATE INDEX audit_events_type ON audit_events (entity_type, id);
CREATE INDEX audit_events_group ON audit_events (group_id, id) WHERE group_id IS NOT NULL;
CREATE INDEX audit_events_author ON audit_events (author_id, id);
CREATE INDEX audit_events_name ON audit_events (event_name, id);
CREATE INDEX audit_events_created ON audit_events (created_at, id);
CREATE INDEX audit_events_target ON audit_events (target_type, target_id, id);
${kept('audit_all', 'audit_events', '0')}
${kept('audit_type', 'audit_events', '0', '$entity_type')}
${kept('audit_entity', 'audit_events', '$entity_id', '$entity_type')}
${kept('audit_group', 'audit_events', '$group_id', "''", '$group_id IS NOT NULL')}
`;
  },
};
