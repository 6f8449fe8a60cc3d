import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { requireChanges } from '../../kit/refs.js';
import { MILESTONE_DETAIL_COLUMNS } from './columns.js';
import { milestoneFields, type MilestoneFieldOpts } from './create.js';
import { addParentOptions, milestoneId, milestonesBase } from './parent.js';
import type { ProjectOrGroupOpts } from '../../kit/project-option.js';

interface UpdateOpts extends ProjectOrGroupOpts, MilestoneFieldOpts {
  close?: boolean;
  reopen?: boolean;
}

export const updateVerb: VerbSpec<UpdateOpts> = {
  name: 'update',
  bulk: true,
  args: '<id>',
  summary: 'Change a milestone (Reporter); --close and --reopen change its state',
  aliases: ['edit'],
  examples: [
    'hostctl milestones update 14 -R acme/web/storefront --due-date 2026-04-15',
    'hostctl milestones update 3 -g acme --title "2026 first half" --reopen',
  ],
  options: (cmd) =>
    addParentOptions(cmd)
      .option('--title <title>', 'title')
      .option('--description <text>', 'description')
      .option('--start-date <date>', 'start date (YYYY-MM-DD)')
      .option('--due-date <date>', 'due date (YYYY-MM-DD)')
      .option('--close', 'close the milestone')
      .option('--reopen', 'reopen a closed milestone'),
  async run(cli, [id], o) {
    if (o.close && o.reopen) throw new UsageError('--close and --reopen exclude each other');
    const body = requireChanges(
      { ...milestoneFields(o), state_event: o.close ? 'close' : o.reopen ? 'activate' : undefined },
      '--title, --description, --start-date, --due-date, --close, --reopen',
    );
    const path = `${milestonesBase(o)}/${milestoneId(id)}`;
    const api = await cli.client();
    const { data } = await api.put<Record<string, unknown>>(path, body);
    await cli.showItem(data, MILESTONE_DETAIL_COLUMNS);
  },
};
