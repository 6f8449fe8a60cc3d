import type { VerbSpec } from '../../kit/verb.js';
import { PIPELINE_COLUMNS, PIPELINE_FIELDS } from '../pipelines/columns.js';
import { addProjectOption, packageId, packagePath, projectRef, type ProjectOpts } from './paths.js';

export const pipelinesVerb: VerbSpec<ProjectOpts> = {
  name: 'pipelines',
  args: '<package>',
  summary: 'List the pipelines that published a package (newest first; --all follows the cursor)',
  list: true,
  examples: ['hostctl packages pipelines storefront-cli@1.0.0 -R acme/web/storefront', 'hostctl packages pipelines 12 -R 5 --all -o json'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [id], o) {
    await cli.showPages(packagePath(projectRef(o), await packageId(await cli.client(), projectRef(o), id), '/pipelines'), undefined, PIPELINE_COLUMNS, PIPELINE_FIELDS);
  },
};
