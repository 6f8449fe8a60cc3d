// Table columns and field names of milestones.
import type { Column } from '../../render/output.js';

export const MILESTONE_COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'iid' },
  { key: 'title' },
  { key: 'state' },
  { key: 'start_date', header: 'start' },
  { key: 'due_date', header: 'due' },
  { key: 'expired' },
];

export const MILESTONE_DETAIL_COLUMNS: Column[] = [...MILESTONE_COLUMNS, { key: 'description' }, { key: 'updated_at', header: 'updated' }, { key: 'web_url', header: 'url' }];

export const MILESTONE_FIELDS = ['id', 'iid', 'project_id', 'group_id', 'title', 'description', 'state', 'created_at', 'updated_at', 'due_date', 'start_date', 'expired', 'web_url'] as const;
