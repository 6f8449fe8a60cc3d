// Notification settings rows: one per user and source (the user's global setting has source
// `global`/0). A source nobody configured reads as its default (group/project `global`, the
// global setting `participating`); rows are written on the first change.
import type { UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { eventsOf, type NotificationLevel } from '../../../shared/notification-events.js';
import { tierAtLeast } from '../../instance.js';

export type SourceType = 'global' | 'namespace' | 'project';

export interface NotificationRow {
  user_id: number;
  source_type: SourceType;
  source_id: number;
  level: NotificationLevel;
  notification_email: string | null;
  /** JSON object of the event keys that were set. */
  events: string;
}

export function settingOf(core: CoreState, userId: number, type: SourceType, sourceId: number): NotificationRow {
  const row = core.db
    .prepare('SELECT user_id, source_type, source_id, level, notification_email, events FROM notification_settings WHERE user_id = ? AND source_type = ? AND source_id = ?')
    .get(userId, type, sourceId) as NotificationRow | undefined;
  return row ?? { user_id: userId, source_type: type, source_id: sourceId, level: type === 'global' ? 'participating' : 'global', notification_email: null, events: '{}' };
}

export function storedEvents(row: NotificationRow): Map<string, boolean | null> {
  const parsed = JSON.parse(row.events) as Record<string, unknown>;
  const out = new Map<string, boolean | null>();
  for (const [k, v] of Object.entries(parsed)) if (typeof v === 'boolean' || v === null) out.set(k, v);
  return out;
}

// Pipeline failures and fixes are on unless turned off.
const ON_WHEN_UNSET = new Set(['failed_pipeline', 'fixed_pipeline']);

/** The `events` object of a setting: every key of its scope, true, false or null. */
export function eventValues(core: CoreState, row: NotificationRow): Record<string, boolean | null> {
  const stored = storedEvents(row);
  const out: Record<string, boolean | null> = {};
  for (const key of eventsOf(tierAtLeast(core.settings.tier, 'premium'))) {
    const value = stored.get(key) ?? null;
    out[key] = value === null && ON_WHEN_UNSET.has(key) ? true : value;
  }
  return out;
}

export function saveSetting(core: CoreState, row: NotificationRow, events: Map<string, boolean | null>): void {
  const now = core.nowIso();
  const json = JSON.stringify(Object.fromEntries(events));
  core.db
    .prepare(
      `INSERT INTO notification_settings (user_id, source_type, source_id, level, notification_email, events, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (user_id, source_type, source_id) DO UPDATE SET level = excluded.level,
         notification_email = excluded.notification_email, events = excluded.events, updated_at = excluded.updated_at`,
    )
    .run(row.user_id, row.source_type, row.source_id, row.level, row.notification_email, json, now, now);
}

/** The address notifications go to: the chosen one, else the primary email. */
export const notificationEmail = (user: UserRow, global: NotificationRow): string => global.notification_email ?? user.email;

/**
 * Addresses a user has verified. Users here have one address (no secondary emails), verified
 * once confirmed; a commit email is not checked when set, so it does not count.
 */
export const verifiedEmails = (user: UserRow): string[] => (user.confirmed_at ? [user.email] : []);
