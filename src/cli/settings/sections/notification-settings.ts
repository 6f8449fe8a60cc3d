// notification_settings: the caller's own setting, global (top of the file), for a group or for a
// project. `level`, and with level custom the events to be notified of; at the top of the file
// also `notification_email` (one of the caller's verified addresses, compared without case). The
// setting always exists, so a change is always an update; prune has nothing to remove.
import { ALL_EVENTS, NOTIFICATION_LEVELS, type NotificationLevel } from '../../../shared/notification-events.js';
import { expectBoolean, expectEnum, expectMap, expectString, onlyKeys } from '../check.js';
import { diffFields } from '../plan-list.js';
import { child, SettingsFileError, type Scope, type SettingsSection, type Target } from '../section.js';

export interface NotificationSetting {
  level?: NotificationLevel;
  events?: Record<string, boolean>;
  /** Global only: where notifications go. */
  notification_email?: string;
}

const EMAIL = /^[^@\s]+@[^@\s]+$/;

const pathOf = (t: Target) => (t.scope === 'global' ? '/notification_settings' : `/${t.scope === 'group' ? 'groups' : 'projects'}/${t.id as number}/notification_settings`);

const flat = (s: NotificationSetting): Record<string, unknown> => ({
  ...(s.level !== undefined ? { level: s.level } : {}),
  ...(s.notification_email !== undefined ? { notification_email: s.notification_email } : {}),
  ...Object.fromEntries(Object.entries(s.events ?? {}).map(([e, v]) => [`events.${e}`, v])),
});

/** The schema where the section sits: the address only at the top of the file (your global setting). */
function schemaAt(scope: Scope): Record<string, unknown> {
  return {
    type: 'object',
    description: scope === 'global' ? 'Your global notification setting: level, the address notifications go to, and events with level custom' : "The caller's own notification setting for this group or project",
    additionalProperties: false,
    properties: {
      level: { enum: [...NOTIFICATION_LEVELS] },
      ...(scope === 'global' ? { notification_email: { type: 'string', format: 'email', description: 'where notifications go: one of your verified addresses' } } : {}),
      events: { type: 'object', description: 'Events to be notified of (with level custom)', additionalProperties: false, properties: Object.fromEntries(ALL_EVENTS.map((e) => [e, { type: 'boolean' }])) },
    },
  };
}

export const notificationSettingsSection: SettingsSection<NotificationSetting, NotificationSetting> = {
  name: 'notification_settings',
  scopes: ['global', 'group', 'project'],
  order: 20,
  endpoint: 'notification_settings',
  summary: 'Your own notification setting: level, and events with level custom',
  schema: schemaAt('group'),
  schemaAt,
  parse(value, at, scope) {
    const map = expectMap(value, at, 'notification_settings');
    onlyKeys(map, at, scope === 'global' ? ['level', 'notification_email', 'events'] : ['level', 'events']);
    const out: NotificationSetting = {};
    if (map.level !== undefined) out.level = expectEnum(map.level, child(at, 'level'), 'level', NOTIFICATION_LEVELS);
    if (map.notification_email !== undefined) {
      const email = expectString(map.notification_email, child(at, 'notification_email'), 'notification_email').trim();
      if (!EMAIL.test(email)) throw new SettingsFileError(child(at, 'notification_email'), `notification_email must be an email address (one you have verified), got ${JSON.stringify(email)}`);
      out.notification_email = email;
    }
    if (map.events !== undefined) {
      const eat = child(at, 'events');
      if (out.level !== 'custom') throw new SettingsFileError(eat, 'events count only with level: custom; add it (or remove events)', true);
      const events = expectMap(map.events, eat, 'events');
      onlyKeys(events, eat, ALL_EVENTS, 'event');
      out.events = Object.fromEntries(Object.entries(events).map(([e, v]) => [e, expectBoolean(v, child(eat, e), e)]));
    }
    return out;
  },
  references: () => ({}),
  async read(ctx, target) {
    const data = await ctx.reads.get<{ level: NotificationLevel; events?: Record<string, boolean>; notification_email?: string | null }>(pathOf(target));
    // An event never chosen reads as null: it is not a choice the file can hold.
    const events = Object.fromEntries(Object.entries(data.events ?? {}).filter(([, v]) => typeof v === 'boolean'));
    return { level: data.level, ...(data.events ? { events } : {}), ...(target.scope === 'global' && typeof data.notification_email === 'string' ? { notification_email: data.notification_email } : {}) };
  },
  plan(d, c) {
    // An address differs only when it differs in more than case (the server stores it as verified).
    const current = c.notification_email !== undefined && d.notification_email?.toLowerCase() === c.notification_email.toLowerCase() ? { ...c, notification_email: d.notification_email } : c;
    const fields = diffFields(flat(current), flat(d));
    return fields.length ? { changes: [{ op: 'update', key: 'setting', fields, payload: d }], unchanged: 0 } : { changes: [], unchanged: 1 };
  },
  async apply(ctx, change) {
    const d = change.payload as NotificationSetting;
    await ctx.client.put(pathOf(change.target), { ...(d.level !== undefined ? { level: d.level } : {}), ...(d.notification_email !== undefined ? { notification_email: d.notification_email } : {}), ...(d.events ?? {}) });
  },
  export(c, _ctx, target) {
    // A group's or project's setting at level global only defers to the global one: nothing to write.
    if (target.scope !== 'global' && c.level === 'global') return undefined;
    return { level: c.level, ...(target.scope === 'global' && c.notification_email ? { notification_email: c.notification_email } : {}), ...(c.level === 'custom' && c.events ? { events: c.events } : {}) };
  },
};
