// hostctl projects archive|unarchive|transfer
import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath, idOrPath } from '../../kit/refs.js';
import { PROJECT_DETAIL_COLUMNS } from './columns.js';

const projectPath = (project: string | undefined, rest = '') => `${apiPath('/projects/:id', { id: idOrPath(project, 'PROJECT') })}${rest}`;

function archiving(archive: boolean): VerbSpec {
  const verb = archive ? 'archive' : 'unarchive';
  return {
    name: verb,
    bulk: true,
    args: '<project>',
    summary: archive ? 'Archive a project: read-only, hidden from default lists (Owner)' : 'Make an archived project writable again (Owner)',
    examples: [`hostctl projects ${verb} acme/web/storefront`, `hostctl projects ${verb} 5 -o json`],
    async run(cli, [project]) {
      const api = await cli.client();
      const { data } = await api.post<Record<string, unknown>>(projectPath(project, `/${verb}`));
      await cli.showChanged(data, PROJECT_DETAIL_COLUMNS, `${archive ? 'archived' : 'unarchived'} project ${String(data.path_with_namespace)}`);
    },
  };
}

export const archiveVerb = archiving(true);
export const unarchiveVerb = archiving(false);

interface TransferOpts {
  namespace?: string;
  group?: string;
}

export const transferVerb: VerbSpec<TransferOpts> = {
  name: 'transfer',
  bulk: true,
  destructive: true,
  args: '<project>',
  summary: 'Move a project to another group or user namespace (Owner of both)',
  examples: ['hostctl projects transfer acme/web/storefront --group acme/platform', 'hostctl projects transfer 5 --namespace alice --yes'],
  options: (cmd) => cmd.option('-g, --group <group>', 'the group to move it into (id or full path)').option('--namespace <namespace>', 'the group or user namespace to move it into (id or full path)'),
  async run(cli, [project], o) {
    if (o.group !== undefined && o.namespace !== undefined) throw new UsageError('--group and --namespace exclude each other');
    const target = o.group ?? o.namespace;
    if (target === undefined) throw new UsageError('missing --group (or --namespace): where to move the project');
    const api = await cli.client();
    const { data: current } = await api.get<{ path_with_namespace: string }>(projectPath(project));
    await cli.confirm(`Move project ${current.path_with_namespace} to ${target}? Its old path redirects, but clones should update their remote.`);
    const { data } = await api.put<Record<string, unknown>>(projectPath(project, '/transfer'), { namespace: idOrPath(target, o.group !== undefined ? '--group' : '--namespace') });
    await cli.showChanged(data, PROJECT_DETAIL_COLUMNS, `moved project ${current.path_with_namespace} to ${String(data.path_with_namespace)}`);
  },
};
