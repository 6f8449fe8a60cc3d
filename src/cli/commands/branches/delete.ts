import type { VerbSpec } from '../../kit/verb.js';
import { addProjectOption, nameArg, projectRef, repoPath, type ProjectOpts } from './project.js';

export const deleteVerb: VerbSpec<ProjectOpts> = {
  name: 'delete',
  bulk: true,
  destructive: true,
  args: '<branch>',
  summary: 'Delete a branch (never the default branch; protected ones need a Maintainer)',
  aliases: ['rm'],
  examples: ['hostctl branches delete feature/login -R acme/web/storefront', 'hostctl branches delete feature/login -R 5 --yes   # no prompt (scripts, CI)'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [branch], o) {
    const name = nameArg(branch, 'BRANCH');
    const path = repoPath(projectRef(o), '/branches/:branch', { branch: name });
    const api = await cli.client();
    // Looked up first so that a wrong name fails before the question.
    await api.get(path);
    await cli.confirm(`Delete branch ${name}?`);
    await api.delete(path);
    cli.info(`deleted branch ${name}`);
  },
};
