// Table columns and field names of groups, chosen for administrators.
import type { Column } from '../../render/output.js';

export const GROUP_COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'full_path', header: 'path' },
  { key: 'name' },
  { key: 'visibility' },
  { key: 'parent_id', header: 'parent', lookup: 'group' },
  { key: 'created_at', header: 'created' },
];

export const GROUP_DETAIL_COLUMNS: Column[] = [
  ...GROUP_COLUMNS,
  { key: 'full_name', header: 'full name' },
  { key: 'description' },
  { key: 'projects', get: (row) => (Array.isArray(row.projects) ? row.projects.map((p) => (p as { path?: string }).path) : undefined) },
  { key: 'web_url', header: 'url' },
];

export const GROUP_FIELDS = [
  'id',
  'web_url',
  'name',
  'path',
  'description',
  'visibility',
  'full_name',
  'full_path',
  'created_at',
  'parent_id',
  'organization_id',
  'archived',
] as const;

/** `Platform Team` → `platform-team`: the path a name suggests when none is given. */
export const slugOf = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_.]+/g, '-')
    .replace(/^[-_.]+|[-_.]+$/g, '');
