// The numeric namespace id project creation needs, from an id or a full path: a group path
// through the groups API, any other namespace (a user's) through the namespaces API.
import type { ApiClient } from '../../../client/client.js';
import { CliError, EXIT } from '../../kit/errors.js';
import { apiPath, idOrPath } from '../../kit/refs.js';

export async function resolveNamespaceId(api: ApiClient, value: string, flag: string): Promise<number> {
  const ref = idOrPath(value, flag);
  if (typeof ref === 'number') return ref;
  const group = await api.request<{ id?: number }>('GET', apiPath('/groups/:id', { id: ref }), { allowError: true, query: { with_projects: false } });
  if (group.status === 200 && typeof group.data?.id === 'number') return group.data.id;
  const ns = await api.request<{ id?: number }>('GET', apiPath('/namespaces/:id', { id: ref }), { allowError: true });
  if (ns.status === 200 && typeof ns.data?.id === 'number') return ns.data.id;
  throw new CliError(`no group or namespace "${ref}" (from ${flag})`, EXIT.notFound, 'list groups with: hostctl groups list; leave it out for your own namespace');
}
