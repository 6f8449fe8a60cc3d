// Events whose entity takes a lookup to name: tokens (a person's, or a project's or group's bot)
// and attribute changes recorded one event per changed attribute. Services call these in one
// line from inside their transactions.
import type { CoreState } from '../state.js';
import type { UserRow } from '../db/rows.js';
import { recordAudit, type AuditEntity, type AuditEvent, type AuditValue } from './record.js';

/** The entity a token belongs to: its user, or the project or group whose bot holds it. */
function tokenOwner(core: CoreState, userId: number): { kind: 'personal' | 'project' | 'group'; entity: AuditEntity } {
  const bot = core.db
    .prepare("SELECT m.source_type, m.source_id FROM users u JOIN members m ON m.user_id = u.id WHERE u.id = ? AND u.bot = 1 LIMIT 1")
    .get(userId) as { source_type: 'project' | 'namespace'; source_id: number } | undefined;
  if (bot?.source_type === 'project') return { kind: 'project', entity: { type: 'Project', id: bot.source_id } };
  if (bot) return { kind: 'group', entity: { type: 'Group', id: bot.source_id } };
  return { kind: 'personal', entity: { type: 'User', id: userId } };
}

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
    name: `${kind}_access_token_${action}`,
    entity,
    target: { type: targetType, id: token.id, details: token.name },
    message: `${TOKEN_MESSAGES[action]} ${token.name}`,
  });
}

/**
 * One event per attribute whose value differs between `before` and `after` (`name` prefixes each
 * attribute's event name). Attributes listed as hidden record that they changed, not the values.
 */
export function auditChanges(
  core: CoreState,
  base: Omit<AuditEvent, 'name' | 'change' | 'message'>,
  prefix: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  attributes: readonly string[],
  hidden: readonly string[] = [],
): void {
  for (const key of attributes) {
    const from = before[key] as AuditValue | undefined;
    const to = after[key] as AuditValue | undefined;
    if (from === to || to === undefined) continue;
    if (hidden.includes(key)) recordAudit(core, { ...base, name: `${prefix}_${key}_updated`, message: `Changed ${key.replaceAll('_', ' ')}` });
    else recordAudit(core, { ...base, name: `${prefix}_${key}_updated`, change: { what: key.replaceAll('_', ' '), from: from ?? null, to } });
  }
}

const USER_ATTRIBUTES = ['username', 'name', 'email', 'admin', 'external', 'state', 'two_factor_enabled', 'projects_limit', 'can_create_group', 'password'] as const;

const userValues = (u: UserRow): Record<string, unknown> => ({
  username: u.username,
  name: u.name,
  email: u.email,
  admin: u.is_admin === 1,
  external: u.external === 1,
  state: u.state,
  two_factor_enabled: u.two_factor_enabled === 1,
  projects_limit: u.projects_limit,
  can_create_group: u.can_create_group === 1,
  // Only whether it changed, never the digest.
  password: u.password_digest,
});

/** The events of a user's update: one per changed account attribute. */
export function auditUserUpdate(core: CoreState, before: UserRow, after: UserRow): void {
  auditChanges(core, { entity: { type: 'User', id: after.id, path: after.username } }, 'user', userValues(before), userValues(after), USER_ATTRIBUTES, ['password']);
}
