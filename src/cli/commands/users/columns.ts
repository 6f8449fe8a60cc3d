// Table columns and field names of users, chosen for administrators.
import type { Column } from '../../render/output.js';

/** The words of the --two-factor filter, which the 2fa column shows too (not true/false). */
export const TWO_FACTOR_STATES = ['enabled', 'disabled'] as const;

export const TWO_FACTOR_COLUMN: Column = {
  key: 'two_factor_enabled',
  header: '2fa',
  // A yes/no state in words: it gives way first at a narrow width, as booleans do.
  priority: 4,
  get: (r) => (typeof r.two_factor_enabled === 'boolean' ? TWO_FACTOR_STATES[r.two_factor_enabled ? 0 : 1] : ''),
};

export const USER_COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'username' },
  { key: 'name' },
  { key: 'state' },
  { key: 'email' },
  { key: 'is_admin', header: 'admin' },
  { key: 'external' },
  TWO_FACTOR_COLUMN,
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
  'two_factor_enabled',
] as const;
