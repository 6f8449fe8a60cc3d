import type { VerbSpec } from '../../kit/verb.js';
import { apiPath, idOrPath } from '../../kit/refs.js';

export const deleteVerb: VerbSpec = {
  name: 'delete',
  bulk: true,
  destructive: true,
  args: '<project>',
  summary: 'Delete a project and its repository (Owner)',
  aliases: ['rm'],
  examples: ['hostctl projects delete acme/sandbox/scratch', 'hostctl projects delete 5 --yes'],
  async run(cli, [project]) {
    const api = await cli.client();
    const path = apiPath('/projects/:id', { id: idOrPath(project, 'PROJECT') });
    // Looked up first so that a wrong name fails before the question, and the question names it.
    const { data } = await api.get<{ path_with_namespace: string }>(path);
    await cli.confirm(`Delete project ${data.path_with_namespace} and its repository?`);
    await api.delete(path);
    cli.info(`deleted project ${data.path_with_namespace}`);
  },
};
