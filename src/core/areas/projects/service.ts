// Creating, changing, moving and deleting projects. Every change of a project's full path
// (rename, transfer, a parent group's rename) records the old path in redirect_routes, so
// that the old path keeps answering GETs with a redirect.
import { recordAudit } from '../../audit/record.js';
import { projectFullPath } from '../../resources/find.js';
import { auditChanges } from '../../audit/subjects.js';
import { paramError } from '../../http/errors.js';
import { projectRepositories, removeRepositories } from '../../resources/owned-repositories.js';
import type { NamespaceRow, ProjectRow, UserRow, Visibility } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { failure, validationError } from '../../http/errors.js';
import { can, isAdmin } from '../../auth/policy.js';
import {
  fullPathTaken,
  inspectErrors,
  isValidProjectName,
  isValidProjectPath,
  pathFromName,
  PROJECT_NAME_MESSAGE,
  PROJECT_PATH_MESSAGE,
} from '../../resources/paths.js';
import { namespaceById, projectById } from './queries.js';
import { copyRepositorySync, createProjectRepositorySync, removeProjectRepository, syncRepositoryHead } from '../../repositories/project-repository.js';
import { recordNotification } from '../notification-settings/outbox.js';
import { scheduleMove } from '../storage-moves/service.js';
import { ensureHolderOwner } from '../members/service.js';

export const VISIBILITY_RANK: Record<Visibility, number> = { private: 0, internal: 10, public: 20 };

export interface CreateProjectInput {
  creator: UserRow;
  name?: string;
  path?: string;
  /** Group or personal namespace; the creator's personal namespace when absent. */
  namespaceId?: number;
  description?: string;
  visibility?: Visibility;
  defaultBranch?: string;
  /** Whether the repository starts with a README commit on the default branch. */
  initializeWithReadme?: boolean;
  repositoryStorage?: string;
  /** A fork: the project whose repository is copied (only `branches` when given). */
  forkOf?: { project: ProjectRow; branches?: string };
}

export interface UpdateProjectInput {
  name?: string;
  path?: string;
  description?: string;
  visibility?: Visibility;
  defaultBranch?: string;
  repositoryStorage?: string;
}

export function personalNamespace(core: CoreState, user: UserRow): NamespaceRow {
  return core.db.prepare("SELECT * FROM namespaces WHERE kind = 'user' AND owner_id = ?").get(user.id) as NamespaceRow;
}

/** May `user` create projects in `ns`? Their own personal namespace, or create_projects on a group. */
export function canCreateProjectIn(core: CoreState, user: UserRow, ns: NamespaceRow): boolean {
  if (isAdmin(user)) return true;
  if (ns.kind === 'user') return ns.owner_id === user.id;
  return can(core, user, 'create_projects', { group: ns });
}

/** Model validations of a project in `ns`; `self` is the project being changed, if any. */
function validateProject(
  core: CoreState,
  ns: NamespaceRow,
  fields: { name: string; path: string; visibility: Visibility; repositoryStorage?: string | undefined },
  self?: ProjectRow,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, msg: string) => (errors[key] ??= []).push(msg);
  if (fields.name === '') add('name', "can't be blank");
  else if (fields.name.length > 255) add('name', 'is too long (maximum is 255 characters)');
  else if (!isValidProjectName(fields.name)) add('name', PROJECT_NAME_MESSAGE);
  else {
    const clash = core.db.prepare('SELECT id FROM projects WHERE namespace_id = ? AND name = ?').get(ns.id, fields.name) as { id: number } | undefined;
    if (clash && clash.id !== self?.id) add('name', 'has already been taken');
  }
  if (fields.path === '') add('path', "can't be blank");
  else if (fields.path.length > 255) add('path', 'is too long (maximum is 255 characters)');
  else if (!isValidProjectPath(fields.path)) add('path', PROJECT_PATH_MESSAGE);
  else if (fullPathTaken(core, `${ns.full_path}/${fields.path}`, self ? { projectId: self.id } : {})) add('path', 'has already been taken');
  if (ns.kind === 'group' && VISIBILITY_RANK[fields.visibility] > VISIBILITY_RANK[ns.visibility]) {
    add('visibility_level', `${fields.visibility} is not allowed in a ${ns.visibility} group.`);
  }
  if (fields.repositoryStorage !== undefined && !Object.hasOwn(core.settings.storages, fields.repositoryStorage)) {
    add('repository_storage', 'is not included in the list');
  }
  return errors;
}

export const defaultStorage = (core: CoreState): string =>
  Object.hasOwn(core.settings.storages, 'default') ? 'default' : (Object.keys(core.settings.storages)[0] ?? 'default');

/** A new path owner supersedes any redirect left at that path. */
function claimPath(core: CoreState, fullPath: string): void {
  core.db.prepare('DELETE FROM redirect_routes WHERE path_lower = ?').run(fullPath.toLowerCase());
}

/** Remembers that `oldFullPath` now means `projectId` (unless something else lives there). */
export function recordRedirect(core: CoreState, oldFullPath: string, projectId: number): void {
  core.db
    .prepare(
      `INSERT INTO redirect_routes (path_lower, project_id, created_at) VALUES (?, ?, ?)
       ON CONFLICT (path_lower) DO UPDATE SET project_id = excluded.project_id, created_at = excluded.created_at`,
    )
    .run(oldFullPath.toLowerCase(), projectId, core.nowIso());
}

/** A user's personal projects are capped by their projects_limit (0: none allowed). */
function checkPersonalLimit(core: CoreState, user: UserRow, ns: NamespaceRow): void {
  if (user.projects_limit === 0) throw failure(403, ['Personal project creation is not allowed. Please contact your administrator with questions']);
  const { n } = core.db.prepare('SELECT COUNT(*) AS n FROM projects WHERE namespace_id = ?').get(ns.id) as { n: number };
  if (n >= user.projects_limit) throw failure(403, [`Your project limit is ${user.projects_limit} projects! Please contact your administrator to increase it`]);
}

/** Creates a project (one transaction). Validation failures throw the platform's 400 bodies. */
export async function createProject(core: CoreState, input: CreateProjectInput): Promise<ProjectRow> {
  return core.tx(() => {
    let ns: NamespaceRow | undefined;
    if (input.namespaceId !== undefined) {
      ns = namespaceById(core, input.namespaceId);
      if (!ns || !canCreateProjectIn(core, input.creator, ns)) throw validationError({ namespace: ['is not valid'] });
    } else ns = personalNamespace(core, input.creator);
    if (ns.kind === 'user' && ns.owner_id === input.creator.id) checkPersonalLimit(core, input.creator, ns);
    if (!input.name && !input.path) throw paramError('name, path are missing, at least one parameter must be provided');
    const name = input.name ?? (input.path as string);
    const path = input.path ?? pathFromName(name);
    const visibility = input.visibility ?? 'private';
    const errors = validateProject(core, ns, { name, path, visibility, repositoryStorage: input.repositoryStorage });
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const now = core.nowIso();
    const info = core.db
      .prepare(
        `INSERT INTO projects (namespace_id, name, path, path_lower, description, visibility, default_branch, repository_storage, creator_id,
                               created_at, updated_at, last_activity_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        ns.id,
        name,
        path,
        path.toLowerCase(),
        input.description ?? '',
        visibility,
        input.defaultBranch || 'main',
        input.repositoryStorage ?? defaultStorage(core),
        input.creator.id,
        now,
        now,
        now,
      );
    const id = Number(info.lastInsertRowid);
    claimPath(core, `${ns.full_path}/${path}`);
    const project = projectById(core, id) as ProjectRow;
    // The holder of a personal namespace is an Owner member of its projects.
    ensureHolderOwner(core, project, input.creator.id, false);
    // The bare repository (and the README commit) is made before this transaction commits, so
    // a project row never exists without its git data; a failure here rolls the row back.
    createProjectRepositorySync(core, project, { withReadme: input.initializeWithReadme === true, creator: input.creator });
    // A fork is the platform's `project_fork_operation`, naming the project it came from.
    if (input.forkOf) {
      const from = projectFullPath(core, input.forkOf.project);
      recordAudit(core, { name: 'project_fork_operation', entity: { type: 'Project', id }, target: { type: 'Project', id: input.forkOf.project.id, details: from }, message: `Forked from ${from}` });
    } else {
      recordAudit(core, { name: 'project_created', entity: { type: 'Project', id }, message: 'Added project' });
    }
    if (input.forkOf) {
      copyRepositorySync(core, input.forkOf.project, project, input.forkOf.branches);
      core.db.prepare('UPDATE projects SET forked_from_project_id = ? WHERE id = ?').run(input.forkOf.project.id, id);
      return projectById(core, id) as ProjectRow;
    }
    return project;
  });
}

/** Updates a project; a changed `repositoryStorage` schedules a storage move of its repositories. */
export function updateProject(core: CoreState, project: ProjectRow, input: UpdateProjectInput): ProjectRow {
  return core.tx(() => {
    const ns = namespaceById(core, project.namespace_id) as NamespaceRow;
    const name = input.name ?? project.name;
    const path = input.path ?? project.path;
    const visibility = input.visibility ?? project.visibility;
    const errors = validateProject(core, ns, { name, path, visibility, repositoryStorage: input.repositoryStorage }, project);
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const now = core.nowIso();
    if (path !== project.path) {
      recordRedirect(core, `${ns.full_path}/${project.path}`, project.id);
      claimPath(core, `${ns.full_path}/${path}`);
    }
    core.db
      .prepare(
        `UPDATE projects SET name = ?, path = ?, path_lower = ?, description = ?, visibility = ?, default_branch = ?, repository_storage = ?,
                             updated_at = ?, last_activity_at = ? WHERE id = ?`,
      )
      .run(
        name,
        path,
        path.toLowerCase(),
        input.description ?? project.description,
        visibility,
        input.defaultBranch || project.default_branch,
        // A new storage is reached by a storage move (below), never by relabelling the row.
        project.repository_storage,
        now,
        now,
        project.id,
      );
    if (input.repositoryStorage !== undefined && input.repositoryStorage !== project.repository_storage) {
      scheduleMove(core, 'project', project.id, input.repositoryStorage);
    }
    const updated = projectById(core, project.id) as ProjectRow;
    auditChanges(core, { entity: { type: 'Project', id: project.id } }, 'project', project, updated, ['name', 'path', 'description', ['visibility', 'project_visibility_level_updated'], 'default_branch']);
    // A clone checks out HEAD: keep it on the default branch.
    if (updated.default_branch !== project.default_branch) syncRepositoryHead(core, updated);
    return updated;
  });
}

export function setArchived(core: CoreState, project: ProjectRow, archived: boolean): ProjectRow {
  return core.tx(() => {
    const now = core.nowIso();
    core.db.prepare('UPDATE projects SET archived = ?, updated_at = ?, last_activity_at = ? WHERE id = ?').run(archived ? 1 : 0, now, now, project.id);
    if ((project.archived === 1) !== archived) recordAudit(core, { name: archived ? 'project_archived' : 'project_unarchived', entity: { type: 'Project', id: project.id }, message: archived ? 'Project archived' : 'Project unarchived' });
    return projectById(core, project.id) as ProjectRow;
  });
}

const transferFailed = (message: string) => failure(400, `Failed to transfer project ${inspectErrors({ new_namespace: [message] })}`);

/**
 * Moves a project to another namespace. The old full path redirects; a project more visible
 * than its new group takes the group's visibility.
 */
export function transferProject(core: CoreState, project: ProjectRow, target: NamespaceRow, actor: UserRow): ProjectRow {
  return core.tx(() => {
    const from = namespaceById(core, project.namespace_id) as NamespaceRow;
    if (target.id === project.namespace_id) throw transferFailed('Project is already in this namespace.');
    if (!canCreateProjectIn(core, actor, target)) throw transferFailed("You don't have permission to transfer projects into that namespace.");
    const nameClash = core.db.prepare('SELECT 1 FROM projects WHERE namespace_id = ? AND name = ?').get(target.id, project.name);
    if (nameClash || fullPathTaken(core, `${target.full_path}/${project.path}`, { projectId: project.id })) {
      throw transferFailed('Project with same name or path in target namespace already exists');
    }
    const visibility =
      target.kind === 'group' && VISIBILITY_RANK[project.visibility] > VISIBILITY_RANK[target.visibility] ? target.visibility : project.visibility;
    const now = core.nowIso();
    recordRedirect(core, `${from.full_path}/${project.path}`, project.id);
    claimPath(core, `${target.full_path}/${project.path}`);
    core.db
      .prepare('UPDATE projects SET namespace_id = ?, visibility = ?, updated_at = ?, last_activity_at = ? WHERE id = ?')
      .run(target.id, visibility, now, now, project.id);
    const moved = projectById(core, project.id) as ProjectRow;
    // Into a personal namespace: its holder becomes (or stays) an Owner member, as on creation.
    ensureHolderOwner(core, moved, null, true);
    recordAudit(core, { name: 'project_namespace_updated', entity: { type: 'Project', id: project.id }, change: { what: 'namespace', from: from.full_path, to: target.full_path } });
    recordNotification(core, 'moved_project', moved, actor, `${from.full_path}/${project.path} → ${target.full_path}/${project.path}`);
    return moved;
  });
}

/** Deletes a project with its memberships (tables of other areas cascade on the project id). */
export async function deleteProject(core: CoreState, project: ProjectRow): Promise<void> {
  const repos = projectRepositories(core, [project.id]);
  core.tx(() => {
    recordAudit(core, { name: 'project_destroyed', entity: { type: 'Project', id: project.id }, message: 'Project destroyed' });
    core.db.prepare("DELETE FROM members WHERE source_type = 'project' AND source_id = ?").run(project.id);
    core.db.prepare('DELETE FROM projects WHERE id = ?').run(project.id);
  });
  // Git data goes after the row, so no metadata is ever left pointing at a missing repository.
  removeProjectRepository(core, project);
  removeRepositories(core, repos);
}
