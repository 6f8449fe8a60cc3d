// Values of the current target for completion and prompts: project paths, group paths (all, or
// only top-level ones), usernames, enterprise users of a group, tags, branches, wiki page slugs,
// storage names, and the time zones this machine knows. Which options and arguments take them is
// decided by name here, so a later noun's `--project` or `<tag>` gets the same completion and
// prompt; FILE arguments complete files. A verb or noun whose argument means something narrower
// says so (`complete` in its spec, `completeWith` for a noun): saml's GROUP is a top-level group,
// releases upload's ASSET a file on disk.
import type { Command } from 'commander';
import { apiPath, idOrPath } from './refs.js';
import type { ApiClient } from '../../client/client.js';

export const DYNAMIC_RESOURCES = ['projects', 'groups', 'top-groups', 'users', 'enterprise-users', 'tags', 'branches', 'wikis', 'wiki-attachments', 'storages', 'timezones'] as const;
export type DynamicResource = (typeof DYNAMIC_RESOURCES)[number];

/** What an argument or option value completes to: target values, or files and directories on this machine. */
export type Completion = DynamicResource | 'file' | 'directory';

export const ARGUMENT_RESOURCES: Record<string, DynamicResource> = { project: 'projects', group: 'groups', user: 'users', tag: 'tags', branch: 'branches', slug: 'wikis', storage: 'storages' };
/**
 * Kinds of value named by the option's value name, whatever the option is called: `--storage
 * <storage>`, `--from <storage>` and `--to <storage>` all complete storage names, and so does an
 * argument named STORAGE. One declaration, in the option's own syntax.
 */
export const VALUE_RESOURCES: Record<string, DynamicResource> = { storage: 'storages' };
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
  '--timezone': 'timezones',
};

/** Completions a command (and every command below it) declares for its arguments (by name) and options (by --long). */
const declared = new WeakMap<Command, Readonly<Record<string, Completion>>>();

export function completeWith(cmd: Command, map: Readonly<Record<string, Completion>>): void {
  declared.set(cmd, { ...(declared.get(cmd) ?? {}), ...map });
}

/**
 * What an argument (`file`) or option (`--timezone`) of `cmd` completes to: the nearest
 * declaration on the command or its parents, else the shared meaning of the name. Options whose
 * value has a fixed list (commander choices) are decided by the caller first.
 */
export function completionOf(cmd: Command, name: string): Completion | undefined {
  for (let c: Command | null = cmd; c; c = c.parent) {
    const hit = declared.get(c)?.[name];
    if (hit) return hit;
  }
  // An argument named FILE is a local file the verb reads (the kit checks it before the verb runs).
  if (name === 'file') return 'file';
  if (name.startsWith('--')) {
    const flags = cmd.options.find((o) => o.long === name)?.flags;
    const valueName = flags ? /[<[]([^>\]]+)[>\]]/.exec(flags)?.[1] : undefined;
    if (valueName && VALUE_RESOURCES[valueName]) return VALUE_RESOURCES[valueName];
  }
  const resource = name.startsWith('--') ? OPTION_RESOURCES[name] : ARGUMENT_RESOURCES[name];
  return resource && namesNewOne(cmd, name, resource) ? undefined : resource;
}

/**
 * Under a `create` verb, the value that names what it makes (`users create --username`,
 * `tags create TAG`, `branches create BRANCH`) is new: the existing ones are no answer, so it
 * completes nothing and is asked for as free text. Options naming where it goes (`--ref`,
 * `groups create --parent`) keep their values.
 */
function namesNewOne(cmd: Command, name: string, resource: DynamicResource): boolean {
  return cmd.name() === 'create' && cmd.parent?.name() === resource && (NEW_NAMES[resource] ?? []).includes(name);
}

const NEW_NAMES: Partial<Record<DynamicResource, readonly string[]>> = {
  users: ['--username', 'user'],
  tags: ['tag', '--tag'],
  branches: ['branch', '--branch'],
  projects: ['project'],
  groups: ['group'],
};

/** Where the values come from: the project (-R) and group (-g, or a verb's GROUP argument) on the line. */
export interface Scope {
  project?: string;
  group?: string;
}

type Source = [path: string, field: string, query: Record<string, unknown>];

const SOURCES: Record<Exclude<DynamicResource, 'timezones'>, (scope: Scope) => Source | undefined> = {
  projects: () => ['/projects', 'path_with_namespace', { simple: true, order_by: 'last_activity_at', per_page: 100 }],
  groups: () => ['/groups', 'full_path', { all_available: true, per_page: 100 }],
  'top-groups': () => ['/groups', 'full_path', { all_available: true, top_level_only: true, per_page: 100 }],
  users: () => ['/users', 'username', { active: true, per_page: 100 }],
  'enterprise-users': ({ group }) => (group ? [apiPath('/groups/:id/enterprise_users', { id: idOrPath(group, '--group') }), 'username', { per_page: 100 }] : undefined),
  tags: ({ project }) => (project ? [apiPath('/projects/:id/repository/tags', { id: idOrPath(project, '--project') }), 'name', { per_page: 100 }] : undefined),
  branches: ({ project }) => (project ? [apiPath('/projects/:id/repository/branches', { id: idOrPath(project, '--project') }), 'name', { per_page: 100 }] : undefined),
  // A project's wiki when -R is on the line, else the group's.
  wikis: ({ project, group }) =>
    project ? [apiPath('/projects/:id/wikis', { id: idOrPath(project, '--project') }), 'slug', { per_page: 100 }] : group ? [apiPath('/groups/:id/wikis', { id: idOrPath(group, '--group') }), 'slug', { per_page: 100 }] : undefined,
  'wiki-attachments': ({ project, group }) =>
    project
      ? [apiPath('/hostctl/projects/:id/wiki_attachments', { id: idOrPath(project, '--project') }), 'file_path', { per_page: 100 }]
      : group
        ? [apiPath('/hostctl/groups/:id/wiki_attachments', { id: idOrPath(group, '--group') }), 'file_path', { per_page: 100 }]
        : undefined,
  storages: () => ['/hostctl/storages', 'name', {}],
};

/** Resources read on this machine, without a target (and without a token). */
export const isLocalResource = (resource: DynamicResource): boolean => resource === 'timezones';

/** Values known without asking a target. */
export async function localValues(resource: DynamicResource): Promise<string[]> {
  if (resource !== 'timezones') return [];
  const { timeZoneNames } = await import('../../shared/freeze-windows.js');
  return timeZoneNames();
}

/** Up to 100 values of a resource from the target (or this machine); empty when it cannot be asked. */
export async function targetValues(api: ApiClient | undefined, resource: DynamicResource, scope: Scope = {}): Promise<string[]> {
  if (resource === 'timezones') return localValues(resource);
  const source = SOURCES[resource](scope);
  if (!source || !api) return [];
  const [path, field, query] = source;
  const res = await api.request<Record<string, unknown>[]>('GET', path, { query, allowError: true });
  return res.status === 200 && Array.isArray(res.data) ? res.data.map((r) => r[field]).filter((v): v is string => typeof v === 'string') : [];
}
