// Enterprise users: where they live and how tables show them.
import type { ApiClient } from '../../../client/client.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { apiPath, idOrPath } from '../../kit/refs.js';
import { TWO_FACTOR_COLUMN } from '../users/columns.js';

export const enterprisePath = (group: string | undefined, rest = ''): string => `${apiPath('/groups/:id/enterprise_users', { id: idOrPath(group, 'GROUP (id or full path)') })}${rest}`;

/** An enterprise user's id: a number as given, a username looked up among the group's enterprise users. */
export async function enterpriseUserId(api: ApiClient, group: string | undefined, value: string | undefined): Promise<number> {
  const v = value?.trim().replace(/^@/, '');
  if (!v) throw new UsageError('missing USER (id or username)');
  if (/^\d+$/.test(v)) return Number(v);
  const { data } = await api.get<{ id: number; username: string }[]>(enterprisePath(group), { username: v });
  const hit = data.find((u) => u.username.toLowerCase() === v.toLowerCase());
  if (!hit) throw new CliError(`no enterprise user "${v}" in ${String(group)}`, EXIT.notFound, `list them with: hostctl enterprise-users list ${String(group)}`);
  return hit.id;
}

export const ENTERPRISE_COLUMNS = [
  { key: 'id' },
  { key: 'username' },
  { key: 'name' },
  { key: 'email' },
  { key: 'state' },
  TWO_FACTOR_COLUMN,
  { key: 'scim_identities', header: 'scim', get: (r: Record<string, unknown>) => ((r.scim_identities as { extern_uid: string; active: boolean }[] | undefined) ?? []).map((s) => `${s.extern_uid}${s.active ? '' : ' (inactive)'}`).join(', ') },
  { key: 'created_at', header: 'created' },
];

export const ENTERPRISE_FIELDS = [
  'id', 'username', 'name', 'state', 'avatar_url', 'web_url', 'created_at', 'bio', 'location', 'public_email', 'linkedin', 'twitter', 'website_url',
  'organization', 'job_title', 'pronouns', 'bot', 'work_information', 'followers', 'following', 'local_time', 'last_sign_in_at', 'confirmed_at',
  'last_activity_on', 'email', 'theme_id', 'color_scheme_id', 'projects_limit', 'current_sign_in_at', 'can_create_group', 'can_create_project',
  'two_factor_enabled', 'external', 'private_profile', 'commit_email', 'shared_runners_minutes_limit', 'extra_shared_runners_minutes_limit',
  'identities', 'scim_identities',
] as const;
