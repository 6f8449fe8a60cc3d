// Audit event totals for every list and filter, at any size, in two index reads. Events are never
// deleted and are written one transaction at a time, so each row can carry its ordinal within each
// list it belongs to (the instance, its entity type, its entity, its group) and within each of
// those filtered by author or event name: the row's `seq_*` is 1 for the first such event, and the
// newest row's is the list's total. The total between two ids (a date filter made id bounds) is
// the newest ordinal in the range minus the oldest one plus one. recordAudit computes the
// ordinals in the INSERT itself, one seek along each list's index, which replaces the four
// trigger-kept totals of migration 019 (four upserts of list_counts on every event).
//
// The storage-move lookup of the author who scheduled a move (auditorOfMove) is the only reader
// of the target index; it becomes partial, so that no other event pays for it.
import type { Migration } from '../migrate.js';

/** The ordinal columns, with the columns each one's list is partitioned by (null when the row is in no such list). */
export const AUDIT_ORDINALS: readonly { column: string; by: string; when?: string }[] = [
  { column: 'seq_all', by: '' },
  { column: 'seq_author', by: 'author_id' },
  { column: 'seq_name', by: 'event_name' },
  { column: 'seq_type', by: 'entity_type' },
  { column: 'seq_entity', by: 'entity_type, entity_id' },
  { column: 'seq_entity_author', by: 'entity_type, entity_id, author_id' },
  { column: 'seq_entity_name', by: 'entity_type, entity_id, event_name' },
  { column: 'seq_group', by: 'group_id', when: 'group_id IS NOT NULL' },
  { column: 'seq_group_author', by: 'group_id, author_id', when: 'group_id IS NOT NULL' },
  { column: 'seq_group_name', by: 'group_id, event_name', when: 'group_id IS NOT NULL' },
];

/** Sets every row's ordinals from scratch (the migration's backfill; the bench's bulk-loaded rows). */
export const backfillAuditOrdinals = (): string => `UPDATE audit_events SET ${AUDIT_ORDINALS.map((o) => `${o.column} = r.${o.column}`).join(', ')}
FROM (SELECT id, ${AUDIT_ORDINALS.map((o) => {
  const n = `ROW_NUMBER() OVER (${o.by ? `PARTITION BY ${o.by} ` : ''}ORDER BY id)`;
  return `${o.when ? `CASE WHEN ${o.when} THEN ${n} END` : n} AS ${o.column}`;
}).join(', ')} FROM audit_events) AS r
WHERE r.id = audit_events.id;`;

export const auditOrdinalsSchema: Migration = {
  version: 37,
  name: 'audit-ordinals',
  get up(): string {
    return `
${AUDIT_ORDINALS.map((o) => `ALTER TABLE audit_events ADD COLUMN ${o.column} INTEGER;`).join('\n')}
${backfillAuditOrdinals()}
DROP TRIGGER audit_all_count_insert;
DROP TRIGGER audit_all_count_delete;
DROP TRIGGER audit_type_count_insert;
DROP TRIGGER audit_type_count_delete;
DROP TRIGGER audit_entity_count_insert;
DROP TRIGGER audit_entity_count_delete;
DROP TRIGGER audit_group_count_insert;
DROP TRIGGER audit_group_count_delete;
DELETE FROM list_counts WHERE list IN ('audit_all', 'audit_type', 'audit_entity', 'audit_group');
DROP INDEX audit_events_target;
CREATE INDEX audit_events_move_target ON audit_events (target_id, id) WHERE target_type = 'RepositoryStorageMove';
`;
  },
};
