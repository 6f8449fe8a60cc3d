import type { VerbSpec } from '../../kit/verb.js';
import { apiPath, idOrPath } from '../../kit/refs.js';

export const deleteVerb: VerbSpec = {
  name: 'delete',
  bulk: true,
  destructive: true,
  args: '<group>',
  summary: 'Delete a group with its subgroups and projects (Owner)',
  aliases: ['rm'],
  examples: ['hostctl groups delete acme/sandbox', 'hostctl groups delete 12 --yes'],
  async run(cli, [group]) {
    const api = await cli.client();
    const path = apiPath('/groups/:id', { id: idOrPath(group, 'GROUP') });
    // Looked up first so that a wrong name fails before the question, and the question names it.
    const { data } = await api.get<{ full_path: string }>(path, { with_projects: false });
    await cli.confirm(`Delete group ${data.full_path} with all its subgroups and projects?`);
    await api.delete(path);
    cli.info(`deleted group ${data.full_path}`);
  },
};
