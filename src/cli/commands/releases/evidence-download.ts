import type { VerbSpec } from '../../kit/verb.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { addDownloadOptions, bytesOf, mayWrite, writeDownload, type DownloadOpts } from '../../kit/download.js';
import { addProjectOption, projectRef, releasePath, tagArg, type ProjectOpts } from './project.js';
import { evidenceRows, type ReleaseEvidences } from './evidences.js';

interface EvidenceDownloadOpts extends ProjectOpts, DownloadOpts {
  id?: string;
}

export const evidenceDownloadVerb: VerbSpec<EvidenceDownloadOpts> = {
  name: 'download',
  args: '<tag>',
  summary: "Download a release's evidence document (JSON; the newest unless --id), as the server stored it",
  examples: [
    'hostctl releases evidence download v1.1.0 -R acme/web/storefront            # writes v1.1.0-evidence-ID.json',
    'hostctl releases evidence download v1.1.0 -R 5 --id 3 -O - | jq .release.milestones',
    'hostctl releases evidence download v1.1.0 -R 5 -O evidence.json --clobber',
  ],
  options: (cmd) => addDownloadOptions(addProjectOption(cmd).option('--id <id>', 'the evidence to download (see releases evidence list; default: the newest)'), 'TAG-evidence-ID.json'),
  async run(cli, [tagValue], o) {
    const tag = tagArg(tagValue);
    if (o.id !== undefined && !/^\d+$/.test(o.id)) throw new UsageError(`--id must be an evidence id (a number, see releases evidence list), got "${o.id}"`);
    const project = projectRef(o);
    const api = await cli.client();
    const { data } = await api.get<ReleaseEvidences>(releasePath(project, tag));
    const rows = evidenceRows(data.evidences ?? []);
    const row = o.id === undefined ? rows[0] : rows.find((r) => r.id === Number(o.id));
    if (!row) {
      throw new CliError(
        o.id === undefined ? `release ${tag} has no evidence (or you may not read its code)` : `release ${tag} has no evidence ${o.id}`,
        EXIT.notFound,
        o.id === undefined ? `collect it with: hostctl releases evidence collect ${tag} --wait` : `list them with: hostctl releases evidence list ${tag}`,
      );
    }
    const target = o.outputFile ?? `${tag.replace(/[/\\]/g, '-')}-evidence-${row.id ?? row.sha.slice(0, 12)}.json`;
    if (!mayWrite(cli, target, o)) return;
    // The document lives at the web address the release lists (the platform has no API route for
    // it); serve and a local state answer that address too, with the same permission rules.
    const res = await api.getWeb(row.filepath);
    if (res.status !== 200) {
      const to = res.headers.location ? ` (to ${res.headers.location})` : '';
      throw new CliError(`${row.filepath} answered HTTP ${res.status}${to}, not the evidence document`, EXIT.auth, 'the server may want a signed-in browser session for that address: open it in a browser');
    }
    writeDownload(cli, target, bytesOf(res.raw));
  },
};
