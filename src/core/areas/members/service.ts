// Adding, changing and removing members. Rules the platform enforces beyond the caller's
// ability: valid levels only; a level below an inherited membership is refused; only Owners
// (and administrators) grant, change or remove the Owner level of a project; a group keeps at
// least one Owner; the holder of a personal namespace stays Owner of its projects: their
// membership is made with the project (or when a project moves into the namespace) and can be
// neither changed nor removed, so the member lists always show the Owner level the access
// check gives the holder (platform: Projects::CreateService#setup_authorizations,
// Projects::TransferService#ensure_personal_project_owner_membership, ProjectMemberPolicy).
import { auditMember } from '../../audit/subjects.js';
import type { MemberRow, ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { ApiError, forbidden, validationError } from '../../http/errors.js';
import { accessLevelOf, isAdmin } from '../../auth/policy.js';
import { isoDate } from '../../clock.js';
import { ACCESS_LEVEL_NAMES, MEMBER_ACCESS_LEVELS } from '../../../shared/access-levels.js';
import { directMember, groupOwnerIds, highestInherited, sourceId, type Source } from './queries.js';

export interface MemberChange {
  accessLevel: number;
  expiresAt?: string | null;
}

const actorLevel = (core: CoreState, actor: UserRow, s: Source): number =>
  isAdmin(actor) ? Number.MAX_SAFE_INTEGER : accessLevelOf(core, actor, s.type === 'project' ? { project: s.project } : { group: s.group });

function validate(core: CoreState, s: Source, userId: number, change: MemberChange): void {
  const errors: Record<string, string[]> = {};
  if (!(MEMBER_ACCESS_LEVELS as readonly number[]).includes(change.accessLevel)) errors.access_level = ['is not included in the list'];
  else {
    const inherited = highestInherited(core, s, userId);
    if (inherited && change.accessLevel < inherited.level) {
      errors.access_level = [`should be greater than or equal to ${ACCESS_LEVEL_NAMES[inherited.level]} inherited membership from group ${inherited.groupName}`];
    }
  }
  if (change.expiresAt && change.expiresAt < isoDate(core.clock.now())) errors.expires_at = ['cannot be a date in the past'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** The holder of the personal namespace a project is in, if it is in one. */
function personalHolderId(core: CoreState, project: Pick<ProjectRow, 'namespace_id'>): number | null {
  const ns = core.db.prepare('SELECT kind, owner_id FROM namespaces WHERE id = ?').get(project.namespace_id) as { kind: string; owner_id: number | null } | undefined;
  return ns?.kind === 'user' ? ns.owner_id : null;
}

/**
 * Project Owners are managed by Owners only. The personal namespace holder's membership is
 * untouchable, for administrators too: any change (a date as well as a level) and any removal
 * is refused, as the platform's ProjectMemberPolicy prevents update_project_member and
 * destroy_project_member on it. An expiry date would otherwise drop the holder from the member
 * lists on that date while the access check still gives them Owner.
 */
function checkOwnerRules(core: CoreState, actor: UserRow, s: Source, existing: MemberRow | undefined, newLevel: number | null): void {
  if (s.type !== 'project') return;
  const touchesOwner = newLevel === 50 || existing?.access_level === 50;
  if (touchesOwner && actorLevel(core, actor, s) < 50) throw forbidden();
  if (existing && personalHolderId(core, s.project) === existing.user_id) throw forbidden();
}

/**
 * Gives the holder of the personal namespace a project is in an unexpired Owner membership of
 * it: on creation (made by `createdBy`), and when a project moves into the namespace, adding
 * one or raising the one they have, as the platform's transfer does
 * (`ensure_personal_project_owner_membership`, by nobody). No-op in a group. On a transfer
 * (`audited`) a membership it adds or raises records its member event in the transfer's
 * transaction; on creation the project's own event stands for its first membership, as before.
 */
export function ensureHolderOwner(core: CoreState, project: Pick<ProjectRow, 'id' | 'namespace_id'>, createdBy: number | null, audited: boolean): void {
  const holder = personalHolderId(core, project);
  if (holder === null) return;
  const before = core.db.prepare("SELECT access_level, expires_at FROM members WHERE source_type = 'project' AND source_id = ? AND user_id = ?").get(project.id, holder) as
    | Pick<MemberRow, 'access_level' | 'expires_at'>
    | undefined;
  if (before && before.access_level === 50 && before.expires_at === null) return;
  const now = core.nowIso();
  core.db
    .prepare(
      `INSERT INTO members (source_type, source_id, user_id, access_level, created_by_id, created_at, updated_at) VALUES ('project', ?, ?, 50, ?, ?, ?)
       ON CONFLICT (source_type, source_id, user_id) DO UPDATE SET access_level = 50, expires_at = NULL, updated_at = excluded.updated_at`,
    )
    .run(project.id, holder, createdBy, now, now);
  if (audited) auditMember(core, { type: 'project', id: project.id }, holder, before ? 'updated' : 'created', before ? { from: before.access_level, to: 50 } : { to: 50 });
}

/** A group must keep an Owner: the last one can be neither demoted nor removed. */
function checkLastOwner(core: CoreState, s: Source, existing: MemberRow, newLevel: number | null): void {
  if (s.type !== 'namespace' || existing.access_level !== 50 || newLevel === 50) return;
  const owners = groupOwnerIds(core, s.group);
  if (owners.length === 1 && owners[0] === existing.user_id) throw forbidden();
}

export function insertMember(core: CoreState, s: Source, userId: number, change: MemberChange, createdBy: number | null): MemberRow {
  const now = core.nowIso();
  const info = core.db
    .prepare(
      `INSERT INTO members (source_type, source_id, user_id, access_level, expires_at, created_by_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(s.type, sourceId(s), userId, change.accessLevel, change.expiresAt ?? null, createdBy, now, now);
  auditMember(core, { type: s.type, id: sourceId(s) }, userId, 'created', { to: change.accessLevel });
  return core.db.prepare('SELECT * FROM members WHERE id = ?').get(Number(info.lastInsertRowid)) as MemberRow;
}

/** Adds one member; the caller has checked the user exists and is not yet a member. */
export function addMember(core: CoreState, actor: UserRow, s: Source, user: UserRow, change: MemberChange): MemberRow {
  return core.tx(() => {
    validate(core, s, user.id, change);
    checkOwnerRules(core, actor, s, undefined, change.accessLevel);
    return insertMember(core, s, user.id, change, actor.id);
  });
}

export function updateMember(core: CoreState, actor: UserRow, s: Source, existing: MemberRow, change: Partial<MemberChange>): MemberRow {
  return core.tx(() => {
    const level = change.accessLevel ?? existing.access_level;
    const expiresAt = change.expiresAt === undefined ? existing.expires_at : change.expiresAt;
    checkOwnerRules(core, actor, s, existing, level);
    checkLastOwner(core, s, existing, level);
    validate(core, s, existing.user_id, { accessLevel: level, expiresAt: change.expiresAt === undefined ? null : expiresAt });
    core.db.prepare('UPDATE members SET access_level = ?, expires_at = ?, updated_at = ? WHERE id = ?').run(level, expiresAt, core.nowIso(), existing.id);
    if (level !== existing.access_level || expiresAt !== existing.expires_at) auditMember(core, { type: s.type, id: sourceId(s) }, existing.user_id, 'updated', { from: existing.access_level, to: level });
    return core.db.prepare('SELECT * FROM members WHERE id = ?').get(existing.id) as MemberRow;
  });
}

export function removeMember(core: CoreState, actor: UserRow, s: Source, existing: MemberRow): void {
  core.tx(() => {
    checkOwnerRules(core, actor, s, existing, null);
    checkLastOwner(core, s, existing, null);
    core.db.prepare('DELETE FROM members WHERE id = ?').run(existing.id);
    auditMember(core, { type: s.type, id: sourceId(s) }, existing.user_id, 'destroyed', { from: existing.access_level });
  });
}

/** Bulk add (comma-separated users): existing members get the new level; failures are reported per user. */
export function addMembers(core: CoreState, actor: UserRow, s: Source, users: (UserRow | string)[], change: MemberChange): { status: 'success' } | { status: 'error'; message: Record<string, string> } {
  const errors: Record<string, string> = {};
  for (const u of users) {
    if (typeof u === 'string') {
      errors[u] = 'User not found';
      continue;
    }
    try {
      const existing = directMember(core, s, u.id);
      if (existing) updateMember(core, actor, s, existing, change);
      else addMember(core, actor, s, u, change);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const message = error.body.message;
      // Field errors read as sentences ("Access level is not included in the list").
      errors[u.username] =
        typeof message === 'string'
          ? message
          : Object.entries(message as Record<string, string[]>)
              .map(([k, v]) => `${k.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())} ${v.join(', ')}`)
              .join(', ');
    }
  }
  return Object.keys(errors).length === 0 ? { status: 'success' } : { status: 'error', message: errors };
}
