import type { VerbSpec } from '../../kit/verb.js';
import { addProjectOption, nameArg, projectRef, repoPath, type ProjectOpts } from '../branches/project.js';
import { COMMIT_DETAIL_COLUMNS } from './columns.js';

interface GetOpts extends ProjectOpts {
  stats: boolean;
}

export const getVerb: VerbSpec<GetOpts> = {
  name: 'get',
  args: '<sha>',
  summary: 'Show one commit, by SHA, branch or tag',
  aliases: ['view', 'show'],
  examples: ['hostctl commits get 4f2a9c1 -R acme/web/storefront', 'hostctl commits get main -R 5 -o json', 'hostctl commits get v1.0.0 -R 5 --no-stats'],
  options: (cmd) => addProjectOption(cmd).option('--no-stats', 'leave out the added and deleted line counts'),
  async run(cli, [sha], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(repoPath(projectRef(o), '/commits/:sha', { sha: nameArg(sha, 'SHA (a commit, branch or tag)') }), {
      stats: o.stats === false ? false : undefined,
    });
    await cli.showItem(data, COMMIT_DETAIL_COLUMNS);
  },
};
