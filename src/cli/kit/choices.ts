// Values of the current target for completion and prompts: project paths, group paths,
// usernames, tags and branches. Which options and arguments take them is decided by name here,
// so a later noun's `--project` or `<tag>` gets the same completion and prompt.
import { apiPath, idOrPath } from './refs.js';
import type { ApiClient } from '../../client/client.js';

export const DYNAMIC_RESOURCES = ['projects', 'groups', 'users', 'tags', 'branches'] as const;
export type DynamicResource = (typeof DYNAMIC_RESOURCES)[number];

export const ARGUMENT_RESOURCES: Record<string, DynamicResource> = { project: 'projects', group: 'groups', user: 'users', tag: 'tags', branch: 'branches' };
export const OPTION_RESOURCES: Record<string, DynamicResource> = {
  '--project': 'projects',
  '--repo': 'projects',
  '--group': 'groups',
  '--parent': 'groups',
  '--namespace': 'groups',
  '--user': 'users',
  '--username': 'users',
  '--tag': 'tags',
  '--branch': 'branches',
  '--ref': 'branches',
};

const SOURCES: Record<DynamicResource, (project?: string) => [path: string, field: string, query: Record<string, unknown>] | undefined> = {
  projects: () => ['/projects', 'path_with_namespace', { simple: true, order_by: 'last_activity_at', per_page: 100 }],
  groups: () => ['/groups', 'full_path', { all_available: true, per_page: 100 }],
  users: () => ['/users', 'username', { active: true, per_page: 100 }],
  tags: (project) => (project ? [apiPath('/projects/:id/repository/tags', { id: idOrPath(project, '--project') }), 'name', { per_page: 100 }] : undefined),
  branches: (project) => (project ? [apiPath('/projects/:id/repository/branches', { id: idOrPath(project, '--project') }), 'name', { per_page: 100 }] : undefined),
};

/** Up to 100 values of a resource from the target; empty when it cannot be asked. */
export async function targetValues(api: ApiClient, resource: DynamicResource, project?: string): Promise<string[]> {
  const source = SOURCES[resource](project);
  if (!source) return [];
  const [path, field, query] = source;
  const res = await api.request<Record<string, unknown>[]>('GET', path, { query, allowError: true });
  return res.status === 200 && Array.isArray(res.data) ? res.data.map((r) => r[field]).filter((v): v is string => typeof v === 'string') : [];
}
