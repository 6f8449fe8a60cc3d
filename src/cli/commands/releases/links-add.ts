import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { checkChoice, defined } from '../../kit/refs.js';
import { LINK_COLUMNS, LINK_TYPES } from './columns.js';
import { addProjectOption, projectRef, releasePath, tagArg, type ProjectOpts } from './project.js';

export interface LinkFieldOpts {
  name?: string;
  linkUrl?: string;
  path?: string;
  type?: string;
}

export function linkFieldOptions(cmd: Parameters<NonNullable<VerbSpec['options']>>[0]) {
  return cmd
    .option('--name <name>', 'link name (unique within the release)')
    // Not --url: that global flag names a remote instance.
    .option('--link-url <url>', 'where the asset is (http, https or ftp; unique within the release)')
    .option('--path <path>', 'direct asset path, for the permanent download URL (e.g. /bin/app-linux)')
    .option('--type <type>', `link type: ${LINK_TYPES.join(', ')}`);
}

export function linkBody(o: LinkFieldOpts): Record<string, unknown> {
  if (o.type !== undefined) checkChoice(o.type, LINK_TYPES, '--type');
  const path = o.path === undefined || o.path === '' || o.path.startsWith('/') ? o.path : `/${o.path}`;
  return defined({ name: o.name, url: o.linkUrl, direct_asset_path: path, link_type: o.type });
}

export const linksAddVerb: VerbSpec<ProjectOpts & LinkFieldOpts> = {
  name: 'add',
  bulk: true,
  args: '<tag>',
  summary: 'Add an asset link to a release (Developer)',
  aliases: ['create'],
  examples: [
    'hostctl releases links add v1.3.0 -R acme/web/storefront --name linux --link-url https://cdn.example.com/app-linux --path /bin/app-linux --type package',
    'hostctl releases links add v1.3.0 -R 5 --name "Runbook" --link-url https://wiki.example.com/runbook --type runbook',
  ],
  options: (cmd) => linkFieldOptions(addProjectOption(cmd)),
  async run(cli, [tag], o) {
    if (o.name === undefined || o.linkUrl === undefined) throw new UsageError('missing --name or --link-url (both are needed)');
    const api = await cli.client();
    const { data } = await api.post<Record<string, unknown>>(releasePath(projectRef(o), tagArg(tag), '/assets/links'), linkBody(o));
    await cli.showItem(data, LINK_COLUMNS);
  },
};
