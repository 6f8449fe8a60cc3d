// The totals of a project's and a group's protected environments come from the trigger-kept
// counts of migration 017 rather than from counting up to 10,001 rows.
import type { Migration } from '../migrate.js';
import { kept } from './017-more-list-counts.js';

export const protectedEnvironmentCountsSchema: Migration = {
  version: 18,
  name: 'protected-environment-counts',
  get up(): string {
    return `
${kept('project_protected_envs', 'protected_environments', '$project_id', "''", '$project_id IS NOT NULL')}
${kept('group_protected_envs', 'protected_environments', '$group_id', "''", '$group_id IS NOT NULL')}
`;
  },
};
