import { showVerb } from '../../kit/show-verb.js';
import { addProjectOption, nameArg, projectRef, repoPath, type ProjectOpts } from '../branches/project.js';
import { TAG_DETAIL_COLUMNS } from './columns.js';

export const getVerb = showVerb<ProjectOpts>({
  name: 'get',
  args: '<tag>',
  summary: 'Show one tag with its commit and release',
  aliases: ['view'],
  examples: ['hostctl tags get v1.0.0 -R acme/web/storefront', 'hostctl tags get release/2026-01 -R 5 -o json'],
  options: (cmd) => addProjectOption(cmd),
  path: ([tag], o) => repoPath(projectRef(o), '/tags/:tag', { tag: nameArg(tag, 'TAG') }),
  columns: TAG_DETAIL_COLUMNS,
});
