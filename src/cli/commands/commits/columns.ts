// Table columns and field names of commits.
import type { Column } from '../../render/output.js';

export const COMMIT_COLUMNS: Column[] = [
  { key: 'short_id', header: 'commit' },
  { key: 'title' },
  { key: 'author_name', header: 'author' },
  { key: 'authored_date', header: 'authored' },
];

export const COMMIT_DETAIL_COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'title' },
  { key: 'author_name', header: 'author' },
  { key: 'author_email', header: 'author email' },
  { key: 'authored_date', header: 'authored' },
  { key: 'committer_name', header: 'committer' },
  { key: 'committed_date', header: 'committed' },
  { key: 'parent_ids', header: 'parents' },
  { key: 'stats', get: (row) => (row.stats ? `+${(row.stats as { additions: number }).additions} -${(row.stats as { deletions: number }).deletions}` : '') },
  { key: 'web_url', header: 'url' },
];

export const COMMIT_FIELDS = [
  'id',
  'short_id',
  'created_at',
  'parent_ids',
  'title',
  'message',
  'author_name',
  'author_email',
  'authored_date',
  'committer_name',
  'committer_email',
  'committed_date',
  'trailers',
  'extended_trailers',
  'web_url',
  'stats',
] as const;
