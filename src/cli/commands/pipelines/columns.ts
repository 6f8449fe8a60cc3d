// Table columns and field names of pipelines.
import type { Column } from '../../render/output.js';

export const PIPELINE_COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'iid' },
  { key: 'ref' },
  { key: 'sha', get: (row) => String(row.sha ?? '').slice(0, 8) },
  { key: 'status' },
  { key: 'source' },
  { key: 'created_at', header: 'created' },
];

export const PIPELINE_FIELDS = ['id', 'iid', 'project_id', 'sha', 'ref', 'status', 'source', 'created_at', 'updated_at', 'web_url', 'user'];
