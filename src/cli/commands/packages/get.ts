import type { VerbSpec } from '../../kit/verb.js';
import { PACKAGE_DETAIL_COLUMNS } from './columns.js';
import { addProjectOption, packageId, packagePath, projectRef, type ProjectOpts } from './paths.js';

export const getVerb: VerbSpec<ProjectOpts> = {
  name: 'get',
  args: '<package>',
  summary: 'Show one package with its other versions (default and deprecated packages)',
  aliases: ['view'],
  examples: ['hostctl packages get 12 -R acme/web/storefront', 'hostctl packages get storefront-cli@1.1.0 -R acme/web/storefront', 'hostctl packages get 12 -R 5 -o yaml'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [id], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(packagePath(projectRef(o), await packageId(api, projectRef(o), id)));
    await cli.showItem(data, PACKAGE_DETAIL_COLUMNS);
  },
};
