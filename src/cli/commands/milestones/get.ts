import { showVerb } from '../../kit/show-verb.js';
import { MILESTONE_DETAIL_COLUMNS } from './columns.js';
import { addParentOptions, milestoneId, milestonesBase } from './parent.js';
import type { ProjectOrGroupOpts } from '../../kit/project-option.js';

export const getVerb = showVerb<ProjectOrGroupOpts>({
  name: 'get',
  args: '<id>',
  summary: 'Show one milestone (by its id)',
  aliases: ['view'],
  examples: ['hostctl milestones get 14 -R acme/web/storefront', 'hostctl milestones get 3 -g acme -o yaml'],
  options: (cmd) => addParentOptions(cmd),
  path: ([id], o) => `${milestonesBase(o)}/${milestoneId(id)}`,
  columns: MILESTONE_DETAIL_COLUMNS,
});
