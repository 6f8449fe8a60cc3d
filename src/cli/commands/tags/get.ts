import type { VerbSpec } from '../../kit/verb.js';
import { addProjectOption, nameArg, projectRef, repoPath, type ProjectOpts } from '../branches/project.js';
import { TAG_DETAIL_COLUMNS } from './columns.js';

export const getVerb: VerbSpec<ProjectOpts> = {
  name: 'get',
  args: '<tag>',
  summary: 'Show one tag with its commit and release',
  aliases: ['view'],
  examples: ['hostctl tags get v1.0.0 -R acme/web/storefront', 'hostctl tags get release/2026-01 -R 5 -o json'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [tag], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(repoPath(projectRef(o), '/tags/:tag', { tag: nameArg(tag, 'TAG') }));
    await cli.showItem(data, TAG_DETAIL_COLUMNS);
  },
};
