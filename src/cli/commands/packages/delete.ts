import type { VerbSpec } from '../../kit/verb.js';
import { addProjectOption, packageId, packagePath, projectRef, type ProjectOpts } from './paths.js';

export const deleteVerb: VerbSpec<ProjectOpts> = {
  name: 'delete',
  bulk: true,
  destructive: true,
  args: '<package>',
  summary: 'Delete a package and all its files (Maintainer; protection rules may ask for more)',
  aliases: ['rm'],
  examples: ['hostctl packages delete 12 -R acme/web/storefront', 'hostctl packages delete storefront-cli@1.1.0 -R acme/web/storefront', 'hostctl packages delete 12 -R 5 --yes'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [id], o) {
    const api = await cli.client();
    const path = packagePath(projectRef(o), await packageId(api, projectRef(o), id));
    // Looked up first so that a wrong id fails before the question.
    const { data } = await api.get<{ name: string; version: string | null }>(path);
    const label = `${data.name}${data.version ? ` ${data.version}` : ''}`;
    await cli.confirm(`Delete package ${label} and all its files?`);
    await api.delete(path);
    cli.info(`deleted package ${label} (its files are removed in the background)`);
  },
};
