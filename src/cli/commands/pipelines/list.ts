import type { VerbSpec } from '../../kit/verb.js';
import { addSortOption, sortQuery } from '../../kit/sort.js';
import { PIPELINE_COLUMNS, PIPELINE_FIELDS } from './columns.js';
import { addProjectOption, pipelinesPath, projectRef, type ProjectOpts } from './paths.js';

const SORT = { fields: ['id', 'status', 'ref', 'updated_at', 'user_id'], style: 'order_by', defaultText: 'id:desc' } as const;

interface ListOpts extends ProjectOpts {
  ref?: string;
  status?: string;
  sort?: string;
  orderBy?: string;
}

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: "List a project's pipelines (newest first)",
  aliases: ['ls'],
  list: true,
  examples: ['hostctl pipelines list -R acme/web/storefront', 'hostctl pipelines list -R 5 --ref main --sort id:asc -o json'],
  options: (cmd) => addSortOption(addProjectOption(cmd), SORT).option('--ref <ref>', 'only pipelines of this branch or tag').option('--status <status>', 'only pipelines in this status'),
  async run(cli, _args, o) {
    await cli.showPages(pipelinesPath(projectRef(o)), { ref: o.ref, status: o.status, ...sortQuery(o, SORT) }, PIPELINE_COLUMNS, PIPELINE_FIELDS);
  },
};
