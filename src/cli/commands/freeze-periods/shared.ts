// Freeze periods live in a project (-R/--project) and are named by their integer id or by their
// start, the cron expression people recognise them by ('0 23 * * fri').
import type { Command } from 'commander';
import type { PathValue } from '../../../shared/path.js';
import type { Column } from '../../render/output.js';
import { EXIT, UsageError } from '../../kit/errors.js';
import type { ApiClient } from '../../../client/client.js';
import { apiPath, resolveNamed } from '../../kit/refs.js';

export { addProjectOption, projectRef, type ProjectOpts } from '../../kit/project-option.js';

/** Exit code of `freeze-periods status` when the project is inside a freeze window (none of the general codes). */
export const FROZEN_EXIT = EXIT.frozen;

export interface FreezePeriodJson {
  id: number;
  freeze_start: string;
  freeze_end: string;
  cron_timezone: string;
  created_at: string;
  updated_at: string;
}

export const FREEZE_COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'freeze_start', header: 'start' },
  { key: 'freeze_end', header: 'end' },
  { key: 'cron_timezone', header: 'time zone' },
  { key: 'created_at', header: 'created' },
];

export const FREEZE_FIELDS = ['id', 'freeze_start', 'freeze_end', 'cron_timezone', 'created_at', 'updated_at'];

const cronWords = (text: string) => text.trim().split(/\s+/).join(' ').toLowerCase();

/** A freeze period's id from its id or its start cron expression. */
export const periodId = (api: ApiClient, project: PathValue, value: string | undefined): Promise<number> =>
  resolveNamed<FreezePeriodJson>(api, {
    what: 'freeze period',
    arg: 'PERIOD',
    forms: "an id or the period's start as cron ('0 23 * * fri')",
    list: () => ({ path: periodsPath(project) }),
    matches: (row, typed) => cronWords(row.freeze_start) === cronWords(typed),
    describe: (row) => `${row.id} (${row.freeze_start} → ${row.freeze_end}, ${row.cron_timezone})`,
    listCommand: `hostctl freeze-periods list -R ${String(project)}`,
  }, value);

export const periodsPath = (project: PathValue): string => apiPath('/projects/:id/freeze_periods', { id: project });
export const periodPath = (project: PathValue, id: number): string => apiPath('/projects/:id/freeze_periods/:fid', { id: project, fid: id });

/** Cron and zone checks made before any request, with the rules the server applies. */
export async function checkRule(values: { start?: string; end?: string; timezone?: string }): Promise<void> {
  const [lib, windows] = await Promise.all([import('cron-parser'), import('../../../shared/freeze-windows.js')]);
  if (values.start !== undefined && windows.cronProblem(lib, values.start)) throw new UsageError(`--start is not a cron expression the server accepts: "${values.start}"`);
  if (values.end !== undefined && windows.cronProblem(lib, values.end)) throw new UsageError(`--end is not a cron expression the server accepts: "${values.end}"`);
  if (values.timezone !== undefined && !windows.isTimeZone(values.timezone)) throw new UsageError(`--timezone must be an IANA time zone such as Europe/Berlin, got "${values.timezone}"`);
}

export const ruleOptions = (cmd: Command): Command =>
  cmd
    .option('--start <cron>', 'when each freeze begins, as cron (minute hour day-of-month month day-of-week)')
    .option('--end <cron>', 'when each freeze ends, as cron')
    .option('--timezone <zone>', 'IANA time zone of the cron fields (the server default is UTC)');
