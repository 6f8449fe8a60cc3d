import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { defined } from '../../kit/refs.js';
import { addProjectOption, nameArg, projectRef, repoPath, type ProjectOpts } from '../branches/project.js';
import { TAG_DETAIL_COLUMNS } from './columns.js';

interface CreateOpts extends ProjectOpts {
  ref?: string;
  message?: string;
}

export const createVerb: VerbSpec<CreateOpts> = {
  name: 'create',
  bulk: true,
  args: '<tag>',
  summary: 'Create a tag at a branch, tag or commit; with --message an annotated one (Developer)',
  examples: ['hostctl tags create v1.0.0 -R acme/web/storefront --ref main', 'hostctl tags create v1.1.0 -R 5 --ref 4f2a9c1 --message "Version 1.1"'],
  options: (cmd) =>
    addProjectOption(cmd)
      .option('--ref <ref>', 'branch, tag or commit SHA to tag (required)')
      .option('-m, --message <text>', 'makes an annotated tag with this message'),
  async run(cli, [tag], o) {
    const name = nameArg(tag, 'TAG');
    if (o.ref === undefined || o.ref === '') throw new UsageError('missing --ref (the branch, tag or commit to tag)');
    const api = await cli.client();
    const { data } = await api.post<Record<string, unknown>>(repoPath(projectRef(o), '/tags'), defined({ tag_name: name, ref: o.ref, message: o.message }));
    await cli.showItem(data, TAG_DETAIL_COLUMNS);
  },
};
