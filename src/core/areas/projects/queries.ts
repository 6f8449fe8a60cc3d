// SQL for project lists: which projects a viewer may see, and which they are authorized on
// (with their effective level: personal namespace, group membership inherited down the
// hierarchy, or direct project membership).
import type { NamespaceRow, ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { isoDate } from '../../clock.js';

/**
 * Common table expressions, bound with @uid and @today: `group_access(id, level)` — namespaces
 * the user reaches through group membership or owns as a personal namespace; `authorized(id,
 * level)` — projects the user is authorized on.
 */
export const ACCESS_CTES = `
  group_member(id, level) AS (
    SELECT source_id, access_level FROM members
     WHERE source_type = 'namespace' AND user_id = @uid AND (expires_at IS NULL OR expires_at >= @today)
    UNION ALL
    SELECT n.id, gm.level FROM namespaces n JOIN group_member gm ON n.parent_id = gm.id
  ),
  group_access(id, level) AS (
    SELECT id, MAX(level) FROM group_member GROUP BY id
    UNION ALL
    SELECT id, 50 FROM namespaces WHERE kind = 'user' AND owner_id = @uid
  ),
  authorized(id, level) AS (
    SELECT id, MAX(level) FROM (
      SELECT p.id AS id, ga.level AS level FROM group_access ga JOIN projects p ON p.namespace_id = ga.id
      UNION ALL
      SELECT source_id, access_level FROM members
       WHERE source_type = 'project' AND user_id = @uid AND (expires_at IS NULL OR expires_at >= @today)
    ) GROUP BY id
  )`;

export interface ViewerBinding {
  uid: number;
  today: string;
  external: number;
}

export const viewerBinding = (core: CoreState, viewer: UserRow | null): ViewerBinding => ({
  uid: viewer?.id ?? 0,
  today: isoDate(core.clock.now()),
  external: viewer?.external ?? 0,
});

/** The condition "p is visible to the viewer" (needs ACCESS_CTES when the viewer is a non-admin user). */
export function visibleProjectCondition(viewer: UserRow | null): string {
  if (!viewer) return "p.visibility = 'public'";
  if (viewer.is_admin === 1) return '1 = 1';
  return "(p.visibility = 'public' OR (p.visibility = 'internal' AND @external = 0) OR p.id IN (SELECT id FROM authorized))";
}

const namespaceStmt = new WeakMap<CoreState, (id: number) => NamespaceRow | undefined>();

/** Namespace by id (prepared once per core). */
export function namespaceById(core: CoreState, id: number): NamespaceRow | undefined {
  let get = namespaceStmt.get(core);
  if (!get) {
    const stmt = core.db.prepare('SELECT * FROM namespaces WHERE id = ?');
    get = (nid: number) => stmt.get(nid) as NamespaceRow | undefined;
    namespaceStmt.set(core, get);
  }
  return get(id);
}

export const projectById = (core: CoreState, id: number): ProjectRow | undefined =>
  core.db.prepare('SELECT * FROM projects WHERE id = ?').get(id) as ProjectRow | undefined;
