// hostctl releases upload TAG ASSET...: attaches assets to a release, gh style (`URL#label`).
// An asset is a URL for now; a local file would need a package registry to hold it.
import { existsSync } from 'node:fs';
import type { VerbSpec } from '../../kit/verb.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { checkChoice } from '../../kit/refs.js';
import { LINK_COLUMNS, LINK_TYPES } from './columns.js';
import { addProjectOption, projectRef, releasePath, tagArg, type ProjectOpts } from './project.js';

interface UploadOpts extends ProjectOpts {
  type?: string;
}

/** `https://cdn/x/app.tgz#App for Linux` → url and name (the label, else the file name). */
export function parseAsset(spec: string): { url: string; name: string } {
  const hash = spec.lastIndexOf('#');
  const [url, label] = hash > 0 ? [spec.slice(0, hash), spec.slice(hash + 1)] : [spec, ''];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    if (existsSync(url)) throw new CliError(`"${url}" is a local file; attaching files needs a package registry, which this instance does not offer yet`, EXIT.usage, 'upload it somewhere reachable and attach its URL: hostctl releases upload TAG https://…/file#Label');
    throw new UsageError(`ASSET must be an http, https or ftp URL (optionally URL#label), got "${spec}"`);
  }
  if (!['http:', 'https:', 'ftp:'].includes(parsed.protocol)) throw new UsageError(`ASSET must be an http, https or ftp URL, got "${spec}"`);
  const name = label || decodeURIComponent(parsed.pathname.split('/').filter(Boolean).pop() ?? parsed.hostname);
  return { url, name };
}

export const uploadVerb: VerbSpec<UploadOpts> = {
  name: 'upload',
  bulk: true,
  args: '<tag> <asset...>',
  complete: { asset: 'file' },
  summary: 'Attach assets to a release: URLs, each optionally URL#label (Developer)',
  examples: [
    'hostctl releases upload v1.3.0 https://cdn.example.com/app-linux.tar.gz -R acme/web/storefront',
    "hostctl releases upload v1.3.0 'https://cdn.example.com/app.msi#Windows installer' --type package -R 5",
  ],
  options: (cmd) => addProjectOption(cmd).option('--type <type>', `link type for every asset: ${LINK_TYPES.join(', ')}`),
  async run(cli, [tag, ...specs], o) {
    if (o.type !== undefined) checkChoice(o.type, LINK_TYPES, '--type');
    if (specs.length === 0) throw new UsageError('missing ASSET (a URL to attach)');
    const assets = specs.map(parseAsset);
    const api = await cli.client();
    const path = releasePath(projectRef(o), tagArg(tag), '/assets/links');
    const added: Record<string, unknown>[] = [];
    for (const a of assets) {
      const { data } = await api.post<Record<string, unknown>>(path, { name: a.name, url: a.url, ...(o.type ? { link_type: o.type } : {}) });
      added.push(data);
      cli.info(`attached "${a.name}" to ${String(tag)}`);
    }
    if (cli.globals.output !== 'table' || cli.globals.fields || cli.globals.jq !== undefined) await cli.showList(added, LINK_COLUMNS);
  },
};
