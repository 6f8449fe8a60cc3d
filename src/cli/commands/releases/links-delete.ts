import type { VerbSpec } from '../../kit/verb.js';
import { resolveLink } from './links-update.js';
import { addProjectOption, projectRef, releasePath, tagArg, type ProjectOpts } from './project.js';

export const linksDeleteVerb: VerbSpec<ProjectOpts> = {
  name: 'delete',
  bulk: true,
  destructive: true,
  args: '<tag> <link>',
  summary: "Remove an asset link from a release (Developer)",
  aliases: ['rm'],
  examples: ['hostctl releases links delete v1.3.0 12 -R acme/web/storefront', 'hostctl releases links delete v1.3.0 linux -R 5 --yes     # by name'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [tag, link], o) {
    const api = await cli.client();
    const path = releasePath(projectRef(o), tagArg(tag), `/assets/links/${await resolveLink(api, releasePath(projectRef(o), tagArg(tag), '/assets/links'), link)}`);
    const { data: current } = await api.get<{ name: string }>(path);
    await cli.confirm(`Remove link "${current.name}" from release ${String(tag)}?`);
    const { data } = await api.delete<Record<string, unknown>>(path);
    await cli.showChanged(data, undefined, `removed link "${current.name}" from release ${String(tag)}`);
  },
};
