import { CliOption } from '../../kit/cli-command.js';
import type { VerbSpec } from '../../kit/verb.js';
import { addSortOption, sortQuery } from '../../kit/sort.js';
import { TWO_FACTOR_STATES, USER_COLUMNS, USER_FIELDS } from './columns.js';

interface ListOpts {
  search?: string;
  username?: string;
  active?: boolean;
  blocked?: boolean;
  external?: boolean;
  admins?: boolean;
  twoFactor?: string;
  createdAfter?: string;
  createdBefore?: string;
  orderBy?: string;
  sort?: string;
}

const SORT = { fields: ['id', 'name', 'username', 'created_at', 'updated_at'], style: 'order_by', defaultText: 'id:desc' } as const;

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: 'List users',
  aliases: ['ls'],
  list: true,
  examples: [
    'hostctl users list',
    'hostctl users list --search ali',
    'hostctl users list --blocked --fields id,username,state',
    'hostctl users list --admins --sort username:asc -o json',
    'hostctl users list --two-factor disabled --active     # who still signs in with a password alone',
  ],
  options: (cmd) =>
    addSortOption(cmd, SORT)
      .option('--search <text>', 'username or name contains this text, or the email is exactly it')
      .option('--username <name>', 'exactly this username')
      .option('--active', 'only active users')
      .option('--blocked', 'only blocked users')
      .option('--external', 'only external users')
      .option('--admins', 'only administrators')
      .addOption(new CliOption('--two-factor <state>', 'only users with two-factor authentication enabled or disabled (administrators)').choices(TWO_FACTOR_STATES))
      .option('--created-after <time>', 'created after this ISO time')
      .option('--created-before <time>', 'created before this ISO time'),
  async run(cli, _args, o) {
    const sort = sortQuery(o, SORT);
    await cli.showPages('/users', {
      search: o.search,
      username: o.username,
      active: o.active || undefined,
      blocked: o.blocked || undefined,
      external: o.external || undefined,
      admins: o.admins || undefined,
      two_factor: o.twoFactor,
      created_after: o.createdAfter,
      created_before: o.createdBefore,
      ...sort,
    }, USER_COLUMNS, USER_FIELDS);
  },
};
