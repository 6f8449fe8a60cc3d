import type { VerbSpec } from '../../kit/verb.js';
import { defined, parseAccessLevel, parseDate, resolveUserId } from '../../kit/refs.js';
import { MEMBER_COLUMNS } from './columns.js';
import { projectOrGroup, type ProjectOrGroupOpts } from '../../kit/project-option.js';
import { addSourceOptions } from './source.js';

interface AddOpts extends ProjectOrGroupOpts {
  user: string;
  accessLevel: string;
  expiresAt?: string;
}

export const addMemberVerb: VerbSpec<AddOpts> = {
  name: 'add',
  bulk: true,
  summary: 'Add a user to a project or group with a role',
  examples: [
    'hostctl members add --group acme --user alice --access-level owner',
    'hostctl members add --project acme/web/storefront --user dave --access-level reporter --expires-at 2026-06-30',
    'hostctl members add -g acme/platform --user 7 --access-level 30 -o json',
    'hostctl members add -g acme --access-level developer --from-file team.yaml   # - {user: alice} - {user: bob, access_level: maintainer}',
  ],
  options: (cmd) =>
    addSourceOptions(cmd)
      .requiredOption('--user <user>', 'the user (id or username)')
      .requiredOption('--access-level <role>', 'guest, planner, reporter, developer, maintainer, owner (or 10, 15, 20, 30, 40, 50)')
      .option('--expires-at <date>', 'membership ends on this date (YYYY-MM-DD)'),
  async run(cli, _args, o) {
    const source = projectOrGroup(o);
    const level = parseAccessLevel(o.accessLevel);
    const expiresAt = o.expiresAt !== undefined ? parseDate(o.expiresAt, '--expires-at') : undefined;
    const api = await cli.client();
    const userId = await resolveUserId(api, o.user);
    const { data } = await api.post<Record<string, unknown>>(`${source.base}/members`, defined({ user_id: userId, access_level: level, expires_at: expiresAt }));
    await cli.showItem(data, MEMBER_COLUMNS);
  },
};
