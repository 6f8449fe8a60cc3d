// Table columns and field names of users, chosen for administrators.
import type { Column } from '../../render/output.js';

export const USER_COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'username' },
  { key: 'name' },
  { key: 'state' },
  { key: 'email' },
  { key: 'is_admin', header: 'admin' },
  { key: 'external' },
  { key: 'last_activity_on', header: 'last active' },
  { key: 'created_at', header: 'created' },
];

export const USER_DETAIL_COLUMNS: Column[] = [
  ...USER_COLUMNS,
  { key: 'bio' },
  { key: 'organization' },
  { key: 'job_title', header: 'job title' },
  { key: 'location' },
  { key: 'projects_limit', header: 'projects limit' },
  { key: 'can_create_group', header: 'can create group' },
  { key: 'two_factor_enabled', header: '2fa' },
  { key: 'last_sign_in_at', header: 'last sign-in' },
  { key: 'web_url', header: 'url' },
];

export const USER_FIELDS = [
  'id',
  'username',
  'name',
  'state',
  'locked',
  'avatar_url',
  'web_url',
  'created_at',
  'bio',
  'location',
  'public_email',
  'organization',
  'job_title',
  'bot',
  'email',
  'last_activity_on',
  'last_sign_in_at',
  'projects_limit',
  'can_create_group',
  'external',
  'is_admin',
] as const;
