// Finding projects, groups and users from path params: integer ids or full paths (decoded
// once by the router). Invisible subjects answer 404, visible ones the caller may not change
// answer 403. A project reached by an old path redirects GETs (301) and refuses other methods.
import type { NamespaceRow, ProjectRow, UserRow } from '../db/rows.js';
import type { RequestContext } from '../http/context.js';
import { forbidden, methodNotAllowed, movedPermanently, notFound } from '../http/errors.js';
import { can, canSee, type GroupAbility, type ProjectAbility } from '../auth/policy.js';
import type { CoreState } from '../state.js';
import { keptRow } from './kept-rows.js';

export function projectByRef(core: CoreState, ref: string | number): ProjectRow | undefined {
  if (typeof ref === 'number' || /^\d+$/.test(ref)) {
    return core.db.prepare('SELECT * FROM projects WHERE id = ?').get(Number(ref)) as ProjectRow | undefined;
  }
  const slash = ref.lastIndexOf('/');
  if (slash <= 0) return undefined;
  const ns = namespaceByPath(core, ref.slice(0, slash));
  if (!ns) return undefined;
  return core.db.prepare('SELECT * FROM projects WHERE namespace_id = ? AND path_lower = ?').get(ns.id, ref.slice(slash + 1).toLowerCase()) as
    | ProjectRow
    | undefined;
}

export function namespaceByPath(core: CoreState, fullPath: string): NamespaceRow | undefined {
  return core.db.prepare('SELECT * FROM namespaces WHERE full_path_lower = ?').get(fullPath.toLowerCase()) as NamespaceRow | undefined;
}

export function groupByRef(core: CoreState, ref: string | number): NamespaceRow | undefined {
  const row =
    typeof ref === 'number' || /^\d+$/.test(ref)
      ? (core.db.prepare('SELECT * FROM namespaces WHERE id = ?').get(Number(ref)) as NamespaceRow | undefined)
      : namespaceByPath(core, ref);
  return row?.kind === 'group' ? row : undefined;
}

export function projectFullPath(core: CoreState, project: ProjectRow): string {
  const ns = core.db.prepare('SELECT full_path FROM namespaces WHERE id = ?').get(project.namespace_id) as { full_path: string };
  return `${ns.full_path}/${project.path}`;
}

/** The project of `:id` (or another path param), checked for visibility and `action`. */
export function findProject(ctx: RequestContext, action: ProjectAbility = 'read_project', param = 'id'): ProjectRow {
  const ref = ctx.params[param] as string | number;
  // Reads keep the row by id for the generation (a handler of a write gets its own copy).
  const byId = (ctx.method === 'GET' || ctx.method === 'HEAD') && (typeof ref === 'number' || /^\d+$/.test(ref));
  const project = byId ? keptRow(ctx.core.db, `project:${Number(ref)}`, ctx.dataVersion, () => projectByRef(ctx.core, ref)) : projectByRef(ctx.core, ref);
  if (!project) {
    if (typeof ref === 'string' && !/^\d+$/.test(ref)) followRedirect(ctx, ref);
    throw notFound('Project');
  }
  if (!canSee(ctx.core, ctx.actor, { project })) throw notFound('Project');
  if (action !== 'read_project' && !can(ctx.core, ctx.actor, action, { project })) throw forbidden();
  return project;
}

function followRedirect(ctx: RequestContext, ref: string): void {
  const hit = ctx.core.db.prepare('SELECT project_id FROM redirect_routes WHERE path_lower = ?').get(ref.toLowerCase()) as
    | { project_id: number }
    | undefined;
  if (!hit) return;
  const project = ctx.core.db.prepare('SELECT * FROM projects WHERE id = ?').get(hit.project_id) as ProjectRow | undefined;
  if (!project || !canSee(ctx.core, ctx.actor, { project })) return;
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw methodNotAllowed('Non GET methods are not allowed for moved projects');
  const encoded = encodeURIComponent(ref);
  const idx = ctx.path.toLowerCase().indexOf(`/projects/${encoded.toLowerCase()}`);
  const rest = idx >= 0 ? ctx.path.slice(idx + `/projects/${encoded}`.length) : '';
  const query = ctx.rawQuery ? `?${ctx.rawQuery}` : '';
  throw movedPermanently(`${ctx.apiBase}/projects/${project.id}${rest}${query}`);
}

/** The group of `:id`, checked for visibility and `action`. */
export function findGroup(ctx: RequestContext, action: GroupAbility = 'read_group', param = 'id'): NamespaceRow {
  const group = groupByRef(ctx.core, ctx.params[param] as string | number);
  if (!group || !canSee(ctx.core, ctx.actor, { group })) throw notFound('Group');
  if (action !== 'read_group' && !can(ctx.core, ctx.actor, action, { group })) throw forbidden();
  return group;
}

export function userByRef(core: CoreState, ref: string | number): UserRow | undefined {
  if (typeof ref === 'number' || /^\d+$/.test(ref)) return core.db.prepare('SELECT * FROM users WHERE id = ?').get(Number(ref)) as UserRow | undefined;
  return core.db.prepare('SELECT * FROM users WHERE username_lower = ?').get(ref.toLowerCase()) as UserRow | undefined;
}

export function findUser(ctx: RequestContext, param = 'id'): UserRow {
  const user = userByRef(ctx.core, ctx.params[param] as string | number);
  if (!user) throw notFound('User');
  return user;
}
