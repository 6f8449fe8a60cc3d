// An audit event as the platform's API shows it.
export interface AuditEventRow {
  id: number;
  author_id: number;
  entity_type: string;
  entity_id: number;
  event_name: string;
  details: string;
  created_at: string;
}

/**
 * The columns an answer shows, which every read selects instead of `*`: a row also holds its
 * group, target and ten list ordinals, and reading them into each row's object cost more than
 * the rest of a page.
 */
export const EVENT_COLUMNS = 'id, author_id, entity_type, entity_id, event_name, details, created_at';

export const presentAuditEvent = (row: AuditEventRow) => ({
  id: row.id,
  author_id: row.author_id,
  entity_id: row.entity_id,
  entity_type: row.entity_type,
  event_name: row.event_name,
  details: JSON.parse(row.details) as Record<string, unknown>,
  created_at: row.created_at,
});
