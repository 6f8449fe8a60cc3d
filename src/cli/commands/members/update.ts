import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { parseAccessLevel, parseDate, resolveUserId } from '../../kit/refs.js';
import { MEMBER_COLUMNS } from './columns.js';
import { projectOrGroup, type ProjectOrGroupOpts } from '../../kit/project-option.js';
import { addSourceOptions } from './source.js';

interface UpdateOpts extends ProjectOrGroupOpts {
  user: string;
  accessLevel?: string;
  expiresAt?: string;
}

export const updateVerb: VerbSpec<UpdateOpts> = {
  name: 'update',
  bulk: true,
  summary: "Change a member's role or membership expiry",
  aliases: ['edit'],
  examples: [
    'hostctl members update --group acme/platform --user bob --access-level maintainer',
    'hostctl members update --project acme/web/storefront --user dave --expires-at 2026-12-31',
    'hostctl members update -R 5 --user 7 --access-level developer -o json',
  ],
  options: (cmd) =>
    addSourceOptions(cmd)
      .requiredOption('--user <user>', 'the member (id or username)')
      .option('--access-level <role>', 'guest, planner, reporter, developer, maintainer, owner (or 10 … 50)')
      .option('--expires-at <date>', 'membership ends on this date (YYYY-MM-DD)'),
  async run(cli, _args, o) {
    const source = projectOrGroup(o);
    if (o.accessLevel === undefined && o.expiresAt === undefined) throw new UsageError('nothing to change: give --access-level or --expires-at');
    const expiresAt = o.expiresAt !== undefined ? parseDate(o.expiresAt, '--expires-at') : undefined;
    const api = await cli.client();
    const userId = await resolveUserId(api, o.user);
    const path = `${source.base}/members/${userId}`;
    // The API always wants the role; keep the current one when only the expiry changes.
    const level = o.accessLevel !== undefined ? parseAccessLevel(o.accessLevel) : (await api.get<{ access_level: number }>(path)).data.access_level;
    const { data } = await api.put<Record<string, unknown>>(path, { access_level: level, ...(expiresAt ? { expires_at: expiresAt } : {}) });
    await cli.showItem(data, MEMBER_COLUMNS);
  },
};
