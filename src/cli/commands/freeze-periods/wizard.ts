// The guided setup of `freeze-periods create` on a terminal: a preset (or custom), start and end
// cron checked as they are typed, a searchable time-zone picker that starts at the system zone,
// a preview of the next five windows in local time with any overlap with the project's existing
// periods, and a confirmation. Prompts write to stderr; loaded only when the wizard runs.
import type { PathValue } from '../../../shared/path.js';
import { nowFromEnv } from '../../../shared/dates.js';
import type { FreezeRule, FreezeWindow } from '../../../shared/freeze-windows.js';
import type { Cli } from '../../kit/verb.js';
import { periodsPath, type FreezePeriodJson } from './shared.js';

interface Preset {
  name: string;
  start: string;
  end: string;
}

export const PRESETS: Preset[] = [
  { name: 'Every weekend (Friday 23:00 to Monday 07:00)', start: '0 23 * * fri', end: '0 7 * * mon' },
  { name: 'Nightly (22:00 to 06:00)', start: '0 22 * * *', end: '0 6 * * *' },
  { name: 'End-of-year holidays (23 December to 2 January)', start: '0 0 23 12 *', end: '0 0 2 1 *' },
];

const PREVIEW_COUNT = 5;
const EXISTING_WINDOWS = 1000;

export async function freezeWizard(cli: Cli, project: PathValue, given: { start?: string; end?: string; timezone?: string }): Promise<FreezeRule> {
  const prompts = await cli.prompts('--start and --end');
  const [lib, windows] = await Promise.all([import('cron-parser'), import('../../../shared/freeze-windows.js')]);
  const context = { output: process.stderr };
  // Shown as the expression is typed: whether it is a cron expression yet.
  const liveMark = (value: string, { isFinal }: { isFinal: boolean }) => (isFinal || value.trim() === '' ? value : `${value}  ${windows.cronProblem(lib, value) ? '✗ not valid yet' : '✓'}`);
  const cronCheck = (value: string) => (windows.cronProblem(lib, value) ? 'not a cron expression: five fields, minute hour day-of-month month day-of-week (e.g. 0 23 * * fri)' : true);

  let preset: Preset | undefined;
  if (given.start === undefined || given.end === undefined) {
    const choice = await prompts.select<number>(
      {
        message: 'When should deploys be frozen?',
        choices: [...PRESETS.map((p, i) => ({ value: i, name: p.name, description: `${p.start} → ${p.end}` })), { value: -1, name: 'Custom (type cron expressions)' }],
      },
      context,
    );
    preset = PRESETS[choice];
  }
  const start =
    given.start ??
    (await prompts.input({ message: 'Freeze starts at (cron)', default: preset?.start ?? '0 23 * * fri', validate: cronCheck, transformer: liveMark }, context)).trim();
  const end = given.end ?? (await prompts.input({ message: 'Freeze ends at (cron)', default: preset?.end ?? '0 7 * * mon', validate: cronCheck, transformer: liveMark }, context)).trim();

  const systemZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const zones = windows.timeZoneNames();
  const timezone =
    given.timezone ??
    (await prompts.search<string>(
      {
        message: `Time zone of the cron fields (type to search; system zone ${systemZone})`,
        pageSize: 10,
        source: (term) => {
          const wanted = (term ?? '').trim().toLowerCase().replace(/\s+/g, '_');
          const hits = wanted === '' ? zones : zones.filter((z) => z.toLowerCase().includes(wanted));
          const ordered = hits.includes(systemZone) ? [systemZone, ...hits.filter((z) => z !== systemZone)] : hits;
          return ordered.map((z) => ({ value: z, name: z === systemZone ? `${z} (system)` : z }));
        },
      },
      context,
    ));

  const rule: FreezeRule = { freeze_start: start, freeze_end: end, cron_timezone: timezone };
  const now = nowFromEnv(cli.env);
  const upcoming = windows.nextWindows(lib, rule, now, PREVIEW_COUNT);
  const lines = [`Next ${upcoming.length} freeze windows (${timezone}${timezone === systemZone ? '' : `; your time ${systemZone}`}):`];
  const both = (at: Date) => windows.formatInZone(at, timezone) + (timezone === systemZone ? '' : ` (${windows.formatInZone(at, systemZone)})`);
  for (const w of upcoming) lines.push(`  ${both(w.start)}  →  ${both(w.end)}`);
  if (upcoming.length === 0) lines.push('  none: the end never follows the start');

  const existing = await existingPeriods(cli, project);
  // Enough windows of each existing period to cover the preview's span (an hourly period included).
  const overlaps = overlapsWith(existing, upcoming, (p) => windows.nextWindows(lib, p, now, EXISTING_WINDOWS), windows.windowsOverlap);
  if (overlaps.length === 0) lines.push(existing.length === 0 ? 'No other freeze periods in this project.' : `No overlap with the ${existing.length} existing freeze period(s).`);
  else for (const o of overlaps) lines.push(`Overlaps freeze period ${o.id} (${o.freeze_start} → ${o.freeze_end}, ${o.cron_timezone})`);
  cli.info(lines.join('\n'));

  await cli.confirmOnTerminal(`Create freeze period ${start} → ${end} (${timezone})?`);
  return rule;
}

async function existingPeriods(cli: Cli, project: PathValue): Promise<FreezePeriodJson[]> {
  const api = await cli.client();
  const out: FreezePeriodJson[] = [];
  for await (const p of api.paginate<FreezePeriodJson>(periodsPath(project), { per_page: 100 })) out.push(p);
  return out;
}

/** Existing periods with a window that shares time with one of the previewed windows. */
function overlapsWith(
  existing: FreezePeriodJson[],
  upcoming: FreezeWindow[],
  windowsOf: (p: FreezePeriodJson) => FreezeWindow[],
  overlap: (a: FreezeWindow, b: FreezeWindow) => boolean,
): FreezePeriodJson[] {
  const last = upcoming.at(-1);
  if (!last) return [];
  return existing.filter((p) => windowsOf(p).some((w) => w.start.getTime() < last.end.getTime() && upcoming.some((u) => overlap(u, w))));
}
