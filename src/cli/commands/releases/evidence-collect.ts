import type { VerbSpec } from '../../kit/verb.js';
import { parseDuration } from '../../kit/duration.js';
import { UsageError, WaitTimeoutError } from '../../kit/errors.js';
import { addProjectOption, projectRef, releasePath, tagArg, type ProjectOpts } from './project.js';
import { EVIDENCE_COLUMNS, EVIDENCE_FIELDS, evidenceRows, type ReleaseEvidences } from './evidences.js';

interface EvidenceOpts extends ProjectOpts {
  wait?: boolean;
  timeout?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const evidenceCollectVerb: VerbSpec<EvidenceOpts> = {
  name: 'collect',
  args: '<tag>',
  summary: 'Collect evidence for a release (paid tiers; self-managed and dedicated); runs in the background',
  examples: [
    'hostctl releases evidence collect v1.3.0 -R acme/web/storefront',
    'hostctl releases evidence collect v1.3.0 -R 5 --wait    # until the new evidence is listed',
    'hostctl releases evidence v1.3.0 -R 5 --wait --timeout 2m -o json   # collect is the default',
  ],
  options: (cmd) =>
    addProjectOption(cmd)
      .option('--wait', 'wait until the evidence has been collected, then show the evidences')
      .option('--timeout <duration>', 'with --wait: give up after this long (exit 7), e.g. 90s or 5m (default 60s)'),
  async run(cli, [tagValue], o) {
    const tag = tagArg(tagValue);
    const timeoutMs = o.timeout === undefined ? 60_000 : parseDuration(o.timeout, '--timeout');
    if (timeoutMs <= 0) throw new UsageError(`--timeout must be longer than 0, got "${String(o.timeout)}"`);
    const path = releasePath(projectRef(o), tag);
    const api = await cli.client();
    const before = o.wait ? ((await api.get<ReleaseEvidences>(path)).data.evidences?.length ?? 0) : 0;
    await api.post(`${path}/evidence`);
    if (!o.wait) {
      cli.info(`evidence collection for release ${tag} scheduled`);
      return;
    }
    const until = Date.now() + timeoutMs;
    for (;;) {
      const { data } = await api.get<ReleaseEvidences>(path);
      const evidences = data.evidences ?? [];
      if (evidences.length > before) {
        cli.info(`evidence collected for release ${tag}`);
        await cli.showList(evidenceRows(evidences), EVIDENCE_COLUMNS, EVIDENCE_FIELDS);
        return;
      }
      if (Date.now() > until) throw new WaitTimeoutError(`evidence for release ${tag} was not collected within ${o.timeout ?? '60s'}`);
      await sleep(250);
    }
  },
};
