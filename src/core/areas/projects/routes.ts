// Projects: list (offset or keyset; also a user's personal projects), get, create (also for a
// user, by administrators), update, delete, transfer, archive.
import { repositoryFacts, withStatistics } from './statistics.js';
import { defineRoutes, type RouteDef } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { forbidden, notFound } from '../../http/errors.js';
import { idParam, squishedSearchParam, type ParamDecl } from '../../http/params.js';
import { isValidRefName } from '../../git/names.js';
import { accepted, created } from '../../http/reply.js';
import { VISIBILITIES, type NamespaceRow, type ProjectRow, type UserRow, type Visibility } from '../../db/rows.js';
import { canSee, isAdmin } from '../../auth/policy.js';
import { findProject, findUser, namespaceByPath, userByRef } from '../../resources/find.js';
import { checkUpdatedAtOrder, listProjects, projectListParams } from './list.js';
import { presentProject } from './present.js';
import { namespaceById } from './queries.js';
import { createProject, deleteProject, setArchived, transferProject, updateProject } from './service.js';
import { forkProject, HOUSEKEEPING_JOB, notModified, projectGroups, projectStorage, scheduleHousekeeping, setStar } from './forks.js';
import { paginateArray } from '../../http/pagination.js';
import { shareProject, unshareProject } from './share.js';
import { MEMBER_ACCESS_LEVELS } from '../../../shared/access-levels.js';
import { registerJob } from '../../jobs/registry.js';

registerJob(HOUSEKEEPING_JOB, () => import('./forks.js').then((m) => m.housekeepingJob));


const editableParams: ParamDecl[] = [
  { name: 'name', type: 'string' },
  { name: 'path', type: 'string' },
  { name: 'description', type: 'string', maxLength: 2000 },
  { name: 'visibility', type: 'string', values: VISIBILITIES },
  { name: 'default_branch', type: 'string' },
  { name: 'repository_storage', type: 'string' },
];

const createParams: ParamDecl[] = [...editableParams, { name: 'namespace_id', type: 'integer' }, { name: 'initialize_with_readme', type: 'boolean' }];

/** Creates a project from the request's params on behalf of `creator`. */
function createFrom(ctx: RequestContext, creator: UserRow): Promise<ProjectRow> {
  const p = ctx.params;
  return createProject(ctx.core, {
    creator,
    // An explicit null is no name (the rule above counts it as given).
    name: (p.name ?? undefined) as string | undefined,
    path: (p.path ?? undefined) as string | undefined,
    namespaceId: p.namespace_id as number | undefined,
    description: p.description as string | undefined,
    visibility: p.visibility as Visibility | undefined,
    defaultBranch: p.default_branch as string | undefined,
    initializeWithReadme: p.initialize_with_readme === true,
    repositoryStorage: storageParam(ctx),
  });
}

/** The Project entity as the caller sees it after a change. */
const show = (ctx: RequestContext, project: ProjectRow) => presentProject(ctx.core, project, { viewer: ctx.actor, withAccess: ctx.actor !== null });

/**
 * One project with what its repository says (lists keep the metadata answer, which would cost a
 * git call per project): `empty_repo`, and `readme_url` for callers who may read the code. A
 * project created with `initialize_with_readme` answers with its README, as on the platform.
 */
async function showOne(ctx: RequestContext, project: ProjectRow): Promise<ReturnType<typeof show>> {
  const shown = show(ctx, project);
  const facts = await repositoryFacts(ctx.core, project, String(shown.web_url));
  return Object.assign(shown, { empty_repo: facts.empty_repo }, 'readme_url' in shown ? { readme_url: facts.readme_url } : {});
}

/** The storage shard is an administrator's choice; others' values are ignored. */
const storageParam = (ctx: RequestContext): string | undefined => (isAdmin(ctx.actor) ? (ctx.params.repository_storage as string | undefined) : undefined);

/** A namespace by id or full path, among those the caller can see (user namespaces are public). */
function findNamespace(ctx: RequestContext, ref: string | number): NamespaceRow {
  const ns =
    typeof ref === 'number' || /^\d+$/.test(String(ref))
      ? namespaceById(ctx.core, Number(ref))
      : namespaceByPath(ctx.core, String(ref));
  if (!ns || (ns.kind === 'group' && !canSee(ctx.core, ctx.actor, { group: ns }))) throw notFound('Namespace');
  return ns;
}

export const projectRoutes: RouteDef[] = defineRoutes([
  {
    method: 'GET',
    path: '/projects',
    summary: 'List projects visible to the caller',
    auth: 'optional',
    paginated: true,
    params: projectListParams,
    handler: (ctx) => {
      checkUpdatedAtOrder(ctx);
      return listProjects(ctx);
    },
  },
  {
    method: 'POST',
    path: '/projects',
    summary: 'Create a project',
    params: createParams,
    rules: [{ atLeastOneOf: ['name', 'path'] }],
    handler: async (ctx) => created(await showOne(ctx, await createFrom(ctx, currentUser(ctx)))),
  },
  {
    method: 'POST',
    path: '/projects/user/:user_id',
    summary: 'Create a project for a user (administrators)',
    params: [{ name: 'user_id', type: 'integer', required: true }, ...createParams],
    rules: [{ atLeastOneOf: ['name', 'path'] }],
    handler: async (ctx) => {
      if (!isAdmin(currentUser(ctx))) throw forbidden();
      const owner = userByRef(ctx.core, ctx.params.user_id as number);
      if (!owner) throw notFound('User');
      return created(await showOne(ctx, await createFrom(ctx, owner)));
    },
  },
  {
    method: 'GET',
    path: '/users/:user_id/projects',
    summary: "List a user's personal projects visible to the caller",
    auth: 'optional',
    paginated: true,
    params: [{ name: 'user_id', type: 'id', required: true }, ...projectListParams],
    handler: (ctx) => {
      const owner = findUser(ctx, 'user_id');
      const ns = ctx.core.db.prepare("SELECT id FROM namespaces WHERE kind = 'user' AND owner_id = ?").get(owner.id) as { id: number } | undefined;
      return listProjects(ctx, { namespaceIds: ns ? [ns.id] : [], similarity: 'score' });
    },
  },
  {
    method: 'GET',
    path: '/projects/:id',
    summary: 'Get a project',
    auth: 'optional',
    params: [
      idParam,
      { name: 'statistics', type: 'boolean' },
      { name: 'license', type: 'boolean' },
      { name: 'with_custom_attributes', type: 'boolean' },
    ],
    handler: async (ctx) => {
      const project = findProject(ctx);
      const body = await showOne(ctx, project);
      if (ctx.params.statistics !== true) return body;
      return (await withStatistics(ctx.core, ctx.actor, [project], [body]))[0];
    },
  },
  {
    method: 'PUT',
    path: '/projects/:id',
    summary: 'Update a project (Maintainer)',
    params: [idParam, ...editableParams],
    handler: (ctx) => {
      const project = findProject(ctx, 'admin_project');
      const p = ctx.params;
      const updated = updateProject(ctx.core, project, {
        name: p.name as string | undefined,
        path: p.path as string | undefined,
        description: p.description as string | undefined,
        visibility: p.visibility as Visibility | undefined,
        defaultBranch: p.default_branch as string | undefined,
        repositoryStorage: storageParam(ctx),
      });
      return show(ctx, updated);
    },
  },
  {
    method: 'DELETE',
    path: '/projects/:id',
    summary: 'Delete a project (Owner)',
    params: [idParam],
    handler: async (ctx) => {
      const project = findProject(ctx, 'remove_project');
      await deleteProject(ctx.core, project);
      return accepted();
    },
  },
  {
    method: 'PUT',
    path: '/projects/:id/transfer',
    summary: 'Move a project to another namespace (Owner)',
    params: [idParam, { name: 'namespace', type: 'id', required: true }],
    handler: (ctx) => {
      const project = findProject(ctx, 'change_namespace');
      const target = findNamespace(ctx, ctx.params.namespace as string | number);
      return show(ctx, transferProject(ctx.core, project, target, currentUser(ctx)));
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/fork',
    summary: 'Fork a project: a new project with a copy of its repository',
    params: [
      idParam,
      { name: 'namespace_id', type: 'integer' },
      { name: 'namespace_path', type: 'string' },
      { name: 'namespace', type: 'id' },
      { name: 'name', type: 'string' },
      { name: 'path', type: 'string' },
      { name: 'description', type: 'string', maxLength: 2000 },
      { name: 'visibility', type: 'string', values: VISIBILITIES },
      { name: 'branches', type: 'string' },
      { name: 'mr_default_target_self', type: 'boolean' },
    ],
    handler: async (ctx) => created(show(ctx, await forkProject(ctx))),
  },
  {
    method: 'GET',
    path: '/projects/:id/forks',
    summary: 'The forks of a project the caller can see',
    auth: 'optional',
    paginated: true,
    params: [idParam, ...projectListParams],
    handler: (ctx) => listProjects(ctx, { forkOf: findProject(ctx).id, similarity: 'forks' }),
  },
  {
    method: 'POST',
    path: '/projects/:id/star',
    summary: 'Star a project (304 when already starred)',
    params: [idParam],
    handler: (ctx) => {
      const { project, changed } = setStar(ctx, true);
      return changed ? created(show(ctx, project)) : notModified();
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/unstar',
    summary: 'Unstar a project (304 when not starred)',
    params: [idParam],
    handler: (ctx) => {
      const { project, changed } = setStar(ctx, false);
      return changed ? created(show(ctx, project)) : notModified();
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/groups',
    summary: "The groups a project belongs to (its namespace's ancestors) and, with with_shared, those it is shared with",
    auth: 'optional',
    paginated: true,
    params: [
      idParam,
      squishedSearchParam(),
      { name: 'skip_groups', type: 'integer[]' },
      { name: 'with_shared', type: 'boolean', default: false },
      { name: 'shared_visible_only', type: 'boolean', default: false },
      { name: 'shared_min_access_level', type: 'integer', values: MEMBER_ACCESS_LEVELS },
    ],
    handler: (ctx) => paginateArray(ctx, projectGroups(ctx), (page) => page),
  },
  {
    method: 'POST',
    path: '/projects/:id/share',
    summary: "Share a project with a group: the group's members get access up to group_access (Maintainer; Owner to give Owner)",
    params: [
      idParam,
      { name: 'group_id', type: 'integer', required: true },
      { name: 'group_access', type: 'integer', required: true, values: MEMBER_ACCESS_LEVELS },
      { name: 'expires_at', type: 'date' },
    ],
    handler: (ctx) => shareProject(ctx, currentUser(ctx)),
  },
  {
    method: 'DELETE',
    path: '/projects/:id/share/:group_id',
    summary: 'Stop sharing a project with a group (Maintainer; a share giving Owner: the project or group Owner)',
    params: [idParam, { name: 'group_id', type: 'integer', required: true }],
    handler: (ctx) => unshareProject(ctx, currentUser(ctx)),
  },
  {
    method: 'GET',
    path: '/projects/:id/storage',
    summary: "Where a project's repository is stored (administrators)",
    params: [idParam],
    handler: projectStorage,
  },
  {
    method: 'POST',
    path: '/projects/:id/housekeeping',
    summary: "Run git's maintenance on the repository in the job worker (Maintainer)",
    params: [idParam, { name: 'task', type: 'string', values: ['eager', 'prune'], default: 'eager' }],
    handler: scheduleHousekeeping,
  },
  {
    method: 'GET',
    path: '/projects/:id/languages',
    summary: "The languages of the project's default branch, as percentages of its code",
    auth: 'optional',
    params: [idParam],
    handler: async (ctx) => {
      const project = findProject(ctx);
      const repo = ctx.core.repos.project(project);
      const commit = repo.exists() && isValidRefName(project.default_branch) ? await repo.resolveCommit(project.default_branch) : null;
      if (!commit) return {};
      const { repositoryLanguages } = await import('../../git/languages.js');
      return repositoryLanguages(repo.path, commit);
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/archive',
    summary: 'Archive a project (Maintainer)',
    params: [idParam],
    handler: (ctx) => created(show(ctx, setArchived(ctx.core, findProject(ctx, 'admin_project'), true))),
  },
  {
    method: 'POST',
    path: '/projects/:id/unarchive',
    summary: 'Unarchive a project (Maintainer)',
    params: [idParam],
    handler: (ctx) => created(show(ctx, setArchived(ctx.core, findProject(ctx, 'admin_project'), false))),
  },
]);
