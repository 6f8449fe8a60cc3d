import { basename } from 'node:path';
import type { VerbSpec } from '../../kit/verb.js';
import { apiPathOf } from '../../../client/client.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { apiPath, checkChoice } from '../../kit/refs.js';
import { addProjectOption, projectRef, releasePath, tagArg, type ProjectOpts } from './project.js';
import { addDownloadOptions, bytesOf, mayWrite, writeDownload, type DownloadOpts } from '../../kit/download.js';

interface ReleaseDownloadOpts extends ProjectOpts, DownloadOpts {
  asset?: string;
  source?: string;
}

const SOURCE_FORMATS = ['zip', 'tar.gz', 'tar.bz2', 'tar'];

/** Fetches an asset from where its link points (outside the API), following redirects. */
async function downloadExternal(url: string): Promise<Uint8Array> {
  const { fetchExternal } = await import('../../../client/fetch-external.js');
  let res: Awaited<ReturnType<typeof fetchExternal>>;
  try {
    res = await fetchExternal(url);
  } catch (error) {
    const e = error as { code?: string; message?: string };
    throw new CliError(`cannot download ${url}: ${e.code ?? e.message ?? String(error)}`, EXIT.unavailable);
  }
  if (res.status < 200 || res.status > 299) throw new CliError(`downloading ${url} answered HTTP ${res.status}`, res.status === 404 ? EXIT.notFound : EXIT.failure);
  return res.body;
}

export const downloadVerb: VerbSpec<ReleaseDownloadOpts> = {
  name: 'download',
  args: '<tag>',
  summary: "Download a release's asset (by its direct asset path) or a source archive of its tag",
  examples: [
    'hostctl releases download v1.3.0 -R acme/web/storefront --asset bin/app-linux',
    'hostctl releases download v1.3.0 -R acme/web/storefront --source tar.gz',
    'hostctl releases download v1.3.0 -R 5 --source zip -O storefront.zip',
    'hostctl releases download v1.3.0 -R 5 --source tar -O - | tar tf -',
  ],
  options: (cmd) =>
    addDownloadOptions(
      addProjectOption(cmd)
        .option('--asset <path>', 'the direct asset path of one of the release\'s links (e.g. bin/app-linux)')
        .option('--source <format>', `a source archive of the tag: ${SOURCE_FORMATS.join(', ')}`),
      "the file's own name",
    ),
  async run(cli, [tagValue], o) {
    const tag = tagArg(tagValue);
    if ((o.asset === undefined) === (o.source === undefined)) throw new UsageError('give exactly one of --asset PATH and --source FORMAT');
    if (o.source !== undefined) checkChoice(o.source, SOURCE_FORMATS, '--source');
    const project = projectRef(o);
    // Where it goes is checked before anything is fetched when known (-O, or an asset's name); a source archive's name only after.
    const known = o.outputFile ?? (o.asset !== undefined ? basename(o.asset.replace(/^\/+/, '')) : undefined);
    if (known !== undefined && !mayWrite(cli, known, o)) return;
    const api = await cli.client();
    let data: Uint8Array;
    let name: string;
    if (o.asset !== undefined) {
      const assetPath = o.asset.replace(/^\/+/, '');
      if (assetPath === '') throw new UsageError('--asset needs a path');
      // The API answers with a redirect to wherever the link points.
      const res = await api.get(releasePath(project, tag, `/downloads/${assetPath.split('/').map(encodeURIComponent).join('/')}`));
      const location = res.headers.location;
      if (!location) throw new CliError(`expected a redirect for asset ${assetPath}, got HTTP ${res.status}`, EXIT.failure);
      data = location.startsWith('/api/v4/') ? bytesOf((await api.get(apiPathOf(location))).raw) : await downloadExternal(location);
      name = basename(assetPath);
    } else {
      const format = o.source as string;
      // The release lists its sources; the archive itself comes from the repository archive API.
      const { data: release } = await api.get<{ assets?: { sources?: { format: string; url: string }[] } }>(releasePath(project, tag));
      const source = release.assets?.sources?.find((s) => s.format === format);
      if (!source) throw new CliError(`release ${tag} offers no ${format} source to this user (code access is needed)`, EXIT.auth);
      const res = await api.get(apiPath(`/projects/:id/repository/archive.${format}`, { id: project }), { sha: tag });
      data = bytesOf(res.raw);
      name = decodeURIComponent(basename(new URL(source.url).pathname));
    }
    const target = o.outputFile ?? name;
    if (known === undefined && !mayWrite(cli, target, o)) return;
    writeDownload(cli, target, data);
  },
};
