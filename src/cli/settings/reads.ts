// The reads of a plan or an export, batched per section: against a hostctl instance one request
// answers one section of up to 100 targets (GET /hostctl/settings_reads, each entry exactly what
// the section's own route answers), so 1,000 projects × 5 sections cost 50 requests, not 5,000.
// A section still reads through its own path (`list`, `get`, `request` below); a prefetched
// answer is handed out once, and anything not prefetched (a platform without the extension, a
// list longer than one page) is read through the platform's own route as before.
import { ApiError } from '../../client/api-error.js';
import type { ApiClient } from '../../client/client.js';
import { mapLimit, READ_CONCURRENCY } from './concurrency.js';
import type { AnySection, Target } from './section.js';

/** Targets per batched request (the server's limit). */
export const BATCH_TARGETS = 100;

interface Answer {
  status: number;
  body: unknown;
  next_page?: number;
}

const pathOf = (scope: 'projects' | 'groups', id: number, endpoint: string): string => `/${scope}/${id}/${endpoint}`;

export class SettingsReads {
  private readonly answers = new Map<string, Answer>();

  constructor(
    private readonly client: ApiClient,
    private readonly batched: boolean,
  ) {}

  /** Reads ahead, per section, every target's state that `work` will ask for. */
  async prefetch(work: readonly { target: Target; section: AnySection }[]): Promise<void> {
    if (!this.batched) return;
    const groups = new Map<string, { scope: 'projects' | 'groups'; endpoint: string; ids: Set<number> }>();
    for (const { target, section } of work) {
      if (!section.endpoint || target.id === undefined || target.scope === 'global') continue;
      const scope = target.scope === 'group' ? 'groups' : 'projects';
      const key = `${scope} ${section.endpoint}`;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { scope, endpoint: section.endpoint, ids: new Set() }));
      group.ids.add(target.id);
    }
    const requests = [...groups.values()].flatMap(({ scope, endpoint, ids }) => {
      const all = [...ids];
      return Array.from({ length: Math.ceil(all.length / BATCH_TARGETS) }, (_, i) => ({ scope, endpoint, ids: all.slice(i * BATCH_TARGETS, (i + 1) * BATCH_TARGETS) }));
    });
    await mapLimit(requests, READ_CONCURRENCY, async ({ scope, endpoint, ids }) => {
      const { data } = await this.client.get<Record<string, Answer>>('/hostctl/settings_reads', { scope, path: endpoint, ids: ids.join(',') });
      const answers = this.client.expectRecord<Record<string, Answer>>(data);
      for (const id of ids) {
        const answer = answers[String(id)];
        if (answer && typeof answer.status === 'number') this.answers.set(pathOf(scope, id, endpoint), answer);
      }
    });
  }

  /** The prefetched answer of `path`, handed out once (a second read goes to the route). */
  private take(path: string): Answer | undefined {
    const hit = this.answers.get(path);
    if (hit) this.answers.delete(path);
    return hit;
  }

  /** The whole list at `path` (every page). */
  async list<T>(path: string): Promise<T[]> {
    const hit = this.take(path);
    if (!hit) return this.readAll<T>(path, 1);
    if (hit.status >= 400) throw new ApiError(hit.status, hit.body, {}, 'GET', path);
    const out = [...this.client.expectList<T>(hit.body)];
    if (hit.next_page) out.push(...(await this.readAll<T>(path, hit.next_page)));
    return out;
  }

  /** The record at `path`; an error status throws as the request would. */
  async get<T>(path: string): Promise<T> {
    const res = await this.request<T>(path);
    if (res.status >= 400) throw new ApiError(res.status, res.data, {}, 'GET', path);
    return res.data;
  }

  /** The answer at `path` whatever its status (a section that reads a 404 as "not configured"). */
  async request<T>(path: string): Promise<{ status: number; data: T }> {
    const hit = this.take(path);
    if (hit) return { status: hit.status, data: hit.body as T };
    const res = await this.client.request<T>('GET', path, { allowError: true });
    return { status: res.status, data: res.data };
  }

  private async readAll<T>(path: string, page: number): Promise<T[]> {
    const out: T[] = [];
    for await (const item of this.client.paginate<T>(path, { per_page: 100, ...(page > 1 ? { page } : {}) })) out.push(item);
    return out;
  }
}
