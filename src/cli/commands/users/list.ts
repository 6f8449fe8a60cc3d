import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { USER_COLUMNS, USER_FIELDS } from './columns.js';
import { checkChoice } from '../../kit/refs.js';

interface ListOpts {
  search?: string;
  username?: string;
  active?: boolean;
  blocked?: boolean;
  external?: boolean;
  admins?: boolean;
  createdAfter?: string;
  createdBefore?: string;
  orderBy?: string;
  sort?: string;
}

const ORDERS = ['id', 'name', 'username', 'created_at', 'updated_at'];

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: 'List users',
  aliases: ['ls'],
  list: true,
  examples: [
    'hostctl users list',
    'hostctl users list --search ali',
    'hostctl users list --blocked --fields id,username,state',
    'hostctl users list --admins --order-by username --sort asc -o json',
  ],
  options: (cmd) =>
    cmd
      .option('--search <text>', 'username or name contains this text, or the email is exactly it')
      .option('--username <name>', 'exactly this username')
      .option('--active', 'only active users')
      .option('--blocked', 'only blocked users')
      .option('--external', 'only external users')
      .option('--admins', 'only administrators')
      .option('--created-after <time>', 'created after this ISO time')
      .option('--created-before <time>', 'created before this ISO time')
      .option('--order-by <field>', `one of ${ORDERS.join(', ')} (default id)`)
      .option('--sort <dir>', 'asc or desc (default desc)'),
  async run(cli, _args, o) {
    if (o.orderBy) checkChoice(o.orderBy, ORDERS, '--order-by');
    if (o.sort && !['asc', 'desc'].includes(o.sort)) throw new UsageError(`--sort must be asc or desc, got "${o.sort}"`);
    const rows = await cli.list<Record<string, unknown>>('/users', {
      search: o.search,
      username: o.username,
      active: o.active || undefined,
      blocked: o.blocked || undefined,
      external: o.external || undefined,
      admins: o.admins || undefined,
      created_after: o.createdAfter,
      created_before: o.createdBefore,
      order_by: o.orderBy,
      sort: o.sort,
    });
    await cli.showList(rows, USER_COLUMNS, USER_FIELDS);
  },
};
