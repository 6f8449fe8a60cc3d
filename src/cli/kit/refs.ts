// Turning what people type into what the API wants: users by id or username, groups and
// projects by id or full path (sent URL-encoded as one path segment), roles by number or name,
// dates checked before any request is made.
import type { ApiClient } from '../../client/client.js';
import { isCalendarDate } from '../../shared/dates.js';
import { TOKEN_SCOPES } from '../../shared/token-scopes.js';
import { expandPath, type PathValue } from '../../shared/path.js';
import { CliError, EXIT, UsageError } from './errors.js';
import { ACCESS, MEMBER_ACCESS_LEVELS } from '../../shared/access-levels.js';

/** A numeric id as a number, anything else (a path or a name) as the trimmed string. */
export function idOrPath(value: string | undefined, what: string): PathValue {
  const v = value?.trim();
  if (!v) throw new UsageError(`missing ${what}`);
  // Ids beyond 2^53 stay as typed: a number would round them.
  if (/^\d+$/.test(v)) return Number.isSafeInteger(Number(v)) ? Number(v) : v.replace(/^0+(?=\d)/, '');
  return v.replace(/^\/+|\/+$/g, '');
}

/** `/groups/:id` style paths with the id or full path encoded as one segment. */
export const apiPath = (template: string, values: Record<string, PathValue>): string => expandPath(template, values);

/** A user's numeric id: numbers pass through, usernames (with or without @) are looked up. */
export async function resolveUserId(api: ApiClient, value: string | undefined, flag = '--user'): Promise<number | string> {
  const ref = idOrPath(value, flag);
  // A number, or digits too long for one (sent exactly as typed).
  if (typeof ref === 'number' || /^\d+$/.test(ref)) return ref;
  // @me: the user the token belongs to.
  if (ref === '@me') return (await api.get<{ id: number }>('/user')).data.id;
  const username = ref.replace(/^@/, '');
  const { data } = await api.get<{ id: number; username: string }[]>('/users', { username });
  const hit = data.find((u) => u.username.toLowerCase() === username.toLowerCase());
  if (!hit) throw new CliError(`no user with username "${username}" (from ${flag})`, EXIT.notFound, 'list users with: hostctl users list --search NAME');
  return hit.id;
}

/** A group's numeric id, from an id or a full path. */
export async function resolveGroupId(api: ApiClient, value: string | undefined, flag = '--group'): Promise<number> {
  const ref = idOrPath(value, flag);
  if (typeof ref === 'number') return ref;
  const { data } = await api.get<{ id: number }>(apiPath('/groups/:id', { id: ref }), { with_projects: false });
  return data.id;
}

/** Role names a member may have, by access level (guest … owner), from the platform's table. */
export const ROLES: Record<string, number> = Object.fromEntries(
  Object.entries(ACCESS).filter(([, level]) => (MEMBER_ACCESS_LEVELS as readonly number[]).includes(level)),
);

const ROLE_BY_LEVEL = Object.fromEntries(Object.entries(ROLES).map(([name, level]) => [level, name]));

/** `developer`, `Developer` or `30` → 30. */
export function parseAccessLevel(value: string, flag = '--access-level'): number {
  const v = value.trim().toLowerCase();
  if (/^\d+$/.test(v) && ROLE_BY_LEVEL[Number(v)]) return Number(v);
  const level = ROLES[v];
  if (level !== undefined) return level;
  const accepted = Object.entries(ROLES)
    .map(([name, n]) => `${name} (${n})`)
    .join(', ');
  throw new UsageError(`${flag} must be one of ${accepted}, got "${value}"`);
}

/** The role name of an access level, for tables. */
export const roleName = (level: unknown): string =>
  typeof level === 'number' ? (ROLE_BY_LEVEL[level] ?? (level === 5 ? 'minimal' : String(level))) : '';

/** Checks a YYYY-MM-DD date that exists in the calendar; returns it unchanged. */
export function parseDate(value: string, flag: string): string {
  if (!isCalendarDate(value)) throw new UsageError(`${flag} must be a date as YYYY-MM-DD, got "${value}"`);
  return value;
}

export const VISIBILITIES = ['private', 'internal', 'public'] as const;

/**
 * Values of options that mean the same everywhere, whichever noun declares them: the completion
 * scripts offer these for any option of that name (an option's own choices win).
 */
export const KNOWN_VALUES: Record<string, readonly string[]> = {
  '--visibility': VISIBILITIES,
  '--access-level': Object.keys(ROLES),
  '--role': Object.keys(ROLES),
  '--scope': TOKEN_SCOPES,
};

export function parseVisibility(value: string | undefined, flag = '--visibility'): string | undefined {
  return value === undefined ? undefined : checkChoice(value, VISIBILITIES, flag);
}

/** Refuses a value outside `allowed`, naming the flag and every accepted value; returns it. */
export function checkChoice(value: string, allowed: readonly string[], flag: string): string {
  if (!allowed.includes(value)) throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value;
}

/** Drops undefined values so a PUT only sends what the user gave. */
export function defined(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

/** For update verbs: at least one change must be given. */
export function requireChanges(body: Record<string, unknown>, flags: string): Record<string, unknown> {
  const out = defined(body);
  if (Object.keys(out).length === 0) throw new UsageError(`nothing to change: give at least one of ${flags}`);
  return out;
}

/** commander collector for repeatable options that also accept comma-separated values. */
export const collect = (value: string, previous: string[] = []): string[] => [
  ...previous,
  ...value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
];

/**
 * How people name a resource that the API knows only by number: what to list, which rows a typed
 * name matches and how a row reads in an "ambiguous" message. A noun declares one of these;
 * `resolveNamed` does the rest for every noun alike.
 */
export interface NamedResource<R = Record<string, unknown>> {
  /** `package`, `snippet`, … for messages. */
  what: string;
  /** The argument as help names it (`PACKAGE`). */
  arg: string;
  /** What the argument may be, for messages: `an id or NAME@VERSION`. */
  forms: string;
  /**
   * Several rows may match and the newest is meant (a ref's pipelines: its latest); the list
   * must come newest first.
   */
  newest?: (typed: string) => boolean;
  /** The list to look in, with filters that narrow it by the typed name where the API has them. */
  list(typed: string): { path: string; query?: Record<string, unknown> };
  /**
   * A wider list looked in only when `list` has no match: the caller's own snippets first, then
   * every snippet the caller can see (an administrator: everyone's), as an id reaches them too.
   * `note` says where the row was found, on standard error, since the person may have meant
   * one of their own and mistyped it.
   */
  wider?: { list(typed: string): { path: string; query?: Record<string, unknown> }; note(row: R): string };
  /** Whether a row is the one the typed text names. */
  matches(row: R, typed: string): boolean;
  /** A row as a person recognises it in a message: `12 (app@1.2.0)`. */
  describe(row: R): string;
  /** What to run to see the candidates. */
  listCommand: string;
}

/** At most this many rows are read looking for a name: names are for the resources people can see in a list. */
const NAME_SCAN_LIMIT = 1000;

/**
 * The id of a resource named by its id or by what identifies it to a person (a package's
 * NAME@VERSION, a snippet's title, a freeze period's start). Exactly one row must match: none is
 * "not found" (exit 3), several is a usage error listing them. With no match in its own list, a
 * resource that has a wider one is looked for there, alike; a row found there is announced
 * through `info` (standard error).
 */
export async function resolveNamed<R extends { id: number }>(api: ApiClient, spec: NamedResource<R>, value: string | undefined, info?: (text: string) => void): Promise<number> {
  const typed = value?.trim();
  if (!typed) throw new UsageError(`missing ${spec.arg}`);
  if (/^\d+$/.test(typed)) return Number(typed);
  const newest = spec.newest?.(typed) ?? false;
  const scan = async ({ path, query }: { path: string; query?: Record<string, unknown> }): Promise<R[]> => {
    const found: R[] = [];
    for await (const row of api.paginate<R>(path, { per_page: 100, ...query }, NAME_SCAN_LIMIT)) {
      if (!spec.matches(row, typed)) continue;
      found.push(row);
      if (newest) break;
    }
    return found;
  };
  let hits = await scan(spec.list(typed));
  if (hits.length === 0 && spec.wider) {
    hits = await scan(spec.wider.list(typed));
    if (hits.length === 1) info?.(spec.wider.note(hits[0] as R));
  }
  if (hits.length === 1) return (hits[0] as R).id;
  if (hits.length === 0) throw new CliError(`no ${spec.what} "${typed}" (${spec.arg} is ${spec.forms})`, EXIT.notFound, `list them with: ${spec.listCommand}`);
  // A usage error (exit 2) whose hint lists the candidates, not one pointing at --help.
  throw new CliError(`${hits.length} ${spec.what}s match "${typed}": ${hits.slice(0, 10).map(spec.describe).join(', ')}${hits.length > 10 ? ', …' : ''}; give the id`, EXIT.usage, `list them with: ${spec.listCommand}`);
}
