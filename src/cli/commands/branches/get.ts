import { showVerb } from '../../kit/show-verb.js';
import { BRANCH_DETAIL_COLUMNS } from './columns.js';
import { addProjectOption, nameArg, projectRef, repoPath, type ProjectOpts } from './project.js';

export const getVerb = showVerb<ProjectOpts>({
  name: 'get',
  args: '<branch>',
  summary: 'Show one branch with its tip commit',
  aliases: ['view'],
  examples: ['hostctl branches get main -R acme/web/storefront', 'hostctl branches get feature/login -R 5 -o json'],
  options: (cmd) => addProjectOption(cmd),
  path: ([branch], o) => repoPath(projectRef(o), '/branches/:branch', { branch: nameArg(branch, 'BRANCH') }),
  columns: BRANCH_DETAIL_COLUMNS,
});
