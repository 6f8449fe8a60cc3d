import { alreadyInEffect, type VerbSpec } from '../../kit/verb.js';
import { apiPath } from '../../kit/refs.js';
import { addProjectOption, nameArg, projectRef, type ProjectOpts } from './project.js';

export const unprotectVerb: VerbSpec<ProjectOpts> = {
  name: 'unprotect',
  bulk: true,
  destructive: true,
  args: '<branch>',
  summary: 'Remove the protection of a branch or wildcard (Maintainer)',
  examples: ['hostctl branches unprotect main -R acme/web/storefront', "hostctl branches unprotect 'release/*' -R 5"],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [branch], o) {
    const name = nameArg(branch, 'BRANCH (a name or a wildcard)');
    const api = await cli.client();
    const path = apiPath('/projects/:id/protected_branches/:name', { id: projectRef(o), name });
    // Not protected (any more): the repeat succeeds saying so, like a second revoke.
    if ((await api.request('GET', path, { allowError: true })).status === 404) return alreadyInEffect(cli, `branch ${name}`, 'unprotected');
    await cli.confirm(`Remove the protection of ${name}? Developers may then push to it, force-push and delete it.`);
    await api.delete(path);
    cli.info(`unprotected ${name}`);
  },
};
