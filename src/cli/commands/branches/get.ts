import type { VerbSpec } from '../../kit/verb.js';
import { BRANCH_DETAIL_COLUMNS } from './columns.js';
import { addProjectOption, nameArg, projectRef, repoPath, type ProjectOpts } from './project.js';

export const getVerb: VerbSpec<ProjectOpts> = {
  name: 'get',
  args: '<branch>',
  summary: 'Show one branch with its tip commit',
  aliases: ['view'],
  examples: ['hostctl branches get main -R acme/web/storefront', 'hostctl branches get feature/login -R 5 -o json'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [branch], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(repoPath(projectRef(o), '/branches/:branch', { branch: nameArg(branch, 'BRANCH') }));
    await cli.showItem(data, BRANCH_DETAIL_COLUMNS);
  },
};
