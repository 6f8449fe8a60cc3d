// An audit event as the platform's API shows it.
export interface AuditEventRow {
  id: number;
  author_id: number;
  entity_type: string;
  entity_id: number;
  group_id: number | null;
  event_name: string;
  target_type: string;
  target_id: string;
  details: string;
  created_at: string;
}

export const presentAuditEvent = (row: AuditEventRow) => ({
  id: row.id,
  author_id: row.author_id,
  entity_id: row.entity_id,
  entity_type: row.entity_type,
  event_name: row.event_name,
  details: JSON.parse(row.details) as Record<string, unknown>,
  created_at: row.created_at,
});
