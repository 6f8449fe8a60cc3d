// Notification settings: the caller's global setting, and per group and per project. `level`
// is one of six; with `custom` the answer carries `events`. Only the global setting has
// `notification_email` (one of the caller's verified addresses). Plus the outbox extension:
// who the instance would have notified of the events it raises itself.
import { defineRoutes, type RouteDef } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { failure, forbidden, validationError } from '../../http/errors.js';
import { cappedCount, paginate } from '../../http/pagination.js';
import { keptCount } from '../../db/list-counts.js';
import { idParam, type ParamDecl } from '../../http/params.js';
import { isAdmin } from '../../auth/policy.js';
import { tierAtLeast } from '../../instance.js';
import type { UserRow } from '../../db/rows.js';
import { findGroup, findProject } from '../../resources/find.js';
import { auditChanges } from '../../audit/subjects.js';
import { ALL_EVENTS, NOTIFICATION_LEVELS, eventsOf, type NotificationLevel } from '../../../shared/notification-events.js';
import { eventValues, notificationEmail, saveSetting, settingOf, storedEvents, verifiedEmails, type NotificationRow, type SourceType } from './store.js';

const levelParam: ParamDecl = { name: 'level', type: 'string' };

/** Every event key the updates accept: all 21 (epics whatever the tier; they are ignored below paid tiers). */
const eventParams = (): ParamDecl[] => ALL_EVENTS.map((name) => ({ name, type: 'boolean' }));

function present(ctx: RequestContext, row: NotificationRow, user?: UserRow): Record<string, unknown> {
  const out: Record<string, unknown> = { level: row.level };
  if (user) out.notification_email = notificationEmail(user, row);
  if (row.level === 'custom') out.events = eventValues(ctx.core, row);
  return out;
}

/** Applies `level` and event booleans of the request to `row`; an unknown level is the platform's 400. */
function applyChanges(ctx: RequestContext, row: NotificationRow): Map<string, boolean | null> {
  const level = ctx.params.level;
  if (typeof level === 'string') {
    if (!(NOTIFICATION_LEVELS as readonly string[]).includes(level)) throw failure(400, `'${level}' is not a valid level`);
    row.level = level as NotificationLevel;
  }
  const events = storedEvents(row);
  for (const key of eventsOf(tierAtLeast(ctx.core.settings.tier, 'premium'))) {
    const value = ctx.params[key];
    if (typeof value === 'boolean') events.set(key, value);
  }
  return events;
}

/** What a setting is for, as its events name it: `global`, or the group's or project's path. */
function sourceName(ctx: RequestContext, row: NotificationRow): string {
  if (row.source_type === 'global') return 'global';
  const path =
    row.source_type === 'namespace'
      ? (ctx.core.db.prepare('SELECT full_path AS path FROM namespaces WHERE id = ?').get(row.source_id) as { path: string } | undefined)
      : (ctx.core.db.prepare("SELECT n.full_path || '/' || p.path AS path FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE p.id = ?").get(row.source_id) as
          | { path: string }
          | undefined);
  return `${row.source_type === 'namespace' ? 'group' : 'project'} ${path?.path ?? row.source_id}`;
}

/**
 * Saves the setting and, in the same transaction, one event on the user per changed choice
 * (level, notification email, each event key); a PUT that changes nothing records nothing.
 */
function saveAudited(ctx: RequestContext, before: NotificationRow, after: NotificationRow, events: Map<string, boolean | null>): void {
  const values = (row: NotificationRow, chosen: Map<string, boolean | null>) => ({ level: row.level, notification_email: row.notification_email, ...Object.fromEntries(chosen) });
  const keys = ['level', 'notification_email', ...ALL_EVENTS];
  ctx.core.tx(() => {
    saveSetting(ctx.core, after, events);
    const target = { type: 'NotificationSetting', id: after.source_id, details: sourceName(ctx, after) };
    auditChanges(ctx.core, { entity: { type: 'User', id: after.user_id }, target }, 'notification_setting', values(before, storedEvents(before)), values(after, events), keys);
  });
}

function sourceOf(ctx: RequestContext, scope: 'group' | 'project'): { type: SourceType; id: number } {
  if (scope === 'group') return { type: 'namespace', id: findGroup(ctx).id };
  return { type: 'project', id: findProject(ctx).id };
}

const sourceRoutes = (scope: 'group' | 'project'): RouteDef[] => {
  const base = scope === 'group' ? '/groups/:id/notification_settings' : '/projects/:id/notification_settings';
  return [
    {
      method: 'GET',
      path: base,
      summary: `Get your notification setting for a ${scope}`,
      params: [idParam],
      handler: (ctx) => {
        const user = currentUser(ctx);
        const source = sourceOf(ctx, scope);
        return present(ctx, settingOf(ctx.core, user.id, source.type, source.id));
      },
    },
    {
      method: 'PUT',
      path: base,
      summary: `Change your notification setting for a ${scope}: level and event choices`,
      params: [idParam, levelParam, ...eventParams()],
      handler: (ctx) => {
        const user = currentUser(ctx);
        const source = sourceOf(ctx, scope);
        const row = settingOf(ctx.core, user.id, source.type, source.id);
        const before = { ...row };
        const events = applyChanges(ctx, row);
        saveAudited(ctx, before, row, events);
        return present(ctx, settingOf(ctx.core, user.id, source.type, source.id));
      },
    },
  ];
};

interface OutboxRow {
  id: number;
  event: string;
  user_id: number;
  username: string;
  project_id: number | null;
  project_path: string;
  actor_id: number | null;
  actor_username: string | null;
  subject: string;
  created_at: string;
}

export const notificationSettingRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/notification_settings',
    summary: 'Get your global notification setting and notification email',
    handler: (ctx) => {
      const user = currentUser(ctx);
      return present(ctx, settingOf(ctx.core, user.id, 'global', 0), user);
    },
  },
  {
    method: 'PUT',
    path: '/notification_settings',
    summary: 'Change your global notification setting: level, notification email (a verified address), event choices',
    params: [levelParam, { name: 'notification_email', type: 'string' }, ...eventParams()],
    handler: (ctx) => {
      const user = currentUser(ctx);
      const row = settingOf(ctx.core, user.id, 'global', 0);
      const before = { ...row };
      const events = applyChanges(ctx, row);
      const email = ctx.params.notification_email;
      if (typeof email === 'string') {
        if (email === '') row.notification_email = null;
        else {
          const match = verifiedEmails(user).find((e) => e.toLowerCase() === email.trim().toLowerCase());
          if (!match) throw validationError({ notification_email: ['must be an email you have verified'] });
          row.notification_email = match;
        }
      }
      saveAudited(ctx, before, row, events);
      return present(ctx, settingOf(ctx.core, user.id, 'global', 0), user);
    },
  },
  ...sourceRoutes('group'),
  ...sourceRoutes('project'),
  {
    method: 'GET',
    path: '/hostctl/notifications/outbox',
    summary: 'Who would have been notified of releases and project moves (your own entries; administrators see all)',
    paginated: true,
    params: [
      { name: 'event', type: 'string', values: ['new_release', 'moved_project'] },
      { name: 'project_id', type: 'integer' },
      { name: 'user_id', type: 'integer' },
    ],
    handler: (ctx) => {
      const user = currentUser(ctx);
      const where: string[] = [];
      const args: unknown[] = [];
      if (!isAdmin(user)) {
        if (ctx.params.user_id !== undefined && ctx.params.user_id !== user.id) throw forbidden();
        where.push('o.user_id = ?');
        args.push(user.id);
      } else if (typeof ctx.params.user_id === 'number') {
        where.push('o.user_id = ?');
        args.push(ctx.params.user_id);
      }
      if (typeof ctx.params.event === 'string') {
        where.push('o.event = ?');
        args.push(ctx.params.event);
      }
      if (typeof ctx.params.project_id === 'number') {
        where.push('o.project_id = ?');
        args.push(ctx.params.project_id);
      }
      const base = `SELECT o.*, u.username, a.username AS actor_username FROM notification_outbox o JOIN users u ON u.id = o.user_id
        LEFT JOIN users a ON a.id = o.actor_id${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
      return paginate(
        ctx,
        // Everyone's or one user's entries, unfiltered otherwise: the trigger-kept counts.
        (cap) =>
          ctx.params.event === undefined && ctx.params.project_id === undefined
            ? where.length === 0
              ? keptCount(ctx.core.db, 'outbox_all', [0], cap)
              : keptCount(ctx.core.db, 'outbox', [args[0] as number], cap)
            : (ctx.core.db.prepare(cappedCount(base, cap)).get(...args) as { n: number }).n,
        (limit, offset) =>
          (ctx.core.db.prepare(`${base} ORDER BY o.id DESC LIMIT ? OFFSET ?`).all(...args, limit, offset) as OutboxRow[]).map((r) => {
            const recipient = ctx.core.db.prepare('SELECT * FROM users WHERE id = ?').get(r.user_id) as UserRow;
            return {
              id: r.id,
              event: r.event,
              user_id: r.user_id,
              username: r.username,
              notification_email: notificationEmail(recipient, settingOf(ctx.core, r.user_id, 'global', 0)),
              project_id: r.project_id,
              project_path: r.project_path,
              actor_id: r.actor_id,
              actor_username: r.actor_username,
              subject: r.subject,
              created_at: r.created_at,
            };
          }),
      );
    },
  },
]);
