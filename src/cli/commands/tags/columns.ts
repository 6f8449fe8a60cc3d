// Table columns and field names of tags.
import type { Column } from '../../render/output.js';

export const TAG_COLUMNS: Column[] = [
  { key: 'name' },
  { key: 'commit.short_id', header: 'commit' },
  { key: 'annotated', get: (row) => row.message !== null && row.message !== undefined },
  { key: 'release', get: (row) => (row.release ? 'yes' : '') },
  { key: 'commit.committed_date', header: 'committed' },
];

export const TAG_DETAIL_COLUMNS: Column[] = [
  { key: 'name' },
  { key: 'target' },
  { key: 'commit.id', header: 'commit' },
  { key: 'commit.title', header: 'title' },
  { key: 'message' },
  { key: 'created_at', header: 'tagged' },
  { key: 'release.description', header: 'release' },
  { key: 'protected' },
];

export const TAG_FIELDS = ['name', 'message', 'target', 'commit', 'release', 'protected', 'created_at'] as const;
