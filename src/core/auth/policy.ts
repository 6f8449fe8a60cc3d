// The one policy function. Visibility decides who may see a project or group at all (those who
// may not get 404); the ability tables decide what a visible subject allows (those who may not
// get 403). Administrators may do everything. Areas add their abilities to the tables here.
import type { NamespaceRow, ProjectRow, UserRow } from '../db/rows.js';
import type { CoreState } from '../state.js';
import { groupAccessLevel, projectAccessLevel } from './access.js';

/** Minimum project access level for each project ability. */
export const PROJECT_ABILITIES = {
  read_project: 10,
  read_code: 20,
  // Repository sizes and commit counts: Reporter, even on public projects.
  read_statistics: 20,
  read_release: 10,
  create_release: 30,
  update_release: 30,
  destroy_release: 30,
  read_milestone: 10,
  admin_milestone: 20,
  push_code: 30,
  create_tag: 30,
  admin_tag: 40,
  admin_branch: 40,
  admin_project: 40,
  admin_project_member: 40,
  read_project_member: 10,
  remove_project: 50,
  // Granting or removing Owner through a project share is the project Owner's.
  manage_owners: 50,
  change_namespace: 50,
  read_freeze_period: 20,
  admin_freeze_period: 40,
  read_security_settings: 30,
  admin_security_settings: 40,
  admin_error_tracking: 40,
  read_package: 20,
  destroy_package: 40,
  admin_package: 40,
  read_pipeline: 20,
  create_pipeline: 30,
  update_pipeline: 30,
  destroy_pipeline: 50,
  read_wiki: 10,
  create_wiki: 30,
  admin_wiki: 40,
  read_notification_settings: 10,
  admin_protected_environment: 40,
  create_commit_status: 30,
  read_commit_status: 20,
  read_project_audit_events: 40,
} as const;

/** Minimum group access level for each group ability. */
export const GROUP_ABILITIES = {
  read_group: 10,
  read_group_member: 10,
  admin_group_member: 50,
  admin_group: 50,
  create_subgroup: 50,
  create_projects: 30,
  admin_milestone: 20,
  read_release: 10,
  // The specification gives group protected environments, SAML identities and SAML group links
  // to "a group maintained by the caller" (the platform asks for an Owner; the specification wins).
  admin_protected_environment: 40,
  admin_member_role: 50,
  admin_saml_group_links: 40,
  admin_saml_identities: 40,
  // SCIM identities are not in the specification: the platform's Owner rule stands.
  admin_scim_identities: 50,
  admin_enterprise_users: 50,
  read_package: 20,
  read_wiki: 10,
  create_wiki: 30,
  admin_wiki: 40,
  read_group_audit_events: 50,
} as const;

export type ProjectAbility = keyof typeof PROJECT_ABILITIES;
export type GroupAbility = keyof typeof GROUP_ABILITIES;

export type Subject = { project: ProjectRow } | { group: NamespaceRow };

/** Administrators may do everything. */
export const isAdmin = (user: UserRow | null): boolean => !!user && user.is_admin === 1;

/**
 * Public is visible to all; internal to signed-in non-external users; private to members. The
 * access level costs queries, so it is read only when visibility alone does not decide.
 */
function visibleByLevel(actor: UserRow | null, visibility: string, level: () => number): boolean {
  if (isAdmin(actor)) return true;
  if (visibility === 'public') return true;
  if (!actor) return false;
  if (visibility === 'internal' && actor.external !== 1) return true;
  return level() >= 10;
}

export function canSee(core: CoreState, actor: UserRow | null, subject: Subject): boolean {
  return visibleByLevel(actor, visibilityOf(subject), () => accessLevelOf(core, actor, subject));
}

function visibilityOf(subject: Subject): string {
  return 'project' in subject ? subject.project.visibility : subject.group.visibility;
}

/** The actor's effective access level on the subject (0 for anonymous callers and non-members). */
export function accessLevelOf(core: CoreState, actor: UserRow | null, subject: Subject): number {
  if (!actor) return 0;
  if ('project' in subject) return projectAccessLevel(core, actor.id, subject.project);
  return subject.group.kind === 'user' ? (subject.group.owner_id === actor.id ? 50 : 0) : groupAccessLevel(core, actor.id, subject.group);
}

export function can(core: CoreState, actor: UserRow | null, action: ProjectAbility | GroupAbility, subject: Subject): boolean {
  // Read once, when first needed, for both the visibility and the ability check.
  let known: number | undefined;
  const level = (): number => (known ??= accessLevelOf(core, actor, subject));
  if (!visibleByLevel(actor, visibilityOf(subject), level)) return false;
  if (isAdmin(actor)) return true;
  if ('project' in subject) {
    const need = PROJECT_ABILITIES[action as ProjectAbility];
    if (need === undefined) return false;
    // Anyone who sees a public or internal project reads its code, releases and wiki.
    if (subject.project.visibility !== 'private' && (action === 'read_project' || action === 'read_code' || action === 'read_release' || action === 'read_wiki' || action === 'read_milestone' || action === 'read_package' || action === 'read_pipeline' || action === 'read_commit_status')) return true;
    return level() >= need;
  }
  const need = GROUP_ABILITIES[action as GroupAbility];
  if (need === undefined) return false;
  if (subject.group.visibility !== 'private' && (action === 'read_group' || action === 'read_release' || action === 'read_group_member' || action === 'read_wiki')) return true;
  return level() >= need;
}
