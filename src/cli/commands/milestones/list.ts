import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { MILESTONE_COLUMNS, MILESTONE_FIELDS } from './columns.js';
import { addParentOptions, milestonesBase } from './parent.js';
import type { ProjectOrGroupOpts } from '../../kit/project-option.js';

interface ListOpts extends ProjectOrGroupOpts {
  active?: boolean;
  closed?: boolean;
  title?: string;
  search?: string;
  iid?: string[];
  withParents?: boolean;
}

const collectIid = (value: string, previous: string[] = []): string[] => [...previous, ...value.split(',').map((s) => s.trim()).filter(Boolean)];

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: 'List the milestones of a project or group (due date first)',
  aliases: ['ls'],
  list: true,
  examples: [
    'hostctl milestones list -R acme/web/storefront',
    'hostctl milestones list -g acme --active --search launch',
    'hostctl milestones list -R 5 --iid 1 --iid 3 -o json',
    'hostctl milestones list -R acme/web/storefront --with-parents   # also the milestones of its groups',
  ],
  options: (cmd) =>
    addParentOptions(cmd)
      .option('--active', 'only open milestones')
      .option('--closed', 'only closed milestones')
      .option('--title <title>', 'only the milestone with exactly this title')
      .option('--search <text>', 'title or description contains this text')
      .option('--iid <iid>', 'only these iids (repeatable, or comma-separated)', collectIid)
      .option('--with-parents', 'also list the milestones of the ancestor groups'),
  async run(cli, _args, o) {
    if (o.active && o.closed) throw new UsageError('--active and --closed exclude each other');
    const iids = (o.iid ?? []).map((v) => {
      if (!/^\d+$/.test(v)) throw new UsageError(`--iid must be a whole number, got "${v}"`);
      return Number(v);
    });
    await cli.showPages(milestonesBase(o), {
      state: o.active ? 'active' : o.closed ? 'closed' : undefined,
      title: o.title,
      search: o.search,
      iids: iids.length > 0 ? iids : undefined,
      include_parent_milestones: o.withParents ? true : undefined,
    }, MILESTONE_COLUMNS, MILESTONE_FIELDS);
  },
};
