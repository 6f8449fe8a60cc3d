import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { defined, parseVisibility } from '../../kit/refs.js';
import { PROJECT_DETAIL_COLUMNS } from './columns.js';
import { resolveNamespaceId } from './namespace.js';

interface CreateOpts {
  name?: string;
  path?: string;
  namespace?: string;
  group?: string;
  description?: string;
  visibility?: string;
  defaultBranch?: string;
  readme?: boolean;
  storage?: string;
}

export const createVerb: VerbSpec<CreateOpts> = {
  name: 'create',
  bulk: true,
  summary: 'Create a project in a group or a personal namespace',
  examples: [
    'hostctl projects create --name "API Gateway" --group acme/platform --visibility internal --readme',
    'hostctl projects create --path dotfiles               # in your own namespace',
    'hostctl projects create --name Storefront --namespace acme/web --description "Customer shop" -o json',
    'hostctl projects create --name archive --group acme --storage cold',
  ],
  options: (cmd) =>
    cmd
      .option('--name <name>', 'display name (derived from --path when absent)')
      .option('--path <path>', 'URL path (derived from --name when absent)')
      .option('--namespace <namespace>', 'group or user namespace (id or full path); yours when absent')
      .option('-g, --group <group>', 'same as --namespace, for a group')
      .option('--description <text>', 'description')
      .option('--visibility <level>', 'private, internal or public')
      .option('--default-branch <branch>', 'name of the default branch')
      .option('--readme', 'start the repository with a README commit')
      .option('--storage <storage>', 'storage for the repository (administrators)'),
  async run(cli, _args, o) {
    if (o.name === undefined && o.path === undefined) throw new UsageError('missing --name or --path');
    if (o.namespace !== undefined && o.group !== undefined) throw new UsageError('--namespace and --group exclude each other');
    const api = await cli.client();
    const ns = o.namespace ?? o.group;
    const namespaceId = ns !== undefined ? await resolveNamespaceId(api, ns, o.namespace !== undefined ? '--namespace' : '--group') : undefined;
    const { data } = await api.post<Record<string, unknown>>(
      '/projects',
      defined({
        name: o.name,
        path: o.path,
        namespace_id: namespaceId,
        description: o.description,
        visibility: parseVisibility(o.visibility),
        default_branch: o.defaultBranch,
        initialize_with_readme: o.readme || undefined,
        repository_storage: o.storage,
      }),
    );
    await cli.showItem(data, PROJECT_DETAIL_COLUMNS);
  },
};
