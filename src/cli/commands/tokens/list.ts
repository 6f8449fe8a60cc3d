import type { VerbSpec } from '../../kit/verb.js';
import { daysAfter, nowFromEnv } from '../../../shared/dates.js';
import { parseDuration } from '../../kit/duration.js';
import { addSortOption, sortQuery } from '../../kit/sort.js';
import { UsageError } from '../../kit/errors.js';
import { resolveUserId } from '../../kit/refs.js';
import { TOKEN_COLUMNS, TOKEN_FIELDS } from './columns.js';

interface ListOpts {
  user?: string;
  active?: boolean;
  inactive?: boolean;
  revoked?: boolean;
  search?: string;
  sort?: string;
  createdAfter?: string;
  createdBefore?: string;
  expiresAfter?: string;
  expiresBefore?: string;
  expiresWithin?: string;
  lastUsedAfter?: string;
  lastUsedBefore?: string;
}

const SORT = { fields: ['created', 'expires', 'last_used', 'name'], style: 'suffix' } as const;

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: 'List personal access tokens (administrators see every user\'s)',
  aliases: ['ls'],
  list: true,
  examples: [
    'hostctl tokens list',
    'hostctl tokens list --inactive --user alice',
    'hostctl tokens list --expires-before 2026-12-31 --sort expires:asc -o json',
    'hostctl tokens list --all --fields id,name,expires_at',
    'hostctl tokens list --expires-within 30d          # active tokens that run out within a month',
  ],
  options: (cmd) =>
    addSortOption(cmd, SORT)
      .option('--user <user>', 'only tokens of this user (id or username)')
      // Not --state: that global flag names a state directory.
      .option('--active', 'only active tokens (neither revoked nor expired)')
      .option('--inactive', 'only inactive tokens (revoked or expired)')
      .option('--revoked', 'only revoked tokens')
      .option('--search <text>', 'name contains this text')
      .option('--created-after <time>', 'created at or after this ISO time')
      .option('--created-before <time>', 'created at or before this ISO time')
      .option('--expires-after <date>', 'expires on or after this date (YYYY-MM-DD)')
      .option('--expires-before <date>', 'expires on or before this date (YYYY-MM-DD)')
      .option('--expires-within <duration>', 'expires within this long from today, e.g. 30d or 2w (active tokens)')
      .option('--last-used-after <time>', 'last used at or after this ISO time')
      .option('--last-used-before <time>', 'last used at or before this ISO time'),
  async run(cli, _args, o) {
    if (o.active && o.inactive) throw new UsageError('--active and --inactive exclude each other');
    const sort = sortQuery(o, SORT);
    if (o.expiresWithin !== undefined) {
      if (o.expiresBefore !== undefined) throw new UsageError('--expires-within and --expires-before exclude each other');
      // Expiry is a date: a duration counts in whole days, rounded up.
      const days = Math.ceil(parseDuration(o.expiresWithin, '--expires-within') / 86_400_000);
      o.expiresBefore = daysAfter(nowFromEnv(cli.env).toISOString().slice(0, 10), days);
      o.active = true;
    }
    const userId = o.user !== undefined ? await resolveUserId(await cli.client(), o.user) : undefined;
    await cli.showPages('/personal_access_tokens', {
      user_id: userId,
      state: o.active ? 'active' : o.inactive ? 'inactive' : undefined,
      revoked: o.revoked ? true : undefined,
      search: o.search,
      ...sort,
      created_after: o.createdAfter,
      created_before: o.createdBefore,
      expires_after: o.expiresAfter,
      expires_before: o.expiresBefore,
      last_used_after: o.lastUsedAfter,
      last_used_before: o.lastUsedBefore,
    }, TOKEN_COLUMNS, TOKEN_FIELDS);
  },
};
