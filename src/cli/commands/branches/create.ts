import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { BRANCH_DETAIL_COLUMNS } from './columns.js';
import { addProjectOption, nameArg, projectRef, repoPath, type ProjectOpts } from './project.js';

interface CreateOpts extends ProjectOpts {
  ref?: string;
}

export const createVerb: VerbSpec<CreateOpts> = {
  name: 'create',
  bulk: true,
  args: '<branch>',
  summary: 'Create a branch from a branch, tag or commit (Developer)',
  examples: ['hostctl branches create feature/login -R acme/web/storefront --ref main', 'hostctl branches create hotfix/1.0.1 -R 5 --ref v1.0.0', 'hostctl branches create spike -R 5 --ref 4f2a9c1'],
  options: (cmd) => addProjectOption(cmd).option('--ref <ref>', 'branch, tag or commit SHA to start from (required)'),
  async run(cli, [branch], o) {
    const name = nameArg(branch, 'BRANCH');
    if (o.ref === undefined || o.ref === '') throw new UsageError('missing --ref (the branch, tag or commit to start from)');
    const api = await cli.client();
    const { data } = await api.post<Record<string, unknown>>(repoPath(projectRef(o), '/branches'), { branch: name, ref: o.ref });
    await cli.showItem(data, BRANCH_DETAIL_COLUMNS);
  },
};
