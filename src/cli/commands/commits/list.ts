import type { VerbSpec } from '../../kit/verb.js';
import { addProjectOption, parseIsoTime, projectRef, repoPath, type ProjectOpts } from '../branches/project.js';
import { COMMIT_COLUMNS, COMMIT_FIELDS } from './columns.js';

interface ListOpts extends ProjectOpts {
  ref?: string;
  path?: string;
  since?: string;
  until?: string;
  firstParent?: boolean;
  stats?: boolean;
}

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: 'List commits of a branch, tag or range (newest first)',
  aliases: ['ls', 'log'],
  list: true,
  examples: [
    'hostctl commits list -R acme/web/storefront',
    'hostctl commits list -R 5 --ref feature/login --path src/',
    'hostctl commits list -R 5 --ref v1.0.0..main --all',
    'hostctl commits list -R 5 --since 2026-01-01 --until 2026-01-31T23:59:59Z --stats -o json',
  ],
  options: (cmd) =>
    addProjectOption(cmd)
      .option('--ref <ref>', 'branch, tag, commit or a..b range (default: the default branch)')
      .option('--path <path>', 'only commits that touch this file or directory')
      .option('--since <time>', 'committed at or after this ISO time')
      .option('--until <time>', 'committed at or before this ISO time')
      .option('--first-parent', 'follow only the first parent of merge commits')
      .option('--stats', 'include added and deleted line counts'),
  async run(cli, _args, o) {
    await cli.showPages(repoPath(projectRef(o), '/commits'), {
      ref_name: o.ref,
      path: o.path,
      since: o.since !== undefined ? parseIsoTime(o.since, '--since') : undefined,
      until: o.until !== undefined ? parseIsoTime(o.until, '--until') : undefined,
      first_parent: o.firstParent ? true : undefined,
      with_stats: o.stats ? true : undefined,
    }, COMMIT_COLUMNS, COMMIT_FIELDS);
  },
};
