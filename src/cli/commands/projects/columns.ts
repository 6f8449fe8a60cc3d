// Table columns and field names of projects, chosen for administrators.
import type { Column } from '../../render/output.js';

export const PROJECT_COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'path_with_namespace', header: 'path' },
  { key: 'visibility' },
  // Nearly always `main`: the first to give way on a narrow terminal.
  { key: 'default_branch', header: 'default branch', priority: 4 },
  { key: 'repository_storage', header: 'storage' },
  { key: 'archived' },
  { key: 'last_activity_at', header: 'last activity' },
];

export const PROJECT_DETAIL_COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'path_with_namespace', header: 'path' },
  { key: 'name' },
  { key: 'description' },
  { key: 'visibility' },
  { key: 'namespace.full_path', header: 'namespace' },
  { key: 'default_branch', header: 'default branch' },
  { key: 'empty_repo', header: 'empty repo' },
  // Where the README is (`projects create --readme` shows it at once); empty without one.
  { key: 'readme_url', header: 'readme' },
  { key: 'repository_storage', header: 'storage' },
  { key: 'archived' },
  { key: 'created_at', header: 'created' },
  { key: 'last_activity_at', header: 'last activity' },
  { key: 'http_url_to_repo', header: 'clone url' },
  { key: 'web_url', header: 'url' },
];

export const PROJECT_FIELDS = [
  'id',
  'description',
  'name',
  'name_with_namespace',
  'path',
  'path_with_namespace',
  'created_at',
  'default_branch',
  'ssh_url_to_repo',
  'http_url_to_repo',
  'web_url',
  'namespace',
  'last_activity_at',
  'visibility',
  'archived',
  'empty_repo',
  'readme_url',
  'creator_id',
  'repository_storage',
] as const;
