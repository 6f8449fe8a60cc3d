import type { VerbSpec } from '../../kit/verb.js';
import { apiPath, idOrPath, parseVisibility, requireChanges } from '../../kit/refs.js';
import { PROJECT_DETAIL_COLUMNS } from './columns.js';

interface UpdateOpts {
  name?: string;
  path?: string;
  description?: string;
  visibility?: string;
  defaultBranch?: string;
  storage?: string;
}

export const updateVerb: VerbSpec<UpdateOpts> = {
  name: 'update',
  bulk: true,
  args: '<project>',
  summary: "Change a project's name, path, description, visibility, default branch or storage",
  aliases: ['edit'],
  examples: [
    'hostctl projects update acme/platform/api-gateway --description "Edge routing for all public APIs"',
    'hostctl projects update 5 --visibility private',
    'hostctl projects update acme/web/storefront --default-branch production -o json',
  ],
  options: (cmd) =>
    cmd
      .option('--name <name>', 'display name')
      .option('--path <path>', 'URL path (the old path keeps redirecting)')
      .option('--description <text>', 'description')
      .option('--visibility <level>', 'private, internal or public')
      .option('--default-branch <branch>', 'default branch')
      .option('--storage <storage>', 'storage for the repository (administrators)'),
  async run(cli, [project], o) {
    const body = requireChanges(
      {
        name: o.name,
        path: o.path,
        description: o.description,
        visibility: parseVisibility(o.visibility),
        default_branch: o.defaultBranch,
        repository_storage: o.storage,
      },
      '--name, --path, --description, --visibility, --default-branch, --storage',
    );
    const api = await cli.client();
    const { data } = await api.put<Record<string, unknown>>(apiPath('/projects/:id', { id: idOrPath(project, 'PROJECT') }), body);
    await cli.showItem(data, PROJECT_DETAIL_COLUMNS);
  },
};
