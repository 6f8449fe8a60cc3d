// Names of users, groups and projects for ids that answers hold (a token's owner, a group's
// parent): every id of a table in one request (`GET /hostctl/names`, a hostctl extension),
// whatever the number of rows. A target without that extension (a GitLab-compatible server) is
// asked once per distinct id instead, at most 100 of each kind, as it offers nothing better.
import type { ApiClient } from '../../client/client.js';

const LOOKUP_PATH = { user: ['/users/', 'username'], group: ['/groups/', 'full_path'], project: ['/projects/', 'path_with_namespace'] } as const;
const NAMES_PARAM = { user: 'user_ids', group: 'group_ids', project: 'project_ids' } as const;
const NAMES_FIELD = { user: 'users', group: 'groups', project: 'projects' } as const;
export type LookupKind = keyof typeof LOOKUP_PATH;

/** The names of the ids wanted, by kind; ids the target does not show are absent. */
export async function namesOf(api: ApiClient, wanted: Map<LookupKind, Set<number>>): Promise<Map<LookupKind, Map<number, string>>> {
  const names = new Map<LookupKind, Map<number, string>>([...wanted.keys()].map((k) => [k, new Map<number, string>()]));
  const asked = [...wanted].filter(([, ids]) => ids.size > 0);
  if (asked.length === 0) return names;
  const query = Object.fromEntries(asked.map(([kind, ids]) => [NAMES_PARAM[kind], [...ids].join(',')]));
  const res = await api.request<Record<string, unknown>>('GET', '/hostctl/names', { allowError: true, query });
  if (res.status === 200 && res.data && typeof res.data === 'object') {
    for (const [kind] of asked) {
      const found = res.data[NAMES_FIELD[kind]];
      if (!found || typeof found !== 'object') continue;
      for (const [id, name] of Object.entries(found as Record<string, unknown>)) if (typeof name === 'string') names.get(kind)?.set(Number(id), name);
    }
    return names;
  }
  // No extension on this target: the platform's own endpoints, one per distinct id.
  await Promise.all(
    asked.flatMap(([kind, ids]) =>
      [...ids].map(async (id) => {
        const [prefix, field] = LOOKUP_PATH[kind];
        const one = await api.request<Record<string, unknown>>('GET', `${prefix}${id}`, { allowError: true, ...(kind === 'group' ? { query: { with_projects: false } } : {}) });
        const name = one.status === 200 && one.data ? one.data[field] : undefined;
        if (typeof name === 'string') names.get(kind)?.set(id, name);
      }),
    ),
  );
  return names;
}
