import type { VerbSpec } from '../../kit/verb.js';
import { apiPathOf } from '../../../client/client.js';
import { CliError, EXIT } from '../../kit/errors.js';
import { RELEASE_DETAIL_COLUMNS } from './columns.js';
import { addProjectOption, projectRef, releasesPath, type ProjectOpts } from './project.js';

interface LatestOpts extends ProjectOpts {
  html?: boolean;
}

export const latestVerb: VerbSpec<LatestOpts> = {
  name: 'latest',
  summary: "Show the project's latest release (the permalink /releases/permalink/latest)",
  examples: ['hostctl releases latest -R acme/web/storefront', 'hostctl releases latest -R 5 --fields tag_name -o json'],
  options: (cmd) => addProjectOption(cmd).option('--html', 'include description_html, the description rendered from Markdown'),
  async run(cli, _args, o) {
    const api = await cli.client();
    // The permalink answers with a redirect to the release; it is followed here.
    const res = await api.get(`${releasesPath(projectRef(o))}/permalink/latest`);
    const location = res.headers.location;
    if (res.status !== 302 || !location) throw new CliError(`expected a redirect from the latest-release permalink, got HTTP ${res.status}`, EXIT.failure);
    const { data } = await api.get<Record<string, unknown>>(apiPathOf(location), o.html ? { include_html_description: true } : undefined);
    await cli.showItem(data, RELEASE_DETAIL_COLUMNS);
  },
};
