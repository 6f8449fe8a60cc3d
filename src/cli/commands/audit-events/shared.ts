// What the audit event verbs share: the list a scope names, the table columns, and the filters.
import type { Column } from '../../render/output.js';
import { projectOrGroup, type ProjectOrGroupOpts } from '../../kit/project-option.js';

export type AuditEvent = Record<string, unknown> & { id: number; details?: Record<string, unknown> };

const detail = (key: string) => (row: Record<string, unknown>) => (row.details as Record<string, unknown> | undefined)?.[key];

/** time, author, action, target, address: what fits 80 columns. */
export const EVENT_COLUMNS: Column[] = [
  { key: 'id' },
  // When, who and what happened identify an event to a reader; the address comes last.
  { key: 'created_at', header: 'time', priority: 2 },
  // Usernames are what admins type, and short; the full name is in get and in -o json.
  { key: 'author_id', header: 'author', lookup: 'user', priority: 2 },
  // The action is a word of the platform's vocabulary (`user_blocked`): cut, it names nothing
  // (`notification_settin…`), so like the id it is never cut nor left out.
  { key: 'event_name', header: 'action', priority: 1 },
  // The target gives way instead: a path is cut from the left and keeps its last segment.
  { key: 'target', get: (row) => detail('target_details')(row) ?? detail('target_id')(row), priority: 2 },
  { key: 'address', get: detail('ip_address'), priority: 4 },
];

export const EVENT_FIELDS = ['id', 'author_id', 'entity_id', 'entity_type', 'event_name', 'details', 'created_at'] as const;

/** The list of the named group or project, or the instance's. */
export function eventsPath(o: ProjectOrGroupOpts): string {
  if (o.project === undefined && o.group === undefined) return '/audit_events';
  return `${projectOrGroup(o).base}/audit_events`;
}
