// hostctl projects unshare
import type { VerbSpec } from '../../kit/verb.js';
import { apiPath, idOrPath, resolveGroupId } from '../../kit/refs.js';

interface UnshareOpts {
  group: string;
}

export const unshareVerb: VerbSpec<UnshareOpts> = {
  name: 'unshare',
  bulk: true,
  destructive: true,
  args: '<project>',
  summary: "Stop sharing a project with a group: its members lose the access the share gave (Maintainer)",
  examples: ['hostctl projects unshare acme/web/storefront --group acme/platform', 'hostctl projects unshare 5 --group 9 --yes'],
  options: (cmd) => cmd.requiredOption('-g, --group <group>', 'the group it is shared with (id or full path)'),
  async run(cli, [project], o) {
    const path = apiPath('/projects/:id', { id: idOrPath(project, 'PROJECT') });
    const api = await cli.client();
    const groupId = await resolveGroupId(api, o.group);
    // Looked up first so that a wrong project or a group it is not shared with fails before the question.
    const { data } = await api.get<{ path_with_namespace: string; shared_with_groups?: { group_id: number; group_full_path: string }[] }>(path);
    const link = data.shared_with_groups?.find((g) => g.group_id === groupId);
    const name = link?.group_full_path ?? o.group;
    await cli.confirm(`Stop sharing project ${data.path_with_namespace} with group ${name}? Its members lose the access the share gave.`);
    await api.delete(`${path}/share/${groupId}`);
    cli.info(`stopped sharing project ${data.path_with_namespace} with group ${name}`);
  },
};
