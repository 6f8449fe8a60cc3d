import type { VerbSpec } from '../../kit/verb.js';
import { addProjectOption, projectRef, releasePath, tagArg, type ProjectOpts } from './project.js';

export const deleteVerb: VerbSpec<ProjectOpts> = {
  name: 'delete',
  bulk: true,
  destructive: true,
  args: '<tag>',
  summary: 'Delete a release (Developer); its git tag is kept',
  aliases: ['rm'],
  examples: ['hostctl releases delete v1.3.0 -R acme/web/storefront', 'hostctl releases delete v1.3.0 -R 5 --yes -o json   # prints the deleted release'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [tag], o) {
    const path = releasePath(projectRef(o), tagArg(tag));
    const api = await cli.client();
    // Looked up first so that a wrong tag fails before the question.
    await api.get(path);
    await cli.confirm(`Delete release ${String(tag)} (the tag stays)?`);
    const { data } = await api.delete<Record<string, unknown>>(path);
    await cli.showChanged(data, undefined, `deleted release ${String(tag)}; tag ${String(tag)} kept`);
  },
};
