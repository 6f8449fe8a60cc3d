// Names in a settings file against the target: usernames, group and project paths, each looked
// up once. An unknown name is a SettingsFileError at the place the file names it.
import { ApiError } from '../../client/api-error.js';
import type { ApiClient } from '../../client/client.js';
import { SettingsFileError, type Locator, type NameResolver } from './section.js';

type Kind = 'user' | 'group' | 'project';

export class CachedNames implements NameResolver {
  private readonly ids = new Map<string, Promise<number | undefined>>();
  private readonly paths = new Map<string, Promise<string>>();

  constructor(private readonly client: ApiClient) {}

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
