import type { VerbSpec } from '../../kit/verb.js';
import { addProjectOption, nameArg, projectRef, repoPath, type ProjectOpts } from '../branches/project.js';

export const deleteVerb: VerbSpec<ProjectOpts> = {
  name: 'delete',
  bulk: true,
  destructive: true,
  args: '<tag>',
  summary: 'Delete a tag (and the release made from it)',
  aliases: ['rm'],
  examples: ['hostctl tags delete v0.9.0 -R acme/web/storefront', 'hostctl tags delete v0.9.0 -R 5 --yes'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [tag], o) {
    const name = nameArg(tag, 'TAG');
    const path = repoPath(projectRef(o), '/tags/:tag', { tag: name });
    const api = await cli.client();
    const { data } = await api.get<{ release: unknown }>(path);
    await cli.confirm(`Delete tag ${name}${data.release ? ' and its release' : ''}?`);
    await api.delete(path);
    cli.info(`deleted tag ${name}`);
  },
};
