import type { VerbSpec } from '../../kit/verb.js';
import { addProjectOption, projectRef, releasePath, tagArg, type ProjectOpts } from './project.js';
import { EVIDENCE_COLUMNS, EVIDENCE_FIELDS, evidenceRows, type ReleaseEvidences } from './evidences.js';

export const evidenceListVerb: VerbSpec<ProjectOpts> = {
  name: 'list',
  args: '<tag>',
  summary: "List a release's evidences (newest first): id, when collected, SHA-256 of the document",
  aliases: ['ls'],
  examples: ['hostctl releases evidence list v1.1.0 -R acme/web/storefront', 'hostctl releases evidence list v1.1.0 -R 5 -o json --fields id,sha'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [tag], o) {
    const api = await cli.client();
    // The release lists its evidences to those who may read its code; others see none.
    const { data } = await api.get<ReleaseEvidences>(releasePath(projectRef(o), tagArg(tag)));
    await cli.showList(evidenceRows(data.evidences ?? []), EVIDENCE_COLUMNS, EVIDENCE_FIELDS);
  },
};
