import type { VerbSpec } from '../../kit/verb.js';
import { checkChoice } from '../../kit/refs.js';
import { PIPELINE_COLUMNS, PIPELINE_FIELDS } from './columns.js';
import { addProjectOption, pipelinesPath, projectRef, type ProjectOpts } from './paths.js';

interface ListOpts extends ProjectOpts {
  ref?: string;
  status?: string;
  sort?: string;
}

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: "List a project's pipelines (newest first)",
  aliases: ['ls'],
  list: true,
  examples: ['hostctl pipelines list -R acme/web/storefront', 'hostctl pipelines list -R 5 --ref main --sort asc -o json'],
  options: (cmd) => addProjectOption(cmd).option('--ref <ref>', 'only pipelines of this branch or tag').option('--status <status>', 'only pipelines in this status').option('--sort <dir>', 'desc (default) or asc'),
  async run(cli, _args, o) {
    if (o.sort !== undefined) checkChoice(o.sort, ['asc', 'desc'], '--sort');
    const rows = await cli.list<Record<string, unknown>>(pipelinesPath(projectRef(o)), { ref: o.ref, status: o.status, sort: o.sort });
    await cli.showList(rows, PIPELINE_COLUMNS, PIPELINE_FIELDS);
  },
};
