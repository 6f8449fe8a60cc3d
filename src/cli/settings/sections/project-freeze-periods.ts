// Deploy freeze periods of a project: a list whose items are known by the whole window (start
// cron, end cron, time zone), so a changed window is one period removed (with --prune) and one
// created. Crons are compared by meaning (`fri` is `5`, a step of 1 is `*`, `1-3` is `1,2,3`), so a file
// and a server that spell one window differently show no drift. Crons and zones are checked with
// the rules the server applies, before any request.
import { createRequire } from 'node:module';
import { canonicalCron, cronProblem, isTimeZone, type CronModule } from '../../../shared/freeze-windows.js';
import { planList } from '../plan-list.js';
import { child, type Locator, type SettingsSection } from '../section.js';
import { containerPath, fail, list, record, text } from './project-shared.js';

export interface FreezeWindowSpec {
  freeze_start: string;
  freeze_end: string;
  cron_timezone: string;
}

interface FreezePeriodJson extends FreezeWindowSpec {
  id: number;
}

const FIELDS = ['freeze_start', 'freeze_end', 'cron_timezone'] as const;

/** Blanks collapsed, as the server compares nothing else: `0  23 * * 5` is `0 23 * * 5`. */
const squeeze = (s: string): string => s.trim().replace(/\s+/g, ' ');

/** A period as the plan shows it: its crons as written. */
export const windowKey = (w: FreezeWindowSpec): string => `${squeeze(w.freeze_start)} → ${squeeze(w.freeze_end)} (${w.cron_timezone.trim()})`;

let cron: CronModule | undefined;
// Loaded on first use (a file without freeze periods never pays for it); synchronous because a
// section's check of its value is.
const cronLib = (): CronModule => (cron ??= createRequire(import.meta.url)('cron-parser') as CronModule);

// A file for hundreds of projects repeats the same few windows: each expression and zone is
// checked once (a cron check costs about a millisecond, a zone check builds a formatter).
const cronChecked = new Map<string, boolean>();
const zoneChecked = new Map<string, boolean>();
const cronOk = (expr: string): boolean => cronChecked.get(expr) ?? (cronChecked.set(expr, !cronProblem(cronLib(), expr)).get(expr) as boolean);
const zoneOk = (zone: string): boolean => zoneChecked.get(zone) ?? (zoneChecked.set(zone, isTimeZone(zone)).get(zone) as boolean);
const canonical = new Map<string, string>();
const meaningOf = (expr: string): string => canonical.get(expr) ?? (canonical.set(expr, canonicalCron(cronLib(), expr)).get(expr) as string);

/** The natural identity of a period: what its crons mean, and its zone. */
export const sameWindow = (w: FreezeWindowSpec): string => `${meaningOf(w.freeze_start)} → ${meaningOf(w.freeze_end)} (${w.cron_timezone.trim()})`;

function parseWindow(value: unknown, at: Locator): FreezeWindowSpec {
  const v = record(value, at, 'a freeze period', FIELDS);
  if (v.freeze_start === undefined) fail(at, 'a freeze period needs freeze_start (a cron expression)');
  if (v.freeze_end === undefined) fail(at, 'a freeze period needs freeze_end (a cron expression)');
  const out = {} as FreezeWindowSpec;
  for (const field of ['freeze_start', 'freeze_end'] as const) {
    const expr = text(v[field], child(at, field), field);
    if (!cronOk(expr)) fail(child(at, field), `${field} is not a cron expression the server accepts: "${expr}" (five fields: minute hour day-of-month month day-of-week)`);
    out[field] = squeeze(expr);
  }
  const zone = v.cron_timezone === undefined ? 'UTC' : text(v.cron_timezone, child(at, 'cron_timezone'), 'cron_timezone');
  if (!zoneOk(zone)) fail(child(at, 'cron_timezone'), `cron_timezone is not a time zone: "${zone}" (an IANA name such as Europe/Berlin or UTC)`);
  out.cron_timezone = zone;
  return out;
}

const fields = (w: FreezeWindowSpec) => ({ freeze_start: w.freeze_start, freeze_end: w.freeze_end, cron_timezone: w.cron_timezone });

export const freezePeriodsSection: SettingsSection<FreezeWindowSpec[], FreezePeriodJson[]> = {
  name: 'freeze_periods',
  summary: 'deploy freeze periods of a project (cron start and end in a time zone)',
  scopes: ['project'],
  order: 50,
  endpoint: 'freeze_periods',
  schema: {
    type: 'array',
    description: 'Deploy freeze periods, known by their window: start and end cron and time zone',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['freeze_start', 'freeze_end'],
      properties: {
        freeze_start: { type: 'string', description: 'cron expression: when each freeze begins' },
        freeze_end: { type: 'string', description: 'cron expression: when each freeze ends' },
        cron_timezone: { type: 'string', description: 'IANA time zone of the crons (default UTC)' },
      },
    },
  },

  parse(value, at) {
    const seen = new Set<string>();
    return list(value, at, 'freeze_periods').map((item, i) => {
      const w = parseWindow(item, child(at, i));
      if (seen.has(sameWindow(w))) fail(child(at, i), `freeze period ${windowKey(w)} is declared twice (crons are compared by what they mean)`);
      seen.add(sameWindow(w));
      return w;
    });
  },

  references: () => ({}),

  read: (ctx, target) => ctx.reads.list<FreezePeriodJson>(`${containerPath(target)}/freeze_periods`),

  // Every field is part of the identity: a period is there or not, never updated. A period found
  // by meaning whose text differs (`fri` for `5`) is unchanged; the plan shows each as written.
  plan(d, c, opts) {
    const planned = planList(d, c, { desired: sameWindow, current: sameWindow }, { desired: fields, current: fields }, opts.prune);
    const changes = planned.changes.filter((ch) => ch.op !== 'update').map((ch) => ({ ...ch, key: windowKey((ch.payload.desired ?? ch.payload.current) as FreezeWindowSpec) }));
    return { changes, unchanged: planned.unchanged + planned.changes.length - changes.length };
  },

  async apply(ctx, change) {
    const { desired, current } = change.payload as { desired?: FreezeWindowSpec; current?: FreezePeriodJson };
    const base = `${containerPath(change.target)}/freeze_periods`;
    if (change.op === 'create' && desired) await ctx.client.post(base, fields(desired));
    else if (change.op === 'delete' && current) await ctx.client.delete(`${base}/${current.id}`);
  },

  export: (c) => c.map(fields),
};
