import type { VerbSpec } from '../../kit/verb.js';
import { MILESTONE_DETAIL_COLUMNS } from './columns.js';
import { addParentOptions, milestoneId, milestonesBase } from './parent.js';
import type { ProjectOrGroupOpts } from '../../kit/project-option.js';

export const closeVerb: VerbSpec<ProjectOrGroupOpts> = {
  name: 'close',
  bulk: true,
  args: '<id>',
  summary: 'Close a milestone (Reporter); reopen it with: hostctl milestones update ID --reopen',
  examples: ['hostctl milestones close 14 -R acme/web/storefront', 'hostctl milestones close 3 -g acme -o json'],
  options: (cmd) => addParentOptions(cmd),
  async run(cli, [id], o) {
    const api = await cli.client();
    const { data } = await api.put<Record<string, unknown>>(`${milestonesBase(o)}/${milestoneId(id)}`, { state_event: 'close' });
    await cli.showChanged(data, MILESTONE_DETAIL_COLUMNS, `closed milestone ${String(data.title)} (${id})`);
  },
};
