import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { LINK_COLUMNS } from './columns.js';
import { linkBody, linkFieldOptions, type LinkFieldOpts } from './links-add.js';
import { addProjectOption, projectRef, releasePath, tagArg, type ProjectOpts } from './project.js';

export const linkIdArg = (value: string | undefined): string => {
  if (value === undefined || !/^\d+$/.test(value)) throw new UsageError(`LINK must be a link id (see: hostctl releases links list TAG), got "${String(value)}"`);
  return value;
};

export const linksUpdateVerb: VerbSpec<ProjectOpts & LinkFieldOpts> = {
  name: 'update',
  args: '<tag> <link>',
  summary: "Change a release's asset link (Developer); give --name or --link-url, or both",
  aliases: ['edit'],
  examples: [
    'hostctl releases links update v1.3.0 12 -R acme/web/storefront --link-url https://cdn.example.com/v1.3.0/app-linux',
    'hostctl releases links update v1.3.0 12 -R 5 --name linux-amd64 --path /bin/linux-amd64',
  ],
  options: (cmd) => linkFieldOptions(addProjectOption(cmd)),
  async run(cli, [tag, link], o) {
    const id = linkIdArg(link);
    // The platform needs a name or a URL in every change.
    if (o.name === undefined && o.linkUrl === undefined) throw new UsageError('give --name or --link-url (or both) with a change');
    const api = await cli.client();
    const { data } = await api.put<Record<string, unknown>>(releasePath(projectRef(o), tagArg(tag), `/assets/links/${id}`), linkBody(o));
    await cli.showItem(data, LINK_COLUMNS);
  },
};
