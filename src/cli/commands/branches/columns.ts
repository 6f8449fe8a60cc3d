// Table columns and field names of branches and protected branches.
import type { Column } from '../../render/output.js';

const levels = (key: string) => (row: Record<string, unknown>) =>
  Array.isArray(row[key]) ? (row[key] as { access_level_description: string }[]).map((a) => a.access_level_description).join(', ') : '';

export const BRANCH_COLUMNS: Column[] = [
  { key: 'name' },
  { key: 'default' },
  { key: 'protected' },
  { key: 'merged' },
  { key: 'can_push', header: 'can push' },
  { key: 'commit.short_id', header: 'commit' },
  { key: 'commit.title', header: 'title' },
  { key: 'commit.committed_date', header: 'committed' },
];

export const BRANCH_DETAIL_COLUMNS: Column[] = [
  ...BRANCH_COLUMNS,
  { key: 'developers_can_push', header: 'developers can push' },
  { key: 'developers_can_merge', header: 'developers can merge' },
  { key: 'commit.author_name', header: 'author' },
  { key: 'web_url', header: 'url' },
];

export const BRANCH_FIELDS = ['name', 'merged', 'protected', 'default', 'developers_can_push', 'developers_can_merge', 'can_push', 'web_url', 'commit'] as const;

export const PROTECTED_BRANCH_COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'name' },
  { key: 'push', get: levels('push_access_levels') },
  { key: 'merge', get: levels('merge_access_levels') },
  { key: 'unprotect', get: levels('unprotect_access_levels') },
  { key: 'allow_force_push', header: 'force push' },
];
