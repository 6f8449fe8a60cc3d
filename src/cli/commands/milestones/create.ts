import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { defined, parseDate } from '../../kit/refs.js';
import { MILESTONE_DETAIL_COLUMNS } from './columns.js';
import { addParentOptions, milestonesBase } from './parent.js';
import type { ProjectOrGroupOpts } from '../../kit/project-option.js';

export interface MilestoneFieldOpts {
  title?: string;
  description?: string;
  startDate?: string;
  dueDate?: string;
}

export const milestoneFields = (o: MilestoneFieldOpts): Record<string, unknown> =>
  defined({
    title: o.title,
    description: o.description,
    start_date: o.startDate !== undefined ? parseDate(o.startDate, '--start-date') : undefined,
    due_date: o.dueDate !== undefined ? parseDate(o.dueDate, '--due-date') : undefined,
  });

export const createVerb: VerbSpec<ProjectOrGroupOpts & MilestoneFieldOpts> = {
  name: 'create',
  bulk: true,
  summary: 'Create a milestone in a project or group (Reporter)',
  examples: [
    'hostctl milestones create -R acme/web/storefront --title "Q1 launch" --due-date 2026-03-31',
    'hostctl milestones create -g acme --title "2026 H1" --start-date 2026-01-01 --due-date 2026-06-30 --description "First half"',
  ],
  options: (cmd) =>
    addParentOptions(cmd)
      .option('--title <title>', 'title (required; unique across the project and its groups)')
      .option('--description <text>', 'description')
      .option('--start-date <date>', 'start date (YYYY-MM-DD)')
      .option('--due-date <date>', 'due date (YYYY-MM-DD)'),
  async run(cli, _args, o) {
    if (o.title === undefined || o.title.trim() === '') throw new UsageError('missing --title');
    const base = milestonesBase(o);
    const api = await cli.client();
    const { data } = await api.post<Record<string, unknown>>(base, milestoneFields(o));
    await cli.showItem(data, MILESTONE_DETAIL_COLUMNS);
  },
};
