import type { VerbSpec } from '../../kit/verb.js';
import { RELEASE_DETAIL_COLUMNS } from './columns.js';
import { nowFromEnv } from '../../../shared/dates.js';
import { addProjectOption, projectRef, releasePath, tagArg, type ProjectOpts } from './project.js';

interface GetOpts extends ProjectOpts {
  html?: boolean;
}

export const getVerb: VerbSpec<GetOpts> = {
  name: 'get',
  args: '<tag>',
  summary: 'Show one release by its tag: notes and assets (like gh release view)',
  aliases: ['view'],
  examples: ['hostctl releases get v1.2.0 -R acme/web/storefront', 'hostctl releases get release/2026.01 -R 5 -o yaml', 'hostctl releases get v1.2.0 -R acme/web/storefront --html --fields description_html'],
  options: (cmd) => addProjectOption(cmd).option('--html', 'include description_html, the description rendered from Markdown'),
  async run(cli, [tag], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(releasePath(projectRef(o), tagArg(tag)), o.html ? { include_html_description: true } : undefined);
    if (cli.globals.output === 'table' && !cli.globals.fields && cli.globals.jq === undefined) {
      const { releaseView } = await import('./view.js');
      cli.print(releaseView(cli, data, nowFromEnv(cli.env)));
      return;
    }
    await cli.showItem(data, RELEASE_DETAIL_COLUMNS);
  },
};
