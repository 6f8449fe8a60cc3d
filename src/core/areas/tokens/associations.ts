// GET /personal_access_tokens/self/associations: what the calling token can reach, as the
// platform builds it from its groups and projects finders. Groups: the caller's groups, their
// subgroups and ancestors, and (without `min_access_level`) every public or internal group the
// caller can see; with `min_access_level`, the groups with at least that membership and their
// subgroups. Projects likewise: every visible project, or the authorized ones at that level.
// Both lists are paged with the same window; the pagination headers are those of the projects
// list, because the platform pages the groups first and the projects last.
import type { RequestContext } from '../../http/context.js';
import type { NamespaceRow, ProjectRow, UserRow } from '../../db/rows.js';
import { cappedCount, pageWindow, paginate } from '../../http/pagination.js';
import { Reply } from '../../http/reply.js';
import { groupWebUrl, projectWebUrl } from '../../resources/urls.js';
import { groupAccessLevel } from '../../auth/access.js';
import { presentNamespaceBasic } from '../groups/present.js';
import { groupListQuery } from '../groups/queries.js';
import { ACCESS_CTES, countVisibleProjects, viewerBinding, visibleProjectCondition } from '../projects/queries.js';

type ProjectWithNamespace = ProjectRow & {
  ns_full_path: string;
  ns_name: string;
  ns_path: string;
  ns_kind: NamespaceRow['kind'];
  ns_parent_id: number | null;
  ns_full_name: string;
  project_level: number | null;
};

export function listAssociations(ctx: RequestContext, user: UserRow): Reply {
  const core = ctx.core;
  const min = ctx.params.min_access_level as number | undefined;
  const w = pageWindow(ctx);

  const groupQuery = groupListQuery(core, { viewer: user, allAvailable: min === undefined, ...(min !== undefined ? { minAccessLevel: min } : {}) });
  const groups = core.db.prepare(`${groupQuery.sql} ORDER BY g.id LIMIT @limit OFFSET @offset`).all(Object.assign({}, groupQuery.args, { limit: w.limit, offset: w.offset })) as NamespaceRow[];

  const binding: Record<string, unknown> = { ...viewerBinding(core, user) };
  const where = [min === undefined ? visibleProjectCondition(user) : 'p.id IN (SELECT id FROM authorized WHERE level >= @min)'];
  if (min !== undefined) binding.min = min;
  const projectSql = `WITH RECURSIVE ${ACCESS_CTES} SELECT p.id FROM projects p WHERE ${where.join(' AND ')}`;
  const pageSql = `WITH RECURSIVE ${ACCESS_CTES}
    SELECT p.*, n.full_path AS ns_full_path, n.name AS ns_name, n.path AS ns_path, n.kind AS ns_kind, n.parent_id AS ns_parent_id, n.full_name AS ns_full_name,
           (SELECT access_level FROM members WHERE source_type = 'project' AND source_id = p.id AND user_id = @uid AND (expires_at IS NULL OR expires_at >= @today)) AS project_level
    FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE ${where.join(' AND ')} ORDER BY p.id LIMIT @limit OFFSET @offset`;

  let groupsJson: unknown[] = [];
  const reply = paginate(
    ctx,
    // Every visible project: the kept counts per visibility plus the private ones reached.
    (cap) => (min === undefined ? countVisibleProjects(core, user, cap) : (core.db.prepare(cappedCount(projectSql, cap)).get(binding) as { n: number }).n),
    (limit, offset) => {
      groupsJson = groups.map((g) => ({
        id: g.id,
        web_url: groupWebUrl(core, g.full_path),
        name: g.name,
        parent_id: g.parent_id,
        organization_id: g.organization_id,
        access_levels: groupAccessLevel(core, user.id, g),
        visibility: g.visibility,
      }));
      return (core.db.prepare(pageSql).all(Object.assign({}, binding, { limit, offset })) as ProjectWithNamespace[]).map((p) => presentAssociatedProject(ctx, user, p));
    },
  );
  return new Reply(200, { groups: groupsJson, projects: reply.body }, reply.headers);
}

function presentAssociatedProject(ctx: RequestContext, user: UserRow, p: ProjectWithNamespace) {
  const groupLevel = p.ns_kind === 'group' ? groupAccessLevel(ctx.core, user.id, { id: p.namespace_id }) : 0;
  const fullPath = `${p.ns_full_path}/${p.path}`;
  return {
    id: p.id,
    description: p.description,
    name: p.name,
    name_with_namespace: `${p.ns_full_name} / ${p.name}`,
    path: p.path,
    path_with_namespace: fullPath,
    created_at: p.created_at,
    access_levels: { project_access_level: p.project_level ?? null, group_access_level: groupLevel || null },
    visibility: p.visibility,
    web_url: projectWebUrl(ctx.core, fullPath),
    namespace: presentNamespaceBasic(ctx.core, {
      id: p.namespace_id,
      name: p.ns_name,
      path: p.ns_path,
      kind: p.ns_kind,
      full_path: p.ns_full_path,
      parent_id: p.ns_parent_id,
    }),
  };
}
