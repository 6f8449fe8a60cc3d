// Project rows → the platform's project shapes: the basic details (simple lists, embedded
// projects) and the full entity with `_links`, feature levels and the viewer's permissions.
import type { NamespaceRow, ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { can, isAdmin } from '../../auth/policy.js';
import { groupAccessLevel } from '../../auth/access.js';
import { isoDate } from '../../clock.js';
import { projectWebUrl } from '../../resources/urls.js';
import { presentNamespaceBasic } from '../groups/present.js';
import { presentUserBasic } from '../users/present.js';
import { namespaceById } from './queries.js';

/** Notification level number of the `global` setting, reported with each access. */
const GLOBAL_NOTIFICATION_LEVEL = 3;

export interface PresentOptions {
  viewer: UserRow | null;
  /** Adds `permissions` (the platform does so for signed-in callers). */
  withAccess?: boolean;
}

const projectFullPathOf = (ns: NamespaceRow, p: ProjectRow): string => `${ns.full_path}/${p.path}`;

/**
 * What the entity says about the repository itself. Metadata alone knows of no commits, so a
 * project reads as an empty repository without a README.
 */
const REPOSITORY_FACTS = { empty_repo: true, readme_url: null } as const;

function sshUrl(core: CoreState, fullPath: string): string {
  const host = new URL(core.settings.externalUrl).hostname;
  return `git@${host}:${fullPath}.git`;
}

/** ProjectIdentity + BasicProjectDetails. */
export function presentProjectBasic(core: CoreState, p: ProjectRow, viewer: UserRow | null) {
  return basicDetails(core, p, namespaceById(core, p.namespace_id) as NamespaceRow, viewer);
}

function basicDetails(core: CoreState, p: ProjectRow, ns: NamespaceRow, viewer: UserRow | null) {
  const fullPath = projectFullPathOf(ns, p);
  const readCode = can(core, viewer, 'read_code', { project: p });
  return {
    id: p.id,
    description: p.description,
    name: p.name,
    name_with_namespace: `${ns.full_name} / ${p.name}`,
    path: p.path,
    path_with_namespace: fullPath,
    created_at: p.created_at,
    ...(readCode ? { default_branch: p.default_branch } : {}),
    tag_list: [] as string[],
    topics: [] as string[],
    ssh_url_to_repo: sshUrl(core, fullPath),
    http_url_to_repo: `${projectWebUrl(core, fullPath)}.git`,
    web_url: projectWebUrl(core, fullPath),
    ...(readCode ? { readme_url: REPOSITORY_FACTS.readme_url, forks_count: 0 } : {}),
    avatar_url: null,
    star_count: 0,
    last_activity_at: p.last_activity_at,
    namespace: presentNamespaceBasic(core, ns),
  };
}

function permissionsOf(core: CoreState, p: ProjectRow, ns: NamespaceRow, viewer: UserRow) {
  const today = isoDate(core.clock.now());
  const direct = core.db
    .prepare("SELECT access_level FROM members WHERE source_type = 'project' AND source_id = ? AND user_id = ? AND (expires_at IS NULL OR expires_at >= ?)")
    .get(p.id, viewer.id, today) as { access_level: number } | undefined;
  let projectLevel = direct?.access_level ?? 0;
  // The owner of a personal namespace owns its projects.
  if (ns.kind === 'user' && ns.owner_id === viewer.id) projectLevel = Math.max(projectLevel, 50);
  const groupLevel = ns.kind === 'group' ? groupAccessLevel(core, viewer.id, ns) : 0;
  const access = (level: number) => (level > 0 ? { access_level: level, notification_level: GLOBAL_NOTIFICATION_LEVEL } : null);
  return { project_access: access(projectLevel), group_access: access(groupLevel) };
}

const FEATURE_LEVELS = [
  'issues',
  'repository',
  'merge_requests',
  'forking',
  'wiki',
  'builds',
  'snippets',
  'pages',
  'operations',
  'analytics',
  'container_registry',
  'security_and_compliance',
  'releases',
  'environments',
  'feature_flags',
  'infrastructure',
  'monitor',
  'model_experiments',
  'model_registry',
] as const;

/** The full Project entity (ProjectWithAccess when `withAccess`). */
export function presentProject(core: CoreState, p: ProjectRow, options: PresentOptions) {
  const { viewer } = options;
  const ns = namespaceById(core, p.namespace_id) as NamespaceRow;
  const base = basicDetails(core, p, ns, viewer);
  const api = `${core.settings.externalUrl}/api/v4/projects/${p.id}`;
  const isAdminViewer = isAdmin(viewer);
  const featureLevel = p.visibility === 'private' ? 'private' : 'enabled';
  const owner = ns.kind === 'user' && ns.owner_id !== null ? (core.db.prepare('SELECT * FROM users WHERE id = ?').get(ns.owner_id) as UserRow | undefined) : undefined;
  return {
    ...base,
    container_registry_image_prefix: `${new URL(core.settings.externalUrl).host}/${base.path_with_namespace.toLowerCase()}`,
    _links: {
      self: api,
      issues: `${api}/issues`,
      merge_requests: `${api}/merge_requests`,
      repo_branches: `${api}/repository/branches`,
      labels: `${api}/labels`,
      events: `${api}/events`,
      members: `${api}/members`,
      cluster_agents: `${api}/cluster_agents`,
    },
    packages_enabled: true,
    empty_repo: REPOSITORY_FACTS.empty_repo,
    archived: p.archived === 1,
    visibility: p.visibility,
    ...(owner ? { owner: presentUserBasic(core, owner) } : {}),
    resolve_outdated_diff_discussions: false,
    issues_enabled: true,
    merge_requests_enabled: true,
    wiki_enabled: true,
    jobs_enabled: true,
    snippets_enabled: true,
    container_registry_enabled: true,
    service_desk_enabled: false,
    can_create_merge_request_in: viewer ? can(core, viewer, 'push_code', { project: p }) : false,
    ...Object.fromEntries(FEATURE_LEVELS.map((f) => [`${f}_access_level`, featureLevel])),
    emails_disabled: false,
    emails_enabled: true,
    shared_runners_enabled: true,
    lfs_enabled: true,
    creator_id: p.creator_id,
    import_status: 'none',
    open_issues_count: 0,
    description_html: '',
    updated_at: p.updated_at,
    ci_default_git_depth: 20,
    public_jobs: true,
    shared_with_groups: [],
    only_allow_merge_if_pipeline_succeeds: false,
    allow_merge_on_skipped_pipeline: null,
    request_access_enabled: true,
    only_allow_merge_if_all_discussions_are_resolved: false,
    remove_source_branch_after_merge: true,
    printing_merge_request_link_enabled: true,
    merge_method: 'merge',
    squash_option: 'default_off',
    autoclose_referenced_issues: true,
    ...(isAdminViewer ? { repository_storage: p.repository_storage } : {}),
    ...(options.withAccess && viewer ? { permissions: permissionsOf(core, p, ns, viewer) } : {}),
  };
}
