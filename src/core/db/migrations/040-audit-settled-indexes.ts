// An audit event used to enter every list's index in the transaction of its change: one leaf page
// per index (five to seven for most events), each written to the WAL and synced with the commit,
// which was most of what recording added to a write. Now the lists' indexes hold settled events
// only (those whose ordinals are set, seq_all IS NOT NULL): a new event is written as a row alone
// (one page), and recordAudit settles the newest few together once they reach AUDIT_SETTLE_BATCH,
// in the transaction of the write that reaches it, so each index leaf is written once for the
// batch instead of once an event. Unsettled events are always the newest ones (they are settled
// in id order, all at once), so a list reads them by a rowid range after the settled ones'
// newest id and merges them with its index (src/core/areas/audit-events/list.ts).
//
// The storage-move index keeps every move event at once: a background move looks its author up
// right after the scheduling event (auditorOfMove), and only move events enter it.
import type { Migration } from '../migrate.js';

/** The list indexes as migration 039 left them, each now holding settled events only. */
const SETTLED_INDEXES: readonly [name: string, columns: string, where?: string][] = [
  ['audit_events_entity', 'entity_type, entity_id, id'],
  ['audit_events_type', 'entity_type, id'],
  ['audit_events_group', 'group_id, id', 'group_id IS NOT NULL'],
  ['audit_events_author', 'author_id, id'],
  ['audit_events_name', 'event_name, id'],
  ['audit_events_group_author', 'group_id, author_id, id', 'group_id IS NOT NULL'],
  ['audit_events_group_name', 'group_id, event_name, id', 'group_id IS NOT NULL'],
  ['audit_events_entity_author', 'entity_id, author_id, id', "entity_type = 'Project'"],
  ['audit_events_entity_name', 'entity_id, event_name, id', "entity_type = 'Project'"],
];

export const auditSettledIndexesSchema: Migration = {
  version: 40,
  name: 'audit-settled-indexes',
  get up(): string {
    return SETTLED_INDEXES.map(
      ([name, columns, where]) => `DROP INDEX ${name};
CREATE INDEX ${name} ON audit_events (${columns}) WHERE ${where ? `${where} AND ` : ''}seq_all IS NOT NULL;`,
    ).join('\n');
  },
};
