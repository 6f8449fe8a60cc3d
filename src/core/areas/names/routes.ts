// The names of users, groups and projects given by id, in one request (hostctl extension). The
// CLI shows names where answers hold ids (the owner of a token, the parent of a group); one
// look-up per id would make a table of N owners cost N+1 requests. Each name is shown only to a
// caller who could read it one by one: usernames to any signed-in caller (like `GET /users/:id`),
// groups and projects when the caller sees them. Ids the caller cannot see are left out, exactly
// as if they did not exist. The reverse (`usernames`, `group_paths`, `project_paths` → ids) lets a
// settings file's names be resolved a hundred at a time, with the same visibility rules.
import { defineRoutes } from '../../http/route.js';
import { currentUser } from '../../http/context.js';
import { canSee } from '../../auth/policy.js';
import type { NamespaceRow, ProjectRow } from '../../db/rows.js';
import { groupByRef, projectByRef, projectFullPath } from '../../resources/find.js';

/** At most this many ids of each kind per request (a table shows at most 100 rows). */
const MAX_IDS = 100;
const ids = (name: string) => ({
  name,
  type: 'integer[]' as const,
  commaSeparated: true,
  check: (value: unknown) => (Array.isArray(value) && value.length > MAX_IDS ? `${name} has more than ${MAX_IDS} ids` : undefined),
});

const names = (name: string) => ({
  name,
  type: 'string[]' as const,
  commaSeparated: true,
  check: (value: unknown) => (Array.isArray(value) && value.length > MAX_IDS ? `${name} has more than ${MAX_IDS} names` : undefined),
});

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(',');

export const nameRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/hostctl/names',
    summary: 'Names of users, groups and projects by id, for tables, and ids by name (hostctl extension)',
    params: [ids('user_ids'), ids('group_ids'), ids('project_ids'), names('usernames'), names('group_paths'), names('project_paths')],
    handler: (ctx) => {
      const actor = currentUser(ctx);
      const given = (name: string) => [...new Set((ctx.params[name] as number[] | undefined) ?? [])];
      const { db } = ctx.core;
      const users: Record<string, string> = {};
      const userIds = given('user_ids');
      if (userIds.length > 0) {
        for (const u of db.prepare(`SELECT id, username FROM users WHERE id IN (${placeholders(userIds.length)})`).all(...userIds) as { id: number; username: string }[]) {
          users[u.id] = u.username;
        }
      }
      const groups: Record<string, string> = {};
      const groupIds = given('group_ids');
      if (groupIds.length > 0) {
        for (const group of db.prepare(`SELECT * FROM namespaces WHERE kind = 'group' AND id IN (${placeholders(groupIds.length)})`).all(...groupIds) as NamespaceRow[]) {
          if (canSee(ctx.core, actor, { group })) groups[group.id] = group.full_path;
        }
      }
      const projects: Record<string, string> = {};
      const projectIds = given('project_ids');
      if (projectIds.length > 0) {
        const rows = db
          .prepare(`SELECT p.*, n.full_path AS namespace_full_path FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE p.id IN (${placeholders(projectIds.length)})`)
          .all(...projectIds) as (ProjectRow & { namespace_full_path: string })[];
        for (const project of rows) if (canSee(ctx.core, actor, { project })) projects[project.id] = `${project.namespace_full_path}/${project.path}`;
      }
      const wanted = (name: string) => [...new Set(((ctx.params[name] as string[] | undefined) ?? []).filter((n) => n !== ''))];
      const [usernames, groupPaths, projectPaths] = [wanted('usernames'), wanted('group_paths'), wanted('project_paths')];
      if (usernames.length + groupPaths.length + projectPaths.length === 0) return { users, groups, projects };
      // Each name as the caller wrote it → its id; names that are unknown or hidden are left out.
      const ids = { users: {} as Record<string, number>, groups: {} as Record<string, number>, projects: {} as Record<string, number> };
      // The names as stored (their case) join the id → name maps.
      for (const name of usernames) {
        const u = db.prepare('SELECT id, username FROM users WHERE username_lower = ?').get(name.toLowerCase()) as { id: number; username: string } | undefined;
        if (!u) continue;
        ids.users[name] = u.id;
        users[u.id] = u.username;
      }
      for (const path of groupPaths) {
        const group = groupByRef(ctx.core, path);
        if (!group || !canSee(ctx.core, actor, { group })) continue;
        ids.groups[path] = group.id;
        groups[group.id] = group.full_path;
      }
      for (const path of projectPaths) {
        const project = projectByRef(ctx.core, path);
        if (!project || !canSee(ctx.core, actor, { project })) continue;
        ids.projects[path] = project.id;
        projects[project.id] = projectFullPath(ctx.core, project);
      }
      return { users, groups, projects, ids };
    },
  },
]);
