import type { VerbSpec } from '../../kit/verb.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import type { ApiClient } from '../../../client/client.js';
import { LINK_COLUMNS } from './columns.js';
import { linkBody, linkFieldOptions, type LinkFieldOpts } from './links-add.js';
import { addProjectOption, projectRef, releasePath, tagArg, type ProjectOpts } from './project.js';

/** A link by id or by name (names are unique within a release); the name is looked up. */
export async function resolveLink(api: ApiClient, releaseLinks: string, value: string | undefined): Promise<string> {
  if (value === undefined || value.trim() === '') throw new UsageError('missing LINK (a link id or name; see: hostctl releases links list TAG)');
  if (/^\d+$/.test(value)) return value;
  for await (const link of api.paginate<{ id: number; name: string }>(releaseLinks, { per_page: 100 })) if (link.name === value) return String(link.id);
  throw new CliError(`no asset link named "${value}" on this release`, EXIT.notFound, 'list them with: hostctl releases links list TAG -R PROJECT');
}

export const linksUpdateVerb: VerbSpec<ProjectOpts & LinkFieldOpts> = {
  name: 'update',
  bulk: true,
  args: '<tag> <link>',
  summary: "Change a release's asset link (Developer); give --name or --link-url, or both",
  aliases: ['edit'],
  examples: [
    'hostctl releases links update v1.3.0 12 -R acme/web/storefront --link-url https://cdn.example.com/v1.3.0/app-linux',
    'hostctl releases links update v1.3.0 12 -R 5 --name linux-amd64 --path /bin/linux-amd64',
  ],
  options: (cmd) => linkFieldOptions(addProjectOption(cmd)),
  async run(cli, [tag, link], o) {
    // The platform needs a name or a URL in every change.
    if (o.name === undefined && o.linkUrl === undefined) throw new UsageError('give --name or --link-url (or both) with a change');
    const api = await cli.client();
    const id = await resolveLink(api, releasePath(projectRef(o), tagArg(tag), '/assets/links'), link);
    const path = releasePath(projectRef(o), tagArg(tag), `/assets/links/${id}`);
    const body = linkBody(o);
    // A change touches only what was given: the platform resets an omitted link_type to `other`,
    // so the current type is sent along.
    if (body.link_type === undefined && !cli.globals.dryRun) {
      const { data: current } = await api.get<{ link_type?: string }>(path);
      if (typeof current.link_type === 'string') body.link_type = current.link_type;
    }
    const { data } = await api.put<Record<string, unknown>>(path, body);
    await cli.showItem(data, LINK_COLUMNS);
  },
};
