// Events whose entity takes a lookup to name: tokens (a person's, or a project's or group's bot)
// and attribute changes recorded one event per changed attribute. Services call these in one
// line from inside their transactions.
import type { CoreState } from '../state.js';
import type { UserRow } from '../db/rows.js';
import { auditorOfMove, recordAudit, withAuditor, type AuditEntity, type AuditEvent, type AuditValue } from './record.js';

/** The entity a token belongs to: its user, or the project or group whose bot holds it. */
function tokenOwner(core: CoreState, userId: number): { kind: 'personal' | 'project' | 'group'; entity: AuditEntity } {
  const bot = core.db
    .prepare("SELECT m.source_type, m.source_id FROM users u JOIN members m ON m.user_id = u.id WHERE u.id = ? AND u.bot = 1 LIMIT 1")
    .get(userId) as { source_type: 'project' | 'namespace'; source_id: number } | undefined;
  if (bot?.source_type === 'project') return { kind: 'project', entity: { type: 'Project', id: bot.source_id } };
  if (bot) return { kind: 'group', entity: { type: 'Group', id: bot.source_id } };
  return { kind: 'personal', entity: { type: 'User', id: userId } };
}

/** The platform's names where they differ from `<kind>_access_token_<action>`: a bot's token revoked is deleted. */
const tokenEventName = (kind: 'personal' | 'project' | 'group', action: string): string =>
  kind !== 'personal' && action === 'revoked' ? `${kind}_access_token_deleted` : `${kind}_access_token_${action}`;

const TOKEN_MESSAGES = {
  created: 'Created access token',
  rotated: 'Rotated access token',
  revoked: 'Revoked access token',
  family_revoked: 'Revoked the token and its rotations after a revoked token was used',
} as const;

/** One event about an access token (never its secret: only its id and name). */
export function auditToken(core: CoreState, token: { id: number; user_id: number; name: string }, action: keyof typeof TOKEN_MESSAGES): number {
  const { kind, entity } = tokenOwner(core, token.user_id);
  const targetType = kind === 'personal' ? 'PersonalAccessToken' : kind === 'project' ? 'ProjectAccessToken' : 'GroupAccessToken';
  return recordAudit(core, {
    name: tokenEventName(kind, action),
    entity,
    target: { type: targetType, id: token.id, details: token.name },
    message: `${TOKEN_MESSAGES[action]} ${token.name}`,
  });
}

/**
 * An attribute `auditChanges` watches: its name, or its name with the platform's event name for
 * its change (a fixed name, or one chosen by the new value).
 */
export type AuditedAttribute = string | readonly [attribute: string, event: string | ((to: AuditValue) => string)];

/**
 * One event per attribute whose value differs between `before` and `after`, named
 * `<prefix>_<attribute>_updated` unless the attribute names the platform's own event. Attributes
 * listed as hidden record that they changed, not the values.
 */
export function auditChanges(
  core: CoreState,
  base: Omit<AuditEvent, 'name' | 'change' | 'message'>,
  prefix: string,
  before: object,
  after: object,
  attributes: readonly AuditedAttribute[],
  hidden: readonly string[] = [],
): void {
  for (const spec of attributes) {
    const [key, named] = typeof spec === 'string' ? [spec, undefined] : spec;
    const from = (before as Record<string, unknown>)[key] as AuditValue | undefined;
    const to = (after as Record<string, unknown>)[key] as AuditValue | undefined;
    if (from === to || to === undefined) continue;
    const name = named === undefined ? `${prefix}_${key}_updated` : typeof named === 'string' ? named : named(to);
    if (hidden.includes(key)) recordAudit(core, Object.assign({}, base, { name, message: `Changed ${key.replaceAll('_', ' ')}` }));
    else recordAudit(core, Object.assign({}, base, { name, change: { what: key.replaceAll('_', ' '), from: from ?? null, to } }));
  }
}

const USER_ATTRIBUTES: readonly AuditedAttribute[] = [
  'username',
  'name',
  ['email', 'user_email_address_updated'],
  ['admin', 'user_admin_status_updated'],
  ['external', 'user_external_status_updated'],
  ['private_profile', 'user_profile_visibility_updated'],
  ['two_factor_enabled', (to) => (to ? 'user_enable_two_factor' : 'user_disable_two_factor')],
  'projects_limit',
  'can_create_group',
  'password',
  'avatar',
];

const userValues = (u: UserRow): Record<string, unknown> => ({
  username: u.username,
  name: u.name,
  email: u.email,
  admin: u.is_admin === 1,
  external: u.external === 1,
  private_profile: u.private_profile === 1,
  two_factor_enabled: u.two_factor_enabled === 1,
  projects_limit: u.projects_limit,
  can_create_group: u.can_create_group === 1,
  // Only whether it changed, never the digest.
  password: u.password_digest,
  avatar: u.avatar,
});

/** Profile fields the platform does not audit one by one: a change to any is one event naming them. */
const PROFILE_FIELDS = ['bio', 'location', 'public_email', 'linkedin', 'twitter', 'website_url', 'organization', 'job_title', 'pronouns', 'note', 'commit_email'] as const;

/** The events of a user's update: one per changed account attribute, one for the profile fields. */
export function auditUserUpdate(core: CoreState, before: UserRow, after: UserRow): void {
  const base = { entity: { type: 'User' as const, id: after.id, path: after.username } };
  auditChanges(core, base, 'user', userValues(before), userValues(after), USER_ATTRIBUTES, ['password']);
  const profile = PROFILE_FIELDS.filter((key) => (before as unknown as Record<string, unknown>)[key] !== (after as unknown as Record<string, unknown>)[key]);
  if (profile.length > 0) recordAudit(core, Object.assign({}, base, { name: 'user_profile_updated', message: `Changed ${profile.map((k) => k.replaceAll('_', ' ')).join(', ')}` }));
}

const LEVEL_NAMES: Record<number, string> = { 5: 'Minimal Access', 10: 'Guest', 15: 'Planner', 20: 'Reporter', 30: 'Developer', 40: 'Maintainer', 50: 'Owner' };
const levelName = (level: number): string => LEVEL_NAMES[level] ?? String(level);

/** A membership added, changed or removed, on its project or group, naming the member. */
export function auditMember(
  core: CoreState,
  source: { type: 'project' | 'namespace'; id: number },
  userId: number,
  action: 'created' | 'updated' | 'destroyed',
  level: { from?: number; to?: number },
): number {
  const user = core.db.prepare('SELECT username FROM users WHERE id = ?').get(userId) as { username: string } | undefined;
  const entity: AuditEntity = source.type === 'project' ? { type: 'Project', id: source.id } : { type: 'Group', id: source.id };
  const target = { type: 'User', id: userId, details: user?.username ?? String(userId) };
  const what = 'access level';
  if (action === 'created') return recordAudit(core, { name: 'member_created', entity, target, change: { what, from: null, to: levelName(level.to ?? 0) } });
  if (action === 'destroyed') return recordAudit(core, { name: 'member_destroyed', entity, target, change: { what, from: levelName(level.from ?? 0), to: null } });
  return recordAudit(core, { name: 'member_updated', entity, target, change: { what, from: levelName(level.from ?? 0), to: levelName(level.to ?? 0) } });
}

/** The instance as an audit entity (settings and storages). */
export const INSTANCE: AuditEntity = { type: 'Gitlab::Audit::InstanceScope', id: 1 };

/** The project or group a row belongs to (rows that name one of the two). */
export const ownerEntity = (row: { project_id?: number | null; group_id?: number | null }): AuditEntity =>
  row.project_id !== null && row.project_id !== undefined ? { type: 'Project', id: row.project_id } : { type: 'Group', id: row.group_id as number };

/** An event about one row inside a project or group (a rule, a key, a release): who did what to which. */
export function auditRow(
  core: CoreState,
  entity: AuditEntity,
  name: string,
  target: { type: string; id: number | string; details: string },
  message: string,
): number {
  return recordAudit(core, { name, entity, target, message });
}

/** SCIM provisioning of a user into a group (the identity provider acts, unauthenticated). */
export function auditScim(core: CoreState, groupId: number, userId: number, action: 'provisioned' | 'deprovisioned' | 'reprovisioned', externUid: string): number {
  const user = core.db.prepare('SELECT username FROM users WHERE id = ?').get(userId) as { username: string } | undefined;
  const text = { provisioned: 'Provisioned', deprovisioned: 'Deactivated', reprovisioned: 'Reactivated' }[action];
  return recordAudit(core, {
    name: action === 'provisioned' ? 'user_provisioned_by_scim' : `scim_user_${action}`,
    entity: { type: 'Group', id: groupId },
    target: { type: 'User', id: userId, details: user?.username ?? String(userId) },
    message: `${text} user through SCIM (extern_uid ${externUid})`,
  });
}

/**
 * A repository storage move scheduled, finished or failed, on its project or group (snippets'
 * on the instance). Finishing and failing happen in the background: they name the author of the
 * move's scheduling event.
 */
export function auditStorageMove(
  core: CoreState,
  move: { id: number; container_type: string; container_id: number; source_storage_name: string; destination_storage_name: string },
  action: 'scheduled' | 'finished' | 'failed',
): number {
  const entity: AuditEntity =
    move.container_type === 'project'
      ? { type: 'Project', id: move.container_id }
      : move.container_type === 'group'
        ? { type: 'Group', id: move.container_id }
        : { type: 'Gitlab::Audit::InstanceScope', id: 1 };
  const target = { type: 'RepositoryStorageMove', id: move.id, details: `${move.container_type} ${move.container_id}` };
  const acting = action === 'scheduled' ? core : withAuditor(core, auditorOfMove(core, move.id));
  return recordAudit(acting, {
    name: `repository_storage_move_${action}`,
    entity,
    target,
    change: { what: 'repository storage', from: move.source_storage_name, to: move.destination_storage_name },
  });
}

/**
 * An event about a change git made (a commit, a wiki page). Git shares no transaction with the
 * database, so the event is written in a transaction of its own once the branch has moved: a
 * change git refused records nothing, and a recorded change is one that happened.
 */
export function auditGitChange(core: CoreState, event: AuditEvent): Promise<number> {
  return core.write(() => recordAudit(core, event));
}
