// notification_settings: the caller's own setting, global (top of the file), for a group or for a
// project. `level`, and with level custom the events to be notified of. The setting always
// exists, so a change is always an update; prune has nothing to remove.
import { ALL_EVENTS, NOTIFICATION_LEVELS, type NotificationLevel } from '../../../shared/notification-events.js';
import { expectBoolean, expectEnum, expectMap, onlyKeys } from '../check.js';
import { diffFields } from '../plan-list.js';
import { child, SettingsFileError, type SettingsSection, type Target } from '../section.js';

export interface NotificationSetting {
  level?: NotificationLevel;
  events?: Record<string, boolean>;
}

const pathOf = (t: Target) => (t.scope === 'global' ? '/notification_settings' : `/${t.scope === 'group' ? 'groups' : 'projects'}/${t.id as number}/notification_settings`);

const flat = (s: NotificationSetting): Record<string, unknown> => ({
  ...(s.level !== undefined ? { level: s.level } : {}),
  ...Object.fromEntries(Object.entries(s.events ?? {}).map(([e, v]) => [`events.${e}`, v])),
});

export const notificationSettingsSection: SettingsSection<NotificationSetting, NotificationSetting> = {
  name: 'notification_settings',
  scopes: ['global', 'group', 'project'],
  order: 20,
  endpoint: 'notification_settings',
  summary: 'Your own notification setting: level, and events with level custom',
  schema: {
    type: 'object',
    description: "The caller's own notification setting (global at the top of the file, or for a group or project)",
    additionalProperties: false,
    properties: {
      level: { enum: [...NOTIFICATION_LEVELS] },
      events: { type: 'object', description: 'Events to be notified of (with level custom)', additionalProperties: false, properties: Object.fromEntries(ALL_EVENTS.map((e) => [e, { type: 'boolean' }])) },
    },
  },
  parse(value, at) {
    const map = expectMap(value, at, 'notification_settings');
    onlyKeys(map, at, ['level', 'events']);
    const out: NotificationSetting = {};
    if (map.level !== undefined) out.level = expectEnum(map.level, child(at, 'level'), 'level', NOTIFICATION_LEVELS);
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
    const data = await ctx.reads.get<{ level: NotificationLevel; events?: Record<string, boolean> }>(pathOf(target));
    // An event never chosen reads as null: it is not a choice the file can hold.
    const events = Object.fromEntries(Object.entries(data.events ?? {}).filter(([, v]) => typeof v === 'boolean'));
    return { level: data.level, ...(data.events ? { events } : {}) };
  },
  plan(d, c) {
    const fields = diffFields(flat(c), flat(d));
    return fields.length ? { changes: [{ op: 'update', key: 'setting', fields, payload: d }], unchanged: 0 } : { changes: [], unchanged: 1 };
  },
  async apply(ctx, change) {
    const d = change.payload as NotificationSetting;
    await ctx.client.put(pathOf(change.target), { ...(d.level !== undefined ? { level: d.level } : {}), ...(d.events ?? {}) });
  },
  export(c, _ctx, target) {
    // A group's or project's setting at level global only defers to the global one: nothing to write.
    if (target.scope !== 'global' && c.level === 'global') return undefined;
    return { level: c.level, ...(c.level === 'custom' && c.events ? { events: c.events } : {}) };
  },
};
