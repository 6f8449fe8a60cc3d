// Sharing a project with a group (the platform's project group links): the group's members get
// access to the project up to the share's level. Who may share, what answers 404 or 403 and the
// events recorded follow lib/api/projects.rb and Projects::GroupLinks::{Create,Destroy}Service.
import type { RequestContext } from '../../http/context.js';
import { failure, forbidden, notFound } from '../../http/errors.js';
import { created, noContent, type Reply } from '../../http/reply.js';
import type { NamespaceRow, UserRow } from '../../db/rows.js';
import { accessLevelOf, can, isAdmin } from '../../auth/policy.js';
import { ancestorIds } from '../../auth/access.js';
import { findProject, groupByRef, projectFullPath } from '../../resources/find.js';
import { recordAudit } from '../../audit/record.js';
import { namespaceById } from './queries.js';

interface LinkRow {
  id: number;
  project_id: number;
  group_id: number;
  group_access: number;
  expires_at: string | null;
}

const OWNER = 50;

/** The ProjectGroupLink entity. */
const presentLink = (l: LinkRow) => ({ id: l.id, project_id: l.project_id, group_id: l.group_id, group_access: l.group_access, expires_at: l.expires_at });

/**
 * The group to share with: one the caller holds a role in (directly, through an ancestor or a
 * group share), or any group for an administrator. Any other, or none, is not found, with the
 * service's own wording.
 */
function shareTarget(ctx: RequestContext, user: UserRow): NamespaceRow {
  const group = groupByRef(ctx.core, ctx.params.group_id as number);
  if (!group || group.kind !== 'group' || (!isAdmin(user) && accessLevelOf(ctx.core, user, { group }) <= 0)) throw failure(404, 'Not Found');
  return group;
}

/** POST /projects/:id/share */
export function shareProject(ctx: RequestContext, user: UserRow): Reply {
  const project = findProject(ctx, 'admin_project');
  const access = ctx.params.group_access as number;
  // Only a project Owner hands out Owner through a share; this is answered before the group is looked at.
  if (access === OWNER && !can(ctx.core, user, 'manage_owners', { project })) throw forbidden();
  const group = shareTarget(ctx, user);
  const expires = (ctx.params.expires_at as string | undefined) ?? null;
  const link = ctx.core.tx(() => {
    const errors: string[] = [];
    if (ctx.core.db.prepare('SELECT 1 FROM project_group_links WHERE project_id = ? AND group_id = ?').get(project.id, group.id)) errors.push('Project already shared with this group');
    const home = namespaceById(ctx.core, project.namespace_id);
    if (home?.kind === 'group' && ancestorIds(ctx.core, home.id).includes(group.id)) errors.push('Project cannot be shared with the group it is in or one of its ancestors.');
    if (errors.length > 0) throw failure(409, errors.join(' and '));
    const info = ctx.core.db
      .prepare('INSERT INTO project_group_links (project_id, group_id, group_access, expires_at, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(project.id, group.id, access, expires, ctx.core.nowIso());
    // The platform records the share on the invited group, naming the project as its target.
    recordAudit(ctx.core, {
      name: 'project_group_link_created',
      entity: { type: 'Group', id: group.id, path: group.full_path },
      target: { type: 'Project', id: project.id, details: projectFullPath(ctx.core, project) },
      message: 'Added project group link',
    });
    return ctx.core.db.prepare('SELECT * FROM project_group_links WHERE id = ?').get(Number(info.lastInsertRowid)) as LinkRow;
  });
  return created(presentLink(link));
}

/** DELETE /projects/:id/share/:group_id */
export function unshareProject(ctx: RequestContext, user: UserRow): Reply {
  const project = findProject(ctx, 'admin_project');
  const link = ctx.core.db.prepare('SELECT * FROM project_group_links WHERE project_id = ? AND group_id = ?').get(project.id, ctx.params.group_id) as LinkRow | undefined;
  if (!link) throw notFound('Group Link');
  const group = namespaceById(ctx.core, link.group_id) as NamespaceRow;
  // A share that gives Owner is removed by the project's Owner or the invited group's Owner.
  if (link.group_access === OWNER && !can(ctx.core, user, 'manage_owners', { project }) && !can(ctx.core, user, 'admin_group', { group })) throw failure(403, 'Forbidden');
  ctx.core.tx(() => {
    ctx.core.db.prepare('DELETE FROM project_group_links WHERE id = ?').run(link.id);
    recordAudit(ctx.core, {
      name: 'project_group_link_deleted',
      entity: { type: 'Group', id: group.id, path: group.full_path },
      target: { type: 'Project', id: project.id, details: projectFullPath(ctx.core, project) },
      message: 'Removed project group link',
    });
  });
  return noContent();
}
