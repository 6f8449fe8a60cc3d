// Table columns of repository storages.
import type { Column } from '../../render/output.js';

export const STORAGE_COLUMNS: Column[] = [
  { key: 'name' },
  { key: 'path' },
  { key: 'weight' },
  { key: 'repositories.project', header: 'projects' },
  { key: 'repositories.snippet', header: 'snippets' },
  { key: 'repositories.group', header: 'groups' },
  { key: 'bytes_used', header: 'used', bytes: true },
  { key: 'free_bytes', header: 'free', bytes: true },
];

export const STORAGE_FIELDS = ['name', 'path', 'weight', 'repositories', 'bytes_used', 'free_bytes'] as const;
