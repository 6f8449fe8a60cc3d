// Project rows → the platform's project shapes: the basic details (simple lists, embedded
// projects) and the full entity with `_links`, feature levels and the viewer's permissions.
import type { NamespaceRow, ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { can, canSee, isAdmin } from '../../auth/policy.js';
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
  /** Namespaces already read while presenting a list (many projects share one). */
  namespaces?: Map<number, NamespaceRow>;
  /** Owners of personal namespaces already read while presenting a list. */
  owners?: Map<number, UserRow>;
  /** The viewer's direct access levels on the projects being presented (`directAccessLevels`). */
  directLevels?: Map<number, number>;
  /** Adds `permissions` (the platform does so for signed-in callers). */
  withAccess?: boolean;
}

const projectFullPathOf = (ns: NamespaceRow, p: ProjectRow): string => `${ns.full_path}/${p.path}`;

/**
 * What the entity says about the repository itself. Metadata alone knows of no commits, so a
 * project reads as an empty repository without a README.
 */
const REPOSITORY_FACTS = { empty_repo: true, readme_url: null } as const;

/** Host parts of the external URL, parsed once per distinct URL (parsing is costly per row). */
let urlParts: { url: string; hostname: string; host: string } | null = null;
function externalHost(core: CoreState): { hostname: string; host: string } {
  const url = core.settings.externalUrl;
  if (urlParts?.url !== url) {
    const parsed = new URL(url);
    urlParts = { url, hostname: parsed.hostname, host: parsed.host };
  }
  return urlParts;
}

function sshUrl(core: CoreState, fullPath: string): string {
  return `git@${externalHost(core).hostname}:${fullPath}.git`;
}

/** ProjectIdentity + BasicProjectDetails. */
export function presentProjectBasic(core: CoreState, p: ProjectRow, viewer: UserRow | null) {
  return basicDetails(core, p, namespaceById(core, p.namespace_id) as NamespaceRow, viewer);
}

/** Fields that only some viewers get are added in place, in the platform's order (no copies). */
/** A project entity built in place (no leading spreads): its keys vary with the viewer and options. */
type Details = { id: number; [key: string]: unknown };

function basicDetails(core: CoreState, p: ProjectRow, ns: NamespaceRow, viewer: UserRow | null): Details {
  const fullPath = projectFullPathOf(ns, p);
  const readCode = can(core, viewer, 'read_code', { project: p });
  const webUrl = projectWebUrl(core, fullPath);
  const out: Details = {
    id: p.id,
    description: p.description,
    name: p.name,
    name_with_namespace: `${ns.full_name} / ${p.name}`,
    path: p.path,
    path_with_namespace: fullPath,
    created_at: p.created_at,
  };
  if (readCode) out.default_branch = p.default_branch;
  out.tag_list = [];
  out.topics = [];
  out.ssh_url_to_repo = sshUrl(core, fullPath);
  out.http_url_to_repo = `${webUrl}.git`;
  out.web_url = webUrl;
  if (readCode) {
    out.readme_url = REPOSITORY_FACTS.readme_url;
    out.forks_count = p.forks_count ?? 0;
  }
  out.avatar_url = null;
  out.star_count = p.star_count ?? 0;
  out.last_activity_at = p.last_activity_at;
  out.namespace = presentNamespaceBasic(core, ns);
  return out;
}

/**
 * The viewer's direct access levels on a page of projects, in one query (lists pass the result
 * to `presentProject` as `directLevels`; a project absent from the map has none).
 */
export function directAccessLevels(core: CoreState, viewer: UserRow, projectIds: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  if (projectIds.length === 0) return out;
  // The ids as one JSON parameter: one statement for every page (ids written into the text made
  // a statement per page, each kept by the connection's statement cache).
  const rows = core.db
    .prepare(`SELECT source_id, access_level FROM members WHERE source_type = 'project' AND source_id IN (SELECT value FROM json_each(?)) AND user_id = ? AND (expires_at IS NULL OR expires_at >= ?)`)
    .all(JSON.stringify(projectIds.map(Number)), viewer.id, isoDate(core.clock.now())) as { source_id: number; access_level: number }[];
  for (const r of rows) out.set(r.source_id, r.access_level);
  return out;
}

function permissionsOf(core: CoreState, p: ProjectRow, ns: NamespaceRow, viewer: UserRow, directLevels?: Map<number, number>) {
  let projectLevel: number;
  if (directLevels) projectLevel = directLevels.get(p.id) ?? 0;
  else {
    const today = isoDate(core.clock.now());
    const direct = core.db
      .prepare("SELECT access_level FROM members WHERE source_type = 'project' AND source_id = ? AND user_id = ? AND (expires_at IS NULL OR expires_at >= ?)")
      .get(p.id, viewer.id, today) as { access_level: number } | undefined;
    projectLevel = direct?.access_level ?? 0;
  }
  // The owner of a personal namespace owns its projects.
  if (ns.kind === 'user' && ns.owner_id === viewer.id) projectLevel = Math.max(projectLevel, 50);
  const groupLevel = ns.kind === 'group' ? groupAccessLevel(core, viewer.id, ns) : 0;
  const access = (level: number) => (level > 0 ? { access_level: level, notification_level: GLOBAL_NOTIFICATION_LEVEL } : null);
  return { project_access: access(projectLevel), group_access: access(groupLevel) };
}


/** The full Project entity (ProjectWithAccess when `withAccess`). */
export function presentProject(core: CoreState, p: ProjectRow, options: PresentOptions): Details {
  const { viewer } = options;
  let ns = options.namespaces?.get(p.namespace_id);
  if (!ns) {
    ns = namespaceById(core, p.namespace_id) as NamespaceRow;
    options.namespaces?.set(p.namespace_id, ns);
  }
  // Built in place from the basic details: lists present many projects, and copying every
  // object into the next one was a large part of their cost.
  const out = basicDetails(core, p, ns, viewer);
  const api = `${core.settings.externalUrl}/api/v4/projects/${p.id}`;
  const featureLevel = p.visibility === 'private' ? 'private' : 'enabled';
  let owner: UserRow | undefined;
  if (ns.kind === 'user' && ns.owner_id !== null) {
    owner = options.owners?.get(ns.owner_id);
    if (!owner) {
      owner = core.db.prepare('SELECT * FROM users WHERE id = ?').get(ns.owner_id) as UserRow | undefined;
      if (owner) options.owners?.set(ns.owner_id, owner);
    }
  }
  out.container_registry_image_prefix = `${externalHost(core).host}/${(out.path_with_namespace as string).toLowerCase()}`;
  out._links = {
    self: api,
    issues: `${api}/issues`,
    merge_requests: `${api}/merge_requests`,
    repo_branches: `${api}/repository/branches`,
    labels: `${api}/labels`,
    events: `${api}/events`,
    members: `${api}/members`,
    cluster_agents: `${api}/cluster_agents`,
  };
  out.packages_enabled = true;
  out.empty_repo = REPOSITORY_FACTS.empty_repo;
  out.archived = p.archived === 1;
  out.visibility = p.visibility;
  if (owner) out.owner = presentUserBasic(core, owner);
  out.resolve_outdated_diff_discussions = false;
  out.issues_enabled = true;
  out.merge_requests_enabled = true;
  out.wiki_enabled = true;
  out.jobs_enabled = true;
  out.snippets_enabled = true;
  out.container_registry_enabled = true;
  out.service_desk_enabled = false;
  out.can_create_merge_request_in = viewer ? can(core, viewer, 'push_code', { project: p }) : false;
  // Named stores, not a loop of computed keys: those turn the object into a slow dictionary.
  out.issues_access_level = featureLevel;
  out.repository_access_level = featureLevel;
  out.merge_requests_access_level = featureLevel;
  out.forking_access_level = featureLevel;
  out.wiki_access_level = featureLevel;
  out.builds_access_level = featureLevel;
  out.snippets_access_level = featureLevel;
  out.pages_access_level = featureLevel;
  out.operations_access_level = featureLevel;
  out.analytics_access_level = featureLevel;
  out.container_registry_access_level = featureLevel;
  out.security_and_compliance_access_level = featureLevel;
  out.releases_access_level = featureLevel;
  out.environments_access_level = featureLevel;
  out.feature_flags_access_level = featureLevel;
  out.infrastructure_access_level = featureLevel;
  out.monitor_access_level = featureLevel;
  out.model_experiments_access_level = featureLevel;
  out.model_registry_access_level = featureLevel;
  out.emails_disabled = false;
  out.emails_enabled = true;
  if (p.forked_from_project_id) {
    const parent = core.db.prepare('SELECT * FROM projects WHERE id = ?').get(p.forked_from_project_id) as ProjectRow | undefined;
    // Shown only to those who may see the project it was forked from, as on the platform.
    if (parent && canSee(core, viewer, { project: parent })) out.forked_from_project = presentProjectBasic(core, parent, viewer);
  }
  out.shared_runners_enabled = true;
  out.lfs_enabled = true;
  out.creator_id = p.creator_id;
  out.import_status = 'none';
  out.open_issues_count = 0;
  out.description_html = '';
  out.updated_at = p.updated_at;
  out.ci_default_git_depth = 20;
  out.public_jobs = true;
  out.shared_with_groups = sharedWithGroups(core, p.id, viewer);
  out.only_allow_merge_if_pipeline_succeeds = false;
  out.allow_merge_on_skipped_pipeline = null;
  out.request_access_enabled = true;
  out.only_allow_merge_if_all_discussions_are_resolved = false;
  out.remove_source_branch_after_merge = true;
  out.printing_merge_request_link_enabled = true;
  out.merge_method = 'merge';
  out.squash_option = 'default_off';
  out.autoclose_referenced_issues = true;
  if (isAdmin(viewer)) out.repository_storage = p.repository_storage;
  if (options.withAccess && viewer) out.permissions = permissionsOf(core, p, ns, viewer, options.directLevels);
  return out;
}

interface SharedRow {
  group_id: number;
  group_access: number;
  expires_at: string | null;
  name: string;
  full_path: string;
}

const linksStmt = new WeakMap<CoreState, (projectId: number) => SharedRow[]>();

/** The groups a project is shared with, as the platform's shared_with_groups: those the viewer may see. */
function sharedWithGroups(core: CoreState, projectId: number, viewer: UserRow | null) {
  let read = linksStmt.get(core);
  if (!read) {
    const stmt = core.db.prepare(
      `SELECT l.group_id, l.group_access, l.expires_at, n.name, n.full_path FROM project_group_links l JOIN namespaces n ON n.id = l.group_id WHERE l.project_id = ? ORDER BY l.id`,
    );
    read = (id: number) => stmt.all(id) as SharedRow[];
    linksStmt.set(core, read);
  }
  const out: { group_id: number; group_name: string; group_full_path: string; group_access_level: number; expires_at: string | null }[] = [];
  for (const l of read(projectId)) {
    const group = namespaceById(core, l.group_id);
    if (!group || !canSee(core, viewer, { group })) continue;
    out.push({ group_id: l.group_id, group_name: l.name, group_full_path: l.full_path, group_access_level: l.group_access, expires_at: l.expires_at });
  }
  return out;
}
