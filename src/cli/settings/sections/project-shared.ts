// What the project sections (and protected environments at both levels) share: reading a whole
// paginated list, the API path of a target, checking a section's value where the file holds it,
// role names of the protection APIs, and users and groups named by id in answers turned back into
// the usernames and full paths a file uses.
import type { ApiClient } from '../../../client/client.js';
import { expandPath } from '../../../shared/path.js';
import type { Change, FieldChange, Locator, Target } from './project-interface.js';
import { SettingsFileError } from './project-interface.js';

/** `/projects/<id or encoded path>` or `/groups/…` of a target. */
export const containerPath = (target: Target): string =>
  expandPath(target.scope === 'group' ? '/groups/:id' : '/projects/:id', { id: target.id ?? target.path });

/** Every item of a paginated list, 100 a page. */
export async function readAll<T>(client: ApiClient, path: string): Promise<T[]> {
  const out: T[] = [];
  for await (const item of client.paginate<T>(path, { per_page: 100 })) out.push(item);
  return out;
}

/** The locator of something inside `at`. */
export const below = (at: Locator, ...pointer: (string | number)[]): Locator => ({ ...at, pointer: [...at.pointer, ...pointer] });

export const fail = (at: Locator, message: string): never => {
  throw new SettingsFileError(message, at);
};

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A mapping, refusing any key outside `known` (with the closest known key as a suggestion). */
export function record(value: unknown, at: Locator, what: string, known?: readonly string[]): Record<string, unknown> {
  if (!isRecord(value)) return fail(at, `${what} must be a mapping`);
  if (known) {
    for (const key of Object.keys(value)) {
      if (!known.includes(key)) {
        const near = closest(key, known);
        fail(below(at, key), `unknown key "${key}" in ${what}${near ? ` (did you mean "${near}"?)` : ''}; accepted: ${known.join(', ')}`);
      }
    }
  }
  return value;
}

export function list(value: unknown, at: Locator, what: string): unknown[] {
  if (!Array.isArray(value)) return fail(at, `${what} must be a list`);
  return value;
}

export function bool(value: unknown, at: Locator, what: string): boolean {
  if (typeof value !== 'boolean') return fail(at, `${what} must be true or false, got ${JSON.stringify(value)}`);
  return value;
}

export function text(value: unknown, at: Locator, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') return fail(at, `${what} must be a non-empty string, got ${JSON.stringify(value)}`);
  return value.trim();
}

export function integer(value: unknown, at: Locator, what: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) return fail(at, `${what} must be a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`);
  return value;
}

/** A key of `known` one or two edits away from `key`, if any. */
function closest(key: string, known: readonly string[]): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const name of known) {
    const d = distance(key.toLowerCase(), name.toLowerCase());
    if (d <= Math.max(2, Math.floor(name.length / 4)) && (!best || d < best.d)) best = { name, d };
  }
  return best?.name;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j] as number;
      row[j] = Math.min(cur + 1, (row[j - 1] as number) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length] as number;
}

/**
 * A role of one of the protection APIs, by name (any letter case) or by number: only the levels
 * that API accepts. Answers the name, which is how files and plans show it.
 */
export function role(value: unknown, at: Locator, what: string, levels: Readonly<Record<string, number>>): string {
  if (typeof value === 'string' && Object.hasOwn(levels, value.trim().toLowerCase())) return value.trim().toLowerCase();
  if (typeof value === 'number') {
    const name = roleOf(levels, value);
    if (name) return name;
  }
  const accepted = Object.entries(levels)
    .map(([n, l]) => `${n} (${l})`)
    .join(', ');
  return fail(at, `unknown role ${JSON.stringify(value)} for ${what}; accepted: ${accepted}`);
}

/** The role name of a level in `levels`, or undefined. */
export const roleOf = (levels: Readonly<Record<string, number>>, level: number | null | undefined): string | undefined =>
  Object.keys(levels).find((name) => levels[name] === level);

/**
 * Usernames and group full paths of the ids answers carry, asked once per client and id. Read
 * sections answer names so that what they compare and export is what a file holds.
 */
const nameCaches = new WeakMap<ApiClient, { users: Map<number, Promise<string>>; groups: Map<number, Promise<string>> }>();

function cacheOf(client: ApiClient) {
  let cache = nameCaches.get(client);
  if (!cache) nameCaches.set(client, (cache = { users: new Map(), groups: new Map() }));
  return cache;
}

export function usernameOf(client: ApiClient, id: number): Promise<string> {
  const cache = cacheOf(client).users;
  let name = cache.get(id);
  if (!name) cache.set(id, (name = client.get<{ username: string }>(`/users/${id}`).then((r) => r.data.username)));
  return name;
}

export function groupPathOf(client: ApiClient, id: number): Promise<string> {
  const cache = cacheOf(client).groups;
  let path = cache.get(id);
  if (!path) cache.set(id, (path = client.get<{ full_path: string }>(`/groups/${id}`, { with_projects: false }).then((r) => r.data.full_path)));
  return path;
}

/** The values of a record in the order of `keys`, skipping absent ones (how exports stay stable). */
export function ordered(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (value[k] !== undefined) out[k] = value[k];
  return out;
}

/** JSON-equal (the values compared here are plain data). */
export const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** What a section read: the target it was read from and its items by natural key. */
export interface Current<H> {
  target: Target;
  items: Map<string, H>;
}

/** The payload of a planned change: what the file wants and what the target has. */
export interface Step<W, H> {
  want?: W;
  have?: H;
}

/** Fields of a record compared one by one; only the fields `want` declares count. */
export function fieldChanges(want: Record<string, unknown>, have: Record<string, unknown>): FieldChange[] {
  const out: FieldChange[] = [];
  for (const [field, to] of Object.entries(want)) if (to !== undefined && !same(to, have[field])) out.push({ field, from: have[field] ?? null, to });
  return out;
}

/** The fields of a new item, shown as changes from nothing. */
export const newFields = (want: Record<string, unknown>): FieldChange[] =>
  Object.entries(want)
    .filter(([, v]) => v !== undefined)
    .map(([field, to]) => ({ field, from: null, to }));

/**
 * The plan of a collection compared by natural key: a wanted key the target lacks is created,
 * one it has is updated when `diff` finds changed fields, and with `prune` what the target has
 * and the file does not declare is deleted.
 */
export function planKeyed<W, H>(
  section: string,
  current: Current<H>,
  want: Map<string, W>,
  prune: boolean,
  diff: (w: W, h: H) => FieldChange[],
  created: (w: W) => FieldChange[],
): { changes: Change[]; unchanged: number } {
  const changes: Change[] = [];
  let unchanged = 0;
  const target = current.target;
  for (const [key, w] of want) {
    const h = current.items.get(key);
    if (h === undefined) {
      changes.push({ op: 'create', section, target, key, fields: created(w), payload: { want: w } satisfies Step<W, H> });
      continue;
    }
    const fields = diff(w, h);
    if (fields.length === 0) unchanged++;
    else changes.push({ op: 'update', section, target, key, fields, payload: { want: w, have: h } satisfies Step<W, H> });
  }
  for (const [key, h] of current.items) {
    if (want.has(key)) continue;
    if (prune) changes.push({ op: 'delete', section, target, key, fields: [], payload: { have: h } satisfies Step<W, H> });
  }
  return { changes, unchanged };
}
