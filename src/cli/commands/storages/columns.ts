// Table columns of repository storages.
import type { Column } from '../../render/output.js';

const human = (value: unknown): string => {
  if (typeof value !== 'number') return '';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let n = value;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  return `${u === 0 ? n : n.toFixed(1)} ${units[u]}`;
};

export const STORAGE_COLUMNS: Column[] = [
  { key: 'name' },
  { key: 'path' },
  { key: 'weight' },
  { key: 'repositories.project', header: 'projects' },
  { key: 'repositories.snippet', header: 'snippets' },
  { key: 'repositories.group', header: 'groups' },
  { key: 'bytes_used', header: 'used', get: (row) => human(row.bytes_used) },
  { key: 'free_bytes', header: 'free', get: (row) => human(row.free_bytes) },
];

export const STORAGE_FIELDS = ['name', 'path', 'weight', 'repositories', 'bytes_used', 'free_bytes'] as const;
