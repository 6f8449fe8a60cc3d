// hostctl projects share
import type { VerbSpec } from '../../kit/verb.js';
import { apiPath, defined, idOrPath, parseAccessLevel, parseDate, resolveGroupId, roleName } from '../../kit/refs.js';
import type { Column } from '../../render/output.js';

interface ShareOpts {
  group: string;
  accessLevel: string;
  expiresAt?: string;
}

/** The platform's project group link. */
const SHARE_COLUMNS: Column[] = [
  { key: 'project_id', header: 'project', lookup: 'project' },
  { key: 'group_id', header: 'group', lookup: 'group' },
  { key: 'group_access', header: 'role', get: (row) => `${roleName(row.group_access)} (${String(row.group_access)})` },
  { key: 'expires_at', header: 'expires' },
];

export const shareVerb: VerbSpec<ShareOpts> = {
  name: 'share',
  bulk: true,
  args: '<project>',
  summary: "Share a project with a group: its members get access up to a role (Maintainer; Owner to give owner; you need a role in the group)",
  examples: [
    'hostctl projects share acme/web/storefront --group acme/platform --access-level developer',
    'hostctl projects share 5 --group 9 --access-level reporter --expires-at 2026-12-31 -o json',
  ],
  options: (cmd) =>
    cmd
      .requiredOption('-g, --group <group>', 'the group to share with (id or full path)')
      .requiredOption('--access-level <role>', "the most its members get: guest, planner, reporter, developer, maintainer, owner (or 10 … 50)")
      .option('--expires-at <date>', 'the share ends on this date (YYYY-MM-DD)'),
  async run(cli, [project], o) {
    const level = parseAccessLevel(o.accessLevel);
    const expiresAt = o.expiresAt !== undefined ? parseDate(o.expiresAt, '--expires-at') : undefined;
    const path = apiPath('/projects/:id', { id: idOrPath(project, 'PROJECT') });
    const api = await cli.client();
    const groupId = await resolveGroupId(api, o.group);
    const { data } = await api.post<Record<string, unknown>>(`${path}/share`, defined({ group_id: groupId, group_access: level, expires_at: expiresAt }));
    // A verb that creates something shows it, in a table too (the share is a new group link).
    await cli.showItem(data, SHARE_COLUMNS);
    cli.info(`shared project ${String(project)} with group ${o.group} as ${roleName(level)}`);
  },
};
