import { defineVerb } from '../../kit/verb.js';
import { PIPELINE_COLUMNS } from './columns.js';
import { addProjectOption, namedPipeline, type ProjectOpts } from './paths.js';

export const retryVerb = defineVerb<ProjectOpts>({
  name: 'retry',
  bulk: true,
  args: '<pipeline>',
  summary: "Run a pipeline's failed or canceled jobs again (Developer)",
  examples: ['hostctl pipelines retry 7 -R acme/web/storefront', "hostctl pipelines retry '#3' -R 5 -o json"],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [value], o) {
    const api = await cli.client();
    const { path, pipeline: before } = await namedPipeline(api, o, value);
    // Only failed or canceled jobs run again; anything else is left as it is (the platform's rule).
    if (before.status !== 'failed' && before.status !== 'canceled') {
      cli.info(`pipeline ${before.id} is ${before.status}: it has no failed or canceled jobs to retry`);
      return;
    }
    const { data } = await api.post<Record<string, unknown>>(`${path}/retry`);
    await cli.showChanged(data, PIPELINE_COLUMNS, `pipeline ${before.id}: ${before.status} → ${String(data.status)}`);
  },
});
