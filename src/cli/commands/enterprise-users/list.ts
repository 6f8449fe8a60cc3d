import { CliOption } from '../../kit/cli-command.js';
import type { VerbSpec } from '../../kit/verb.js';
import { TWO_FACTOR_STATES } from '../users/columns.js';
import { parseIsoTime as parseTime } from '../../kit/project-option.js';
import { enterprisePath, ENTERPRISE_COLUMNS, ENTERPRISE_FIELDS } from './columns.js';

interface ListOpts {
  username?: string;
  search?: string;
  active?: boolean;
  blocked?: boolean;
  createdAfter?: string;
  createdBefore?: string;
  twoFactor?: string;
}

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  args: '<group>',
  summary: "List a top-level group's enterprise users, newest first (Owner; hosted offering)",
  aliases: ['ls'],
  list: true,
  examples: [
    'hostctl enterprise-users list acme',
    'hostctl enterprise-users list acme --two-factor disabled --active',
    'hostctl enterprise-users list acme --search lovelace --created-after 2026-01-01 -o json',
  ],
  options: (cmd) =>
    cmd
      .option('--username <name>', 'exactly this username')
      .option('--search <text>', 'part of a name, username or email')
      .option('--active', 'active users only')
      .option('--blocked', 'blocked users only')
      .option('--created-after <time>', 'created after this ISO 8601 date or time')
      .option('--created-before <time>', 'created before this ISO 8601 date or time')
      .addOption(new CliOption('--two-factor <state>', 'only users with two-factor authentication enabled or disabled').choices(TWO_FACTOR_STATES)),
  async run(cli, [group], o) {
    await cli.showPages(enterprisePath(group), {
      username: o.username,
      search: o.search,
      active: o.active || undefined,
      blocked: o.blocked || undefined,
      created_after: o.createdAfter === undefined ? undefined : parseTime(o.createdAfter, '--created-after'),
      created_before: o.createdBefore === undefined ? undefined : parseTime(o.createdBefore, '--created-before'),
      two_factor: o.twoFactor,
    }, ENTERPRISE_COLUMNS, ENTERPRISE_FIELDS);
  },
};
