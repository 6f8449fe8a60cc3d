// Deploy freeze windows from a pair of cron expressions in a time zone: the syntax the platform
// accepts (checked with the cron library the caller passes in, so this module imports nothing),
// IANA zone names, whether a time falls inside a window, and the next windows of a period.
// A window opens at an occurrence of `freeze_start` and closes at the next `freeze_end`; a time
// is frozen when the most recent start is later than the most recent end.
import type * as CronLib from 'cron-parser';

export type CronModule = typeof CronLib;

export interface FreezeRule {
  freeze_start: string;
  freeze_end: string;
  cron_timezone: string;
}

export interface FreezeWindow {
  start: Date;
  end: Date;
}

// The named schedules the platform's parser knows; others (`@weekdays`, `@secondly`) are not cron there.
const NAMED: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** The expression with surrounding blanks removed and named schedules spelled out. */
export function normaliseCron(expression: string): string {
  const trimmed = expression.trim().replace(/\s+/g, ' ');
  return NAMED[trimmed.toLowerCase()] ?? trimmed;
}

/**
 * One text per meaning of an expression, to compare two crons: names and numbers (`fri`, `5`),
 * steps and lists (a step of 1 and `*`, `0,15,30,45` and a step of 15), ranges (`1-3` and `1,2,3`),
 * Sunday as 0 or 7, and five fields or six with seconds 0 all read alike. An expression the library cannot
 * read stays as written (blanks collapsed).
 */
export function canonicalCron(lib: CronModule, expression: string): string {
  const text = normaliseCron(expression);
  try {
    return lib.CronExpressionParser.parse(text, { tz: 'UTC', currentDate: new Date(Date.UTC(2000, 0, 1)) }).stringify(true);
  } catch {
    return text;
  }
}

/**
 * Why an expression is not a cron the platform accepts, or undefined. Five fields (six with
 * seconds first), numbers, names (`sun`, `jan`), ranges, lists, steps, `L` and `#`; the hash
 * (`H`) and `?` forms of other schedulers are refused.
 */
export function cronProblem(lib: CronModule, expression: string): string | undefined {
  const text = normaliseCron(expression);
  if (text === '' || text.length > 255) return 'syntax is invalid';
  const fields = text.split(' ');
  if (fields.length < 5 || fields.length > 6) return 'syntax is invalid';
  if (/[H?]/.test(text)) return 'syntax is invalid';
  try {
    const parsed = lib.CronExpressionParser.parse(text, { tz: 'UTC', currentDate: new Date(Date.UTC(2000, 0, 1)) });
    parsed.next();
    return undefined;
  } catch {
    return 'syntax is invalid';
  }
}

const zoneNames = (() => {
  let names: Map<string, string> | undefined;
  return (): Map<string, string> => {
    if (!names) {
      names = new Map();
      const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
      for (const z of intl.supportedValuesOf?.('timeZone') ?? []) names.set(z.toLowerCase(), z);
      names.set('utc', 'UTC');
    }
    return names;
  };
})();

/**
 * Whether `zone` names a zone of the IANA database as spelled there (`Europe/Berlin`, `UTC`,
 * `US/Pacific`), checked through Intl. Offsets (`+01:00`) and wrong letter case are refused.
 */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  const canonical = zoneNames().get(zone.toLowerCase());
  return canonical === undefined || canonical === zone;
}

/** Every zone name Intl knows, for pickers. */
export function timeZoneNames(): string[] {
  return [...new Set(zoneNames().values())].sort();
}

function occurrence(lib: CronModule, expression: string, zone: string, at: Date, direction: 'next' | 'prev'): Date | null {
  try {
    const parsed = lib.CronExpressionParser.parse(normaliseCron(expression), { tz: zone, currentDate: at });
    return direction === 'next' ? parsed.next().toDate() : parsed.prev().toDate();
  } catch {
    return null;
  }
}

/** The window of `rule` that contains `at` (start inclusive, end exclusive), or null. */
export function windowAt(lib: CronModule, rule: FreezeRule, at: Date): FreezeWindow | null {
  // The cron library looks strictly before its current date; one millisecond later includes `at`.
  const probe = new Date(at.getTime() + 1);
  const lastStart = occurrence(lib, rule.freeze_start, rule.cron_timezone, probe, 'prev');
  if (!lastStart) return null;
  const lastEnd = occurrence(lib, rule.freeze_end, rule.cron_timezone, probe, 'prev');
  if (lastEnd && lastEnd.getTime() >= lastStart.getTime()) return null;
  const end = occurrence(lib, rule.freeze_end, rule.cron_timezone, at, 'next');
  if (!end) return null;
  return { start: lastStart, end };
}

/** The next `count` windows of `rule` that end after `from` (a window in progress first). */
export function nextWindows(lib: CronModule, rule: FreezeRule, from: Date, count: number): FreezeWindow[] {
  const out: FreezeWindow[] = [];
  const current = windowAt(lib, rule, from);
  if (current) out.push(current);
  let cursor = current ? current.end : from;
  while (out.length < count) {
    const start = occurrence(lib, rule.freeze_start, rule.cron_timezone, cursor, 'next');
    if (!start) break;
    const end = occurrence(lib, rule.freeze_end, rule.cron_timezone, start, 'next');
    if (!end) break;
    out.push({ start, end });
    cursor = end;
  }
  return out;
}

/** Whether two windows share any instant. */
export const windowsOverlap = (a: FreezeWindow, b: FreezeWindow): boolean => a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();

/** The calendar fields of an instant in a zone (24-hour clock), by part type. */
function zoneParts(at: Date, zone: string, extra: Intl.DateTimeFormatOptions): (type: string) => string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...extra,
  }).formatToParts(at);
  return (type) => parts.find((p) => p.type === type)?.value ?? '';
}

/** `2026-03-27 23:00 CET` style text of an instant in a zone. */
export function formatInZone(at: Date, zone: string): string {
  const get = zoneParts(at, zone, { weekday: 'short', timeZoneName: 'short' });
  return `${get('weekday')} ${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')} ${get('timeZoneName')}`;
}

/** ISO 8601 with the zone's offset at that instant (`2026-03-27T23:00:00+01:00`). */
export function isoInZone(at: Date, zone: string): string {
  const field = zoneParts(at, zone, { second: '2-digit' });
  const get = (type: string) => Number(field(type) || '0');
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  const offsetMin = Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
  const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
  const offset = offsetMin === 0 ? 'Z' : `${offsetMin < 0 ? '-' : '+'}${pad(Math.trunc(offsetMin / 60))}:${pad(offsetMin % 60)}`;
  const p2 = (n: number) => String(n).padStart(2, '0');
  return `${get('year')}-${p2(get('month'))}-${p2(get('day'))}T${p2(get('hour'))}:${p2(get('minute'))}:${p2(get('second'))}${offset}`;
}
