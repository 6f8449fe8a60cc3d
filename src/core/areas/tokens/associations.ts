// GET /personal_access_tokens/self/associations: the groups the caller is a member of and the
// projects reachable through direct or group membership, both paged with the same window.
import type { RequestContext } from '../../http/context.js';
import type { NamespaceRow, ProjectRow, UserRow } from '../../db/rows.js';
import { isoDate } from '../../clock.js';
import { pageWindow } from '../../http/pagination.js';
import { Reply } from '../../http/reply.js';
import { groupWebUrl, projectWebUrl } from '../../resources/urls.js';
import { groupAccessLevel } from '../../auth/access.js';
import { presentNamespaceBasic } from '../groups/present.js';

export function listAssociations(ctx: RequestContext, user: UserRow): Reply {
  const core = ctx.core;
  const min = (ctx.params.min_access_level as number | undefined) ?? 0;
  const today = isoDate(ctx.now());
  const groups = core.db
    .prepare(
      `SELECT n.*, m.access_level AS member_level FROM members m JOIN namespaces n ON n.id = m.source_id
       WHERE m.source_type = 'namespace' AND m.user_id = ? AND m.access_level >= ? AND (m.expires_at IS NULL OR m.expires_at >= ?)
       ORDER BY n.id`,
    )
    .all(user.id, min, today) as (NamespaceRow & { member_level: number })[];

  const projectRows = core.db
    .prepare(
      `SELECT p.*, n.full_path AS ns_full_path, n.name AS ns_name, n.path AS ns_path, n.kind AS ns_kind, n.parent_id AS ns_parent_id, n.full_name AS ns_full_name,
              (SELECT access_level FROM members WHERE source_type = 'project' AND source_id = p.id AND user_id = ? AND (expires_at IS NULL OR expires_at >= ?)) AS project_level
       FROM projects p JOIN namespaces n ON n.id = p.namespace_id ORDER BY p.id`,
    )
    .all(user.id, today) as (ProjectRow & { ns_full_path: string; ns_name: string; ns_path: string; ns_kind: NamespaceRow['kind']; ns_parent_id: number | null; ns_full_name: string; project_level: number | null })[];

  const projects = [];
  for (const p of projectRows) {
    const groupLevel = p.ns_kind === 'group' ? groupAccessLevel(core, user.id, { id: p.namespace_id }) : 0;
    const best = Math.max(p.project_level ?? 0, groupLevel);
    if (best === 0 || best < min) continue;
    const fullPath = `${p.ns_full_path}/${p.path}`;
    projects.push({
      id: p.id,
      description: p.description,
      name: p.name,
      name_with_namespace: `${p.ns_full_name} / ${p.name}`,
      path: p.path,
      path_with_namespace: fullPath,
      created_at: p.created_at,
      access_levels: { project_access_level: p.project_level ?? null, group_access_level: groupLevel || null },
      visibility: p.visibility,
      web_url: projectWebUrl(core, fullPath),
      namespace: presentNamespaceBasic(core, {
        id: p.namespace_id,
        name: p.ns_name,
        path: p.ns_path,
        kind: p.ns_kind,
        full_path: p.ns_full_path,
        parent_id: p.ns_parent_id,
      }),
    });
  }

  const w = pageWindow(ctx);
  const slice = <T>(all: T[]) => all.slice(w.offset, w.offset + w.limit);
  const total = Math.max(groups.length, projects.length);
  const totalPages = Math.max(1, Math.ceil(total / w.perPage));
  const headers = {
    'x-page': String(w.page),
    'x-per-page': String(w.perPage),
    'x-total': String(total),
    'x-total-pages': String(totalPages),
    'x-next-page': w.page < totalPages ? String(w.page + 1) : '',
    'x-prev-page': w.page > 1 ? String(w.page - 1) : '',
  };
  return new Reply(
    200,
    {
      groups: slice(groups).map((g) => ({
        id: g.id,
        web_url: groupWebUrl(core, g.full_path),
        name: g.name,
        parent_id: g.parent_id,
        organization_id: g.organization_id,
        access_levels: g.member_level,
        visibility: g.visibility,
      })),
      projects: slice(projects),
    },
    headers,
  );
}
