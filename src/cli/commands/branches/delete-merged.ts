import type { VerbSpec } from '../../kit/verb.js';
import { addProjectOption, projectRef, repoPath, type ProjectOpts } from './project.js';
import { BRANCH_COLUMNS, BRANCH_FIELDS } from './columns.js';

export const deleteMergedVerb: VerbSpec<ProjectOpts> = {
  name: 'delete-merged',
  destructive: true,
  summary: 'Delete every branch merged into the default branch, in the background (protected branches are kept)',
  examples: ['hostctl branches delete-merged -R acme/web/storefront', 'hostctl branches delete-merged -R 5 --dry-run   # list what would go', 'hostctl branches delete-merged -R 5 --yes'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, _args, o) {
    const project = projectRef(o);
    const api = await cli.client();
    if (cli.globals.dryRun) {
      // What the platform would delete: merged, not protected, not the default branch.
      const gone: Record<string, unknown>[] = [];
      for await (const b of api.paginate<Record<string, unknown>>(repoPath(project, '/branches'), { per_page: 100 })) {
        if (b.merged === true && b.protected !== true && b.default !== true) gone.push(b);
      }
      await cli.showList(gone, BRANCH_COLUMNS, BRANCH_FIELDS);
      cli.info(`dry run: ${gone.length} merged branch${gone.length === 1 ? '' : 'es'} would be deleted; nothing was sent`);
      return;
    }
    await api.get(repoPath(project, '/branches'), { per_page: 1 });
    await cli.confirm(`Delete every branch of ${String(project)} merged into its default branch?`);
    const { data } = await api.delete<Record<string, unknown>>(repoPath(project, '/merged_branches'));
    await cli.showChanged(data, undefined, 'merged branches are being deleted in the background (protected and default branches are kept)');
  },
};
