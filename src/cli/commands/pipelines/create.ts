import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath } from '../../kit/refs.js';
import { addProjectOption, projectRef, type ProjectOpts } from './paths.js';
import { PIPELINE_COLUMNS } from './columns.js';

interface CreateOpts extends ProjectOpts {
  ref?: string;
}

export const createVerb: VerbSpec<CreateOpts> = {
  name: 'create',
  bulk: true,
  summary: "Create a pipeline for a ref (it stays created: there are no runners) and show its job token once",
  examples: [
    'hostctl pipelines create -R acme/web/storefront --ref main',
    'TOKEN=$(hostctl pipelines create -R 5 --ref main --jq .job_token)   # the job token alone on stdout',
    'hostctl pipelines create -R 5 --ref v1.4.0 -o json   # the pipeline with job_token',
  ],
  options: (cmd) => addProjectOption(cmd).option('--ref <ref>', 'the branch or tag to run for'),
  async run(cli, _args, o) {
    if (!o.ref) throw new UsageError('missing --ref (a branch or tag of the project)');
    const project = projectRef(o);
    const api = await cli.client();
    const { data } = await api.post<Record<string, unknown> & { id: number }>(apiPath('/projects/:id/pipeline', { id: project }), { ref: o.ref });
    // The job token is made once, right away, and never shown again.
    const { data: issued } = await api.post<{ token: string }>(`${apiPath('/hostctl/projects/:id/pipelines', { id: project })}/${data.id}/job_token`);
    // What was made, in every format (the create rule): the pipeline, with its job token as one
    // more field, printed whole however narrow the terminal.
    await cli.showItem({ ...data, job_token: issued.token }, [...PIPELINE_COLUMNS, { key: 'job_token', header: 'job token', whole: true }]);
    cli.info(`created pipeline ${data.id} (#${String(data.iid)}) for ${o.ref}; its job token (JOB-TOKEN) is shown only once: store it now`);
  },
};
