// Group rows → the platform's group shapes: the list entity, the detail entity (with the
// group's projects), and the namespace summary embedded in projects.
import type { NamespaceRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { groupWebUrl, userWebUrl } from '../../resources/urls.js';

export interface NamespaceBasicJson {
  id: number;
  name: string;
  path: string;
  kind: 'user' | 'group';
  full_path: string;
  parent_id: number | null;
  avatar_url: string | null;
  web_url: string;
}

export const namespaceWebUrl = (core: CoreState, ns: Pick<NamespaceRow, 'kind' | 'full_path'>): string =>
  ns.kind === 'group' ? groupWebUrl(core, ns.full_path) : userWebUrl(core, ns.full_path);

export function presentNamespaceBasic(core: CoreState, ns: Pick<NamespaceRow, 'id' | 'name' | 'path' | 'kind' | 'full_path' | 'parent_id'>): NamespaceBasicJson {
  return {
    id: ns.id,
    name: ns.name,
    path: ns.path,
    kind: ns.kind,
    full_path: ns.full_path,
    parent_id: ns.parent_id,
    avatar_url: null,
    web_url: namespaceWebUrl(core, ns),
  };
}

export function presentGroup(core: CoreState, g: NamespaceRow) {
  return {
    id: g.id,
    web_url: groupWebUrl(core, g.full_path),
    name: g.name,
    path: g.path,
    description: g.description,
    visibility: g.visibility,
    share_with_group_lock: false,
    require_two_factor_authentication: false,
    two_factor_grace_period: 48,
    project_creation_level: 'developer',
    auto_devops_enabled: null,
    subgroup_creation_level: 'owner',
    emails_disabled: false,
    emails_enabled: true,
    mentions_disabled: null,
    lfs_enabled: true,
    archived: false,
    default_branch: null,
    default_branch_protection: 2,
    avatar_url: null,
    request_access_enabled: true,
    full_name: g.full_name,
    full_path: g.full_path,
    created_at: g.created_at,
    parent_id: g.parent_id,
    organization_id: g.organization_id,
    shared_runners_setting: 'enabled',
    marked_for_deletion_on: null,
  };
}

/** GroupDetail: the group plus sharing facts and, when asked, the projects the viewer can see. */
export function presentGroupDetail(core: CoreState, g: NamespaceRow, projects: unknown[] | undefined) {
  return Object.assign(
    presentGroup(core, g),
    { shared_with_groups: sharedWithGroups(core, g.id) },
    g.parent_id === null ? { prevent_sharing_groups_outside_hierarchy: false } : {},
    projects !== undefined ? { projects, shared_projects: [] } : {},
  );
}

/** The groups a group is shared with (the platform's shared_with_groups entries). */
export function sharedWithGroups(core: CoreState, groupId: number) {
  const rows = core.db
    .prepare(
      `SELECT l.shared_with_group_id, l.group_access, l.expires_at, n.name, n.full_path FROM group_group_links l
       JOIN namespaces n ON n.id = l.shared_with_group_id WHERE l.shared_group_id = ? ORDER BY l.id`,
    )
    .all(groupId) as { shared_with_group_id: number; group_access: number; expires_at: string | null; name: string; full_path: string }[];
  return rows.map((r) => ({
    group_id: r.shared_with_group_id,
    group_name: r.name,
    group_full_path: r.full_path,
    group_access_level: r.group_access,
    expires_at: r.expires_at,
    member_role_id: null,
  }));
}
