import { alreadyInEffect, defineVerb } from '../../kit/verb.js';
import { PIPELINE_COLUMNS } from './columns.js';
import { addProjectOption, namedPipeline, type ProjectOpts } from './paths.js';

/** Statuses with nothing left to stop. */
const FINISHED = new Set(['success', 'failed', 'canceled', 'skipped']);

export const cancelVerb = defineVerb<ProjectOpts>({
  name: 'cancel',
  bulk: true,
  args: '<pipeline>',
  summary: "Cancel a pipeline's jobs that have not finished (Developer)",
  examples: ['hostctl pipelines cancel 7 -R acme/web/storefront', 'hostctl pipelines cancel main -R acme/web/storefront   # the newest pipeline of main'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [value], o) {
    const api = await cli.client();
    // The platform answers 200 whatever the state: say when there was nothing to cancel.
    const { path, pipeline: before } = await namedPipeline(api, o, value);
    if (FINISHED.has(before.status)) {
      alreadyInEffect(cli, `pipeline ${before.id}`, before.status);
      return;
    }
    await cli.confirmOnTerminal(`Cancel pipeline ${before.id} (#${String(before.iid)} ${String(before.ref)}, ${before.status})?`);
    const { data } = await api.post<Record<string, unknown>>(`${path}/cancel`);
    await cli.showChanged(data, PIPELINE_COLUMNS, `pipeline ${before.id}: ${before.status} → ${String(data.status)}`);
  },
});
