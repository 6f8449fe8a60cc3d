import type { VerbSpec } from '../../kit/verb.js';
import { MILESTONE_DETAIL_COLUMNS } from './columns.js';
import { addParentOptions, milestoneId, milestonesBase } from './parent.js';
import type { ProjectOrGroupOpts } from '../../kit/project-option.js';

export const getVerb: VerbSpec<ProjectOrGroupOpts> = {
  name: 'get',
  args: '<id>',
  summary: 'Show one milestone (by its id)',
  aliases: ['view'],
  examples: ['hostctl milestones get 14 -R acme/web/storefront', 'hostctl milestones get 3 -g acme -o yaml'],
  options: (cmd) => addParentOptions(cmd),
  async run(cli, [id], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(`${milestonesBase(o)}/${milestoneId(id)}`);
    await cli.showItem(data, MILESTONE_DETAIL_COLUMNS);
  },
};
