// Forks, stars, the groups a project sits in, its storage and housekeeping: the project
// endpoints real clients call beside the project itself.
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { ApiError, conflict, forbidden, notFound } from '../../http/errors.js';
import { Reply, created } from '../../http/reply.js';
import type { NamespaceRow, ProjectRow, Visibility } from '../../db/rows.js';
import { patternMatches } from '../../db/sql.js';
import { can, canSee, isAdmin } from '../../auth/policy.js';
import { findProject, namespaceByPath } from '../../resources/find.js';
import { groupWebUrl } from '../../resources/urls.js';
import { canCreateProjectIn, createProject, personalNamespace, VISIBILITY_RANK } from './service.js';
import { namespaceById, projectById } from './queries.js';
import { recordAudit } from '../../audit/record.js';

export const HOUSEKEEPING_JOB = 'projects.housekeeping';

function targetNamespace(ctx: RequestContext): NamespaceRow {
  const user = currentUser(ctx);
  const p = ctx.params;
  const ref = (p.namespace_id ?? p.namespace_path ?? p.namespace) as string | number | undefined;
  if (ref === undefined) return personalNamespace(ctx.core, user);
  const ns = typeof ref === 'number' || /^\d+$/.test(String(ref)) ? namespaceById(ctx.core, Number(ref)) : namespaceByPath(ctx.core, String(ref));
  // A namespace the caller may not create projects in is, to a fork, one that is not there.
  if (!ns || !canCreateProjectIn(ctx.core, user, ns)) throw notFound('Target Namespace');
  return ns;
}

/** POST /projects/:id/fork: a new project whose repository is a copy of this one's. */
export async function forkProject(ctx: RequestContext): Promise<ProjectRow> {
  const user = currentUser(ctx);
  const source = findProject(ctx, 'read_code');
  const ns = targetNamespace(ctx);
  const p = ctx.params;
  // A fork is never more visible than the project it comes from.
  const asked = (p.visibility as Visibility | undefined) ?? source.visibility;
  const visibility = VISIBILITY_RANK[asked] > VISIBILITY_RANK[source.visibility] ? source.visibility : asked;
  const branch = typeof p.branches === 'string' && p.branches !== '' ? p.branches : undefined;
  if (branch !== undefined && !(await ctx.core.repos.project(source).branch(branch))) throw notFound('Branch');
  try {
    return await createProject(ctx.core, {
      creator: user,
      name: (p.name as string | undefined) ?? source.name,
      path: (p.path as string | undefined) ?? source.path,
      namespaceId: ns.id,
      description: (p.description as string | undefined) ?? source.description,
      visibility,
      defaultBranch: branch ?? source.default_branch,
      forkOf: { project: source, ...(branch !== undefined ? { branches: branch } : {}) },
    });
  } catch (error) {
    // The platform answers a fork's failed validations with 409 and the model's errors.
    if (error instanceof ApiError && error.status === 400 && typeof error.body.message === 'object') throw new ApiError(409, error.body);
    throw error;
  }
}

/** Star (or unstar) a project: 201 with the project on a change, 304 when nothing changes. */
export function setStar(ctx: RequestContext, starred: boolean): { project: ProjectRow; changed: boolean } {
  const user = currentUser(ctx);
  const project = findProject(ctx);
  const changed = ctx.core.tx(() => {
    const n = starred
      ? ctx.core.db.prepare('INSERT OR IGNORE INTO project_stars (project_id, user_id, created_at) VALUES (?, ?, ?)').run(project.id, user.id, ctx.core.nowIso()).changes
      : ctx.core.db.prepare('DELETE FROM project_stars WHERE project_id = ? AND user_id = ?').run(project.id, user.id).changes;
    // The platform audits no stars; hostctl records every change, under its own names.
    if (n > 0) {
      recordAudit(ctx.core, {
        name: starred ? 'project_starred' : 'project_unstarred',
        entity: { type: 'Project', id: project.id },
        target: { type: 'User', id: user.id, details: user.username },
        message: starred ? 'Starred project' : 'Unstarred project',
      });
    }
    return n;
  });
  return { project: projectById(ctx.core, project.id) as ProjectRow, changed: changed > 0 };
}

export const notModified = (): Reply => new Reply(304, undefined);

/** GET /projects/:id/groups: the project's ancestor groups the caller can see (and, asked, those it is shared with), newest first. */
export function projectGroups(ctx: RequestContext) {
  const project = findProject(ctx);
  const p = ctx.params;
  const out: NamespaceRow[] = [];
  let ns = namespaceById(ctx.core, project.namespace_id);
  while (ns && ns.kind === 'group') {
    // The project's own group is visible to whoever sees the project (the platform counts the
    // namespaces of a user's projects among their authorized groups).
    if (ns.id === project.namespace_id || canSee(ctx.core, ctx.actor, { group: ns })) out.push(ns);
    ns = ns.parent_id === null ? undefined : namespaceById(ctx.core, ns.parent_id);
  }
  if (p.with_shared === true) {
    // The groups the project is shared with (not their ancestors), as Projects::GroupsFinder
    // takes them: all of them, or with shared_visible_only those the caller may see.
    const min = (p.shared_min_access_level as number | undefined) ?? 0;
    const shared = ctx.core.db
      .prepare("SELECT n.* FROM project_group_links l JOIN namespaces n ON n.id = l.group_id WHERE l.project_id = ? AND l.group_access >= ? AND n.kind = 'group'")
      .all(project.id, min) as NamespaceRow[];
    for (const g of shared) {
      if (out.some((o) => o.id === g.id)) continue;
      if (p.shared_visible_only === true && !canSee(ctx.core, ctx.actor, { group: g })) continue;
      out.push(g);
    }
  }
  const skip = new Set((p.skip_groups as number[] | undefined) ?? []);
  const search = typeof p.search === 'string' ? p.search.toLowerCase() : '';
  return out
    .filter((g) => !skip.has(g.id))
    // Namespace.search: names and paths by Gitlab::SQL::Pattern's rules.
    .filter((g) => search === '' || patternMatches([g.name.toLowerCase(), g.path.toLowerCase()], search))
    .sort((a, b) => b.id - a.id)
    .map((g) => ({ id: g.id, web_url: groupWebUrl(ctx.core, g.full_path), name: g.name, avatar_url: null, full_name: g.full_name, full_path: g.full_path }));
}

/** GET /projects/:id/storage (administrators): where the repository lives. */
export function projectStorage(ctx: RequestContext) {
  if (!isAdmin(currentUser(ctx))) throw forbidden();
  const project = findProject(ctx);
  return {
    project_id: project.id,
    disk_path: `@projects/${project.id}`,
    created_at: project.created_at,
    repository_storage: project.repository_storage,
  };
}

/** POST /projects/:id/housekeeping: git's own maintenance, run by the job worker. */
export function scheduleHousekeeping(ctx: RequestContext) {
  const project = findProject(ctx);
  if (!can(ctx.core, ctx.actor, 'admin_project', { project })) throw forbidden();
  const task = ctx.params.task as 'eager' | 'prune';
  const pending = ctx.core.db
    .prepare("SELECT 1 FROM jobs WHERE kind = ? AND state IN ('queued', 'running') AND json_extract(payload, '$.projectId') = ?")
    .get(HOUSEKEEPING_JOB, project.id);
  if (pending) throw conflict('Somebody already triggered housekeeping for this resource within the past 24 hours');
  ctx.core.tx(() => {
    ctx.core.jobs.enqueue(HOUSEKEEPING_JOB, { projectId: project.id, task });
    recordAudit(ctx.core, { name: 'manually_trigger_housekeeping', entity: { type: 'Project', id: project.id }, message: `Housekeeping task: ${task}` });
  });
  return created(null);
}

/** The job: `git maintenance` (eager: a full gc; prune: also drops unreachable objects older than half an hour, so a write in flight keeps its objects). */
export async function housekeepingJob(core: import('../../state.js').CoreState, payload: unknown): Promise<void> {
  const { projectId, task } = payload as { projectId: number; task: 'eager' | 'prune' };
  const project = projectById(core, projectId);
  if (!project) return;
  const repo = core.repos.project(project);
  if (!repo.exists()) return;
  const { runGit } = await import('../../git/exec.js');
  await repo.writing(async () => {
    await runGit(repo.path, ['maintenance', 'run', '--task=gc', '--quiet']);
    if (task === 'prune') await runGit(repo.path, ['prune', '--expire=30.minutes.ago']);
  });
}
