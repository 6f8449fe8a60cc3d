// Names in a settings file against the target: usernames, group and project paths, each looked
// up once. A hostctl target answers them a hundred at a time (`preload`, GET /hostctl/names);
// what that leaves unknown (or any name on a platform) is looked up one by one, so a moved
// project's old path still resolves. An unknown name is a SettingsFileError where the file names it.
import { ApiError } from '../../client/api-error.js';
import type { ApiClient } from '../../client/client.js';
import { mapLimit, READ_CONCURRENCY } from './concurrency.js';
import { SettingsFileError, type Locator, type NameResolver } from './section.js';

type Kind = 'user' | 'group' | 'project';

/** Names per GET /hostctl/names (the server's limit). */
const NAMES_PER_REQUEST = 100;

export class CachedNames implements NameResolver {
  private readonly ids = new Map<string, Promise<number | undefined>>();
  private readonly paths = new Map<string, Promise<string>>();

  constructor(
    private readonly client: ApiClient,
    /** The target has GET /hostctl/names (a hostctl instance). */
    private readonly batched = false,
  ) {}

  /** Resolves many names at once ahead of their one-by-one lookups (a hostctl target only). */
  async preload(wanted: { users?: Iterable<string>; groups?: Iterable<string>; projects?: Iterable<string> }): Promise<void> {
    if (!this.batched) return;
    const fresh = (kind: Kind, names: Iterable<string> | undefined) => [...new Set(names ?? [])].filter((n) => n !== '' && !n.includes(',') && !this.ids.has(`${kind}:${n.toLowerCase()}`));
    const lists = { usernames: fresh('user', wanted.users), group_paths: fresh('group', wanted.groups), project_paths: fresh('project', wanted.projects) };
    const requests: Record<string, string>[] = [];
    for (const [param, names] of Object.entries(lists)) {
      for (let i = 0; i < names.length; i += NAMES_PER_REQUEST) requests.push({ [param]: names.slice(i, i + NAMES_PER_REQUEST).join(',') });
    }
    type Answer = Partial<Record<'users' | 'groups' | 'projects', Record<string, string>>> & { ids?: Partial<Record<'users' | 'groups' | 'projects', Record<string, number>>> };
    await mapLimit(requests, READ_CONCURRENCY, async (query) => {
      const { data } = await this.client.get<Answer>('/hostctl/names', query);
      const answer = this.client.expectRecord<Answer>(data);
      for (const [plural, kind] of [['users', 'user'], ['groups', 'group'], ['projects', 'project']] as const) {
        // Each name as stored (its case), then the file's spelling of it.
        for (const [id, name] of Object.entries(answer[plural] ?? {})) this.remember(kind, name, Number(id));
        for (const [name, id] of Object.entries(answer.ids?.[plural] ?? {})) this.ids.set(`${kind}:${name.toLowerCase()}`, Promise.resolve(id));
      }
    });
  }

  /** Records a pair already known (from a listing), so it is never asked for. */
  remember(kind: Kind, name: string, id: number): void {
    this.ids.set(`${kind}:${name.toLowerCase()}`, Promise.resolve(id));
    this.paths.set(`${kind}:${id}`, Promise.resolve(name));
  }

  private lookup(kind: Kind, name: string): Promise<number | undefined> {
    const key = `${kind}:${name.toLowerCase()}`;
    let hit = this.ids.get(key);
    if (!hit) {
      hit = (async () => {
        if (kind === 'user') {
          const { data } = await this.client.get<{ id: number; username: string }[]>('/users', { username: name });
          const user = this.client.expectList<{ id: number; username: string }>(data).find((u) => u.username.toLowerCase() === name.toLowerCase());
          if (user) this.paths.set(`user:${user.id}`, Promise.resolve(user.username));
          return user?.id;
        }
        try {
          const { data } = await this.client.get<{ id: number }>(`/${kind}s/${encodeURIComponent(name)}`, kind === 'project' ? { simple: true } : { with_projects: false });
          return data.id;
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return undefined;
          throw error;
        }
      })();
      this.ids.set(key, hit);
    }
    return hit;
  }

  private async idOf(kind: Kind, name: string, at?: Locator): Promise<number> {
    const id = await this.lookup(kind, name);
    if (id === undefined) {
      const message = `no ${kind} "${name}" on the target (or the token cannot see it)`;
      throw at ? new SettingsFileError(at, message, true) : new Error(message);
    }
    return id;
  }

  private nameOf(kind: Kind, id: number): Promise<string> {
    const key = `${kind}:${id}`;
    let hit = this.paths.get(key);
    if (!hit) {
      hit = (async () => {
        const { data } = await this.client.get<Record<string, unknown>>(`/${kind}s/${id}`, kind === 'group' ? { with_projects: false } : {});
        return String(kind === 'user' ? data.username : kind === 'group' ? data.full_path : data.path_with_namespace);
      })();
      this.paths.set(key, hit);
    }
    return hit;
  }

  userId = (username: string, at?: Locator) => this.idOf('user', username, at);
  username = (id: number) => this.nameOf('user', id);
  groupId = (fullPath: string, at?: Locator) => this.idOf('group', fullPath, at);
  groupPath = (id: number) => this.nameOf('group', id);
  projectId = (fullPath: string, at?: Locator) => this.idOf('project', fullPath, at);
  projectPath = (id: number) => this.nameOf('project', id);
}
