// Whether a project is inside a deploy freeze window now (or at --at), computed here from each
// period's cron expressions in its own time zone, so it answers the same against any instance.
// Exit 0 when deploys may go ahead, FROZEN_EXIT when frozen: a deploy script can gate on it.
import { nowFromEnv } from '../../../shared/dates.js';
import type { VerbSpec } from '../../kit/verb.js';
import { EXIT, UsageError } from '../../kit/errors.js';
import { parseIsoTime } from '../../kit/project-option.js';
import { FROZEN_EXIT, addProjectOption, periodsPath, projectRef, type FreezePeriodJson, type ProjectOpts } from './shared.js';

interface StatusOpts extends ProjectOpts {
  at?: string;
}

/** --at as an instant; a time without a zone is UTC, as the API reads times. */
function atTime(value: string): Date {
  const text = parseIsoTime(value, '--at').replace(' ', 'T');
  return new Date(/T/.test(text) && !/(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? `${text}Z` : text);
}

export const statusVerb: VerbSpec<StatusOpts> = {
  name: 'status',
  summary: `Is the project in a deploy freeze now (or at --at)? Exit ${EXIT.ok} when not frozen, ${FROZEN_EXIT} when frozen`,
  examples: [
    'hostctl freeze-periods status -R acme/web/storefront',
    'hostctl freeze-periods status -R 5 --at 2026-12-24T10:00:00+01:00 -o json',
    'hostctl freeze-periods status -R acme/web/storefront && ./deploy.sh   # deploys only when not frozen',
  ],
  options: (cmd) =>
    addProjectOption(cmd)
      .option('--at <time>', 'ask about this time instead of now (ISO 8601, e.g. 2026-12-24T10:00:00+01:00; no zone means UTC)')
      .addHelpText(
        'after',
        `\nExit status:\n  ${EXIT.ok}   not frozen: deploys may go ahead\n  ${FROZEN_EXIT}  frozen: inside a freeze window (which period and when it ends are printed)\n  other codes as for every command (see hostctl --help)\n`,
      ),
  async run(cli, _args, o) {
    const project = projectRef(o);
    const at = o.at === undefined ? nowFromEnv(cli.env) : atTime(o.at);
    if (Number.isNaN(at.getTime())) throw new UsageError(`--at is not a time: "${o.at ?? ''}"`);
    const api = await cli.client();
    const periods: FreezePeriodJson[] = [];
    for await (const p of api.paginate<FreezePeriodJson>(periodsPath(project), { per_page: 100 })) periods.push(p);
    const [lib, windows] = await Promise.all([import('cron-parser'), import('../../../shared/freeze-windows.js')]);
    const active = periods
      .map((p) => ({ period: p, window: windows.windowAt(lib, p, at) }))
      .filter((x): x is { period: FreezePeriodJson; window: { start: Date; end: Date } } => x.window !== null)
      // The freeze lasts until the last of the overlapping windows ends.
      .sort((a, b) => b.window.end.getTime() - a.window.end.getTime());
    const first = active[0];
    const result: Record<string, unknown> = {
      frozen: first !== undefined,
      at: at.toISOString(),
      freeze_period_id: first?.period.id ?? null,
      freeze_start: first?.period.freeze_start ?? null,
      freeze_end: first?.period.freeze_end ?? null,
      cron_timezone: first?.period.cron_timezone ?? null,
      started_at: first ? windows.isoInZone(first.window.start, first.period.cron_timezone) : null,
      ends_at: first ? windows.isoInZone(first.window.end, first.period.cron_timezone) : null,
      active_period_ids: active.map((a) => a.period.id),
    };
    if (cli.globals.output === 'table' && !cli.globals.fields) {
      if (first) {
        cli.print(
          `frozen: period ${first.period.id} (${first.period.freeze_start} → ${first.period.freeze_end}, ${first.period.cron_timezone})\n` +
            `  since ${windows.formatInZone(first.window.start, first.period.cron_timezone)}\n` +
            `  until ${windows.formatInZone(first.window.end, first.period.cron_timezone)}\n`,
        );
      } else {
        cli.print(`not frozen at ${at.toISOString()} (${periods.length} freeze period${periods.length === 1 ? '' : 's'})\n`);
      }
    } else {
      await cli.showItem(result);
    }
    if (first) process.exitCode = FROZEN_EXIT;
  },
};
