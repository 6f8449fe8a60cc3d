import type { VerbSpec } from '../../kit/verb.js';
import { UsageError, WaitTimeoutError } from '../../kit/errors.js';
import { addProjectOption, projectRef, releasePath, tagArg, type ProjectOpts } from './project.js';

interface EvidenceOpts extends ProjectOpts {
  wait?: boolean;
  timeout?: string;
}

interface ReleaseEvidences {
  evidences?: { sha: string; filepath: string; collected_at: string }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const evidenceVerb: VerbSpec<EvidenceOpts> = {
  name: 'evidence',
  args: '<tag>',
  summary: 'Collect evidence for a release (paid tiers; self-managed and dedicated); runs in the background',
  examples: [
    'hostctl releases evidence v1.3.0 -R acme/web/storefront',
    'hostctl releases evidence v1.3.0 -R 5 --wait            # until the new evidence is listed',
    'hostctl releases evidence v1.3.0 -R 5 --wait --timeout 120 -o json',
  ],
  options: (cmd) =>
    addProjectOption(cmd)
      .option('--wait', 'wait until the evidence has been collected, then show the evidences')
      .option('--timeout <seconds>', 'with --wait: give up after this many seconds (default 60)'),
  async run(cli, [tagValue], o) {
    const tag = tagArg(tagValue);
    const timeoutS = o.timeout === undefined ? 60 : Number(o.timeout);
    if (!Number.isFinite(timeoutS) || timeoutS <= 0) throw new UsageError(`--timeout must be a positive number of seconds, got "${String(o.timeout)}"`);
    const path = releasePath(projectRef(o), tag);
    const api = await cli.client();
    const before = o.wait ? ((await api.get<ReleaseEvidences>(path)).data.evidences?.length ?? 0) : 0;
    await api.post(`${path}/evidence`);
    if (!o.wait) {
      cli.info(`evidence collection for release ${tag} scheduled`);
      return;
    }
    const until = Date.now() + timeoutS * 1000;
    for (;;) {
      const { data } = await api.get<ReleaseEvidences>(path);
      const evidences = data.evidences ?? [];
      if (evidences.length > before) {
        cli.info(`evidence collected for release ${tag}`);
        await cli.showList(evidences as unknown as Record<string, unknown>[], [{ key: 'sha' }, { key: 'collected_at', header: 'collected' }, { key: 'filepath', header: 'file' }]);
        return;
      }
      if (Date.now() > until) throw new WaitTimeoutError(`evidence for release ${tag} was not collected within ${timeoutS}s`);
      await sleep(250);
    }
  },
};
