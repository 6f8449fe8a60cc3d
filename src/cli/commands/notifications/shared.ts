// Notification settings are the caller's own: global by default, or for a group (-g/--group)
// or a project (-R/--project). Every setting takes every event name (the specification's 21).
import { Option, type Command } from 'commander';
import { CliOption } from '../../kit/cli-command.js';
import { ALL_EVENTS, NOTIFICATION_LEVELS, type NotificationScope } from '../../../shared/notification-events.js';
import type { Column } from '../../render/output.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath, idOrPath } from '../../kit/refs.js';

export interface ScopeOpts {
  project?: string;
  group?: string;
}

export interface Scope {
  scope: NotificationScope;
  path: string;
  label: string;
}

export const addScopeOptions = (cmd: Command): Command =>
  cmd.option('-R, --project <project>', 'the setting for this project (id or full path)').option('-g, --group <group>', 'the setting for this group (id or full path)');

export function scopeOf(o: ScopeOpts): Scope {
  if (o.project !== undefined && o.group !== undefined) throw new UsageError('--project and --group exclude each other');
  if (o.project !== undefined) {
    const id = idOrPath(o.project, '--project');
    return { scope: 'project', path: apiPath('/projects/:id/notification_settings', { id }), label: `project ${id}` };
  }
  if (o.group !== undefined) {
    const id = idOrPath(o.group, '--group');
    return { scope: 'group', path: apiPath('/groups/:id/notification_settings', { id }), label: `group ${id}` };
  }
  return { scope: 'global', path: '/notification_settings', label: 'global' };
}

/** `--on`/`--off`: comma-separated or repeated event names, completed by the shell. */
export function eventOption(flags: string, description: string): Option {
  const option = new CliOption(flags, description).argParser((value: string, previous: string[] = []) => {
    const names = value.split(',').map((s) => s.trim()).filter(Boolean);
    for (const name of names) {
      if (!(ALL_EVENTS as readonly string[]).includes(name)) throw new UsageError(`${flags.split(' ')[0]}: unknown event "${name}"; events are ${ALL_EVENTS.join(', ')}`);
    }
    return [...previous, ...names];
  });
  // Listed for help and shell completion; the parser above checks each name of a list.
  option.argChoices = [...ALL_EVENTS];
  return option;
}

export const levelOption = (): Option => new CliOption('--level <level>', 'notification level').choices([...NOTIFICATION_LEVELS]);

const listOf = (row: Record<string, unknown>, value: boolean | null) => {
  const events = row.events as Record<string, boolean | null> | undefined;
  if (!events) return '';
  return Object.entries(events)
    .filter(([, v]) => v === value)
    .map(([k]) => k)
    .join(', ');
};

export const SETTING_COLUMNS: Column[] = [
  { key: 'level' },
  { key: 'notification_email', header: 'email' },
  { key: 'events_on', header: 'on', get: (row) => listOf(row, true) },
  { key: 'events_off', header: 'off', get: (row) => listOf(row, false) },
];

/** The rows a setting shows: the email only globally, events only where the setting has them (custom level). */
export const settingColumns = (scope: Scope['scope'], data: Record<string, unknown>): Column[] =>
  SETTING_COLUMNS.filter((c) => (scope === 'global' || c.key !== 'notification_email') && (data.events !== undefined || !c.key.startsWith('events_')));
