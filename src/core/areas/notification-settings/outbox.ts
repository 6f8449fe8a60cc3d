// The notification outbox. The instance delivers no email; instead, for the events it raises
// itself (a release created, a project moved) it records which users the settings would have
// notified, so an administrator can check a configuration before it matters.
//
// Recipients are the project's members (direct or through its groups), never the user who acted,
// never blocked users. The effective level is the project setting, else the nearest group
// setting that is not `global`, else the global setting. `new_release` reaches `watch` and
// `custom` with the event on; `moved_project` concerns everyone on the team, so it reaches
// every level but `disabled` and `mention`, and `custom` unless the event is turned off.
import type { ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { ancestorIds } from '../../auth/access.js';
import { isoDate } from '../../clock.js';
import { placeholders } from '../../db/sql.js';
import { settingOf, storedEvents, type NotificationRow } from './store.js';

export type OutboxEvent = 'new_release' | 'moved_project';

function effectiveSetting(core: CoreState, userId: number, project: ProjectRow, groups: number[]): NotificationRow {
  const own = settingOf(core, userId, 'project', project.id);
  if (own.level !== 'global') return own;
  for (const id of groups) {
    const group = settingOf(core, userId, 'namespace', id);
    if (group.level !== 'global') return group;
  }
  return settingOf(core, userId, 'global', 0);
}

function wants(event: OutboxEvent, setting: NotificationRow): boolean {
  const chosen = setting.level === 'custom' ? storedEvents(setting).get(event) : undefined;
  if (event === 'new_release') return setting.level === 'watch' || (setting.level === 'custom' && chosen === true);
  if (setting.level === 'disabled' || setting.level === 'mention') return false;
  return setting.level !== 'custom' || chosen !== false;
}

function teamOf(core: CoreState, project: ProjectRow, groups: number[]): UserRow[] {
  const today = isoDate(core.clock.now());
  const sources = groups.length > 0 ? ` OR (m.source_type = 'namespace' AND m.source_id IN (${placeholders(groups.length)}))` : '';
  const users = core.db
    .prepare(
      `SELECT DISTINCT u.* FROM members m JOIN users u ON u.id = m.user_id
       WHERE ((m.source_type = 'project' AND m.source_id = ?)${sources})
         AND (m.expires_at IS NULL OR m.expires_at >= ?) AND u.state = 'active'
       ORDER BY u.id`,
    )
    .all(project.id, ...groups, today) as UserRow[];
  const ns = core.db.prepare("SELECT owner_id FROM namespaces WHERE id = ? AND kind = 'user'").get(project.namespace_id) as { owner_id: number } | undefined;
  if (ns && !users.some((u) => u.id === ns.owner_id)) {
    const owner = core.db.prepare("SELECT * FROM users WHERE id = ? AND state = 'active'").get(ns.owner_id) as UserRow | undefined;
    if (owner) users.push(owner);
  }
  return users;
}

/** Records who would be notified of `event` on `project`; `subject` names what happened. */
export function recordNotification(core: CoreState, event: OutboxEvent, project: ProjectRow, actor: UserRow | null, subject: string): void {
  const ns = core.db.prepare('SELECT full_path, kind FROM namespaces WHERE id = ?').get(project.namespace_id) as { full_path: string; kind: string };
  const groups = ns.kind === 'group' ? ancestorIds(core, project.namespace_id) : [];
  const path = `${ns.full_path}/${project.path}`;
  const insert = core.db.prepare(
    'INSERT INTO notification_outbox (event, user_id, project_id, project_path, actor_id, subject, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const now = core.nowIso();
  for (const user of teamOf(core, project, groups)) {
    if (actor && user.id === actor.id) continue;
    if (wants(event, effectiveSetting(core, user.id, project, groups))) insert.run(event, user.id, project.id, path, actor?.id ?? null, subject, now);
  }
}
