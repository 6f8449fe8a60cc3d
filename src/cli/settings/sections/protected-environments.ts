// Protected environments of groups (keyed by deployment tier) and of projects (keyed by
// environment name), one module for both levels as the API has one shape for both. Who may
// deploy and who must approve are lists of entries, each naming a role, a user or a group; an
// entry is known by what it names, and a declared list is the whole list (entries it leaves out
// are removed). Users are named by username and groups by full path, never by id.
import { ACCESS } from '../../../shared/access-levels.js';
import { planList } from '../plan-list.js';
import { parseRole, roleName, roleSchema } from '../roles.js';
import { child, type Locator, type References, type Scope, type SectionContext, type SettingsSection } from '../section.js';
import { containerPath, fail, integer, list, record, text } from './project-shared.js';
import type { RuleJson } from '../../commands/protected-envs/specs.js';

/** The roles an entry may name: Developers + Maintainers, Maintainers, Admins. */
const ENVIRONMENT_LEVELS = [30, 40, 60];
/** A group's protected environments are its deployment tiers. */
export const DEPLOYMENT_TIERS = ['production', 'staging', 'testing', 'development', 'other'] as const;

const LISTS = ['deploy_access_levels', 'approval_rules'] as const;
type ListName = (typeof LISTS)[number];

/** One entry as a file holds it: exactly one of access_level, user, group. */
export interface EntrySpec {
  access_level?: string;
  user?: string;
  group?: string;
  group_inheritance_type?: number;
  required_approvals?: number;
}

export type EnvironmentSpec = Partial<Record<ListName, EntrySpec[]>>;


interface EnvironmentJson {
  name: string;
  deploy_access_levels: RuleJson[];
  approval_rules?: RuleJson[];
}

interface HaveEntry {
  id: number;
  spec: EntrySpec;
}

export interface NamedEnvironment {
  name: string;
  spec: EnvironmentSpec;
}

interface HaveEnvironment {
  name: string;
  lists: Record<ListName, HaveEntry[]>;
}

/** The parsed section: the environments, and the users and groups they name with where. */
export interface EnvironmentsSpec {
  environments: NamedEnvironment[];
  refs: Required<Pick<References, 'users' | 'groups'>>;
}

/** What an entry names, which is what it is known by. */
export const entryKey = (e: EntrySpec): string => (e.user !== undefined ? `user:${e.user}` : e.group !== undefined ? `group:${e.group}` : `role:${e.access_level}`);

/** An entry with the server's defaults filled in, so that an omitted default and a stated one compare alike. */
function canonical(e: EntrySpec, list: ListName): EntrySpec {
  const out: EntrySpec = e.user !== undefined ? { user: e.user } : e.group !== undefined ? { group: e.group } : { access_level: e.access_level as string };
  out.group_inheritance_type = e.group_inheritance_type ?? 0;
  if (list === 'approval_rules') out.required_approvals = e.required_approvals ?? 1;
  return out;
}

/** An entry as files and plans show it: defaults of group_inheritance_type left out. */
function shown(e: EntrySpec, list: ListName): EntrySpec {
  const c = canonical(e, list);
  if (c.group_inheritance_type === 0) delete c.group_inheritance_type;
  return c;
}

/** A list as plans compare and show it: entries in the order of what they name, defaults left out. */
const sortedShown = (entries: EntrySpec[], list: ListName): EntrySpec[] =>
  entries.map((e) => shown(e, list)).sort((a, b) => (entryKey(a) < entryKey(b) ? -1 : entryKey(a) > entryKey(b) ? 1 : 0));

function parseEntry(value: unknown, at: Locator, listName: ListName, refs: EnvironmentsSpec['refs']): EntrySpec {
  const known = ['access_level', 'user', 'group', 'group_inheritance_type', ...(listName === 'approval_rules' ? ['required_approvals'] : [])];
  const v = record(value, at, `an entry of ${listName}`, known);
  const named = (['access_level', 'user', 'group'] as const).filter((k) => v[k] !== undefined);
  if (named.length !== 1) fail(at, `an entry of ${listName} names exactly one of access_level, user or group${named.length ? ` (this one names ${named.join(' and ')})` : ''}`);
  const out: EntrySpec = {};
  if (v.access_level !== undefined) out.access_level = String(roleName(parseRole(v.access_level, child(at, 'access_level'), ENVIRONMENT_LEVELS)));
  if (v.user !== undefined) {
    out.user = text(v.user, child(at, 'user'), 'user').replace(/^@/, '');
    refs.users.push({ name: out.user, at: child(at, 'user') });
  }
  if (v.group !== undefined) {
    out.group = text(v.group, child(at, 'group'), 'group').replace(/^\/+|\/+$/g, '');
    refs.groups.push({ name: out.group, at: child(at, 'group') });
  }
  if (v.group_inheritance_type !== undefined) out.group_inheritance_type = integer(v.group_inheritance_type, child(at, 'group_inheritance_type'), 'group_inheritance_type', 0, 1);
  if (v.required_approvals !== undefined) out.required_approvals = integer(v.required_approvals, child(at, 'required_approvals'), 'required_approvals', 1, 5);
  return out;
}

function parseEnvironment(value: unknown, at: Locator, refs: EnvironmentsSpec['refs']): EnvironmentSpec {
  const v = record(value, at, 'a protected environment', LISTS);
  if (v.deploy_access_levels === undefined) fail(at, 'a protected environment needs deploy_access_levels (who may deploy)');
  const out: EnvironmentSpec = {};
  for (const name of LISTS) {
    if (v[name] === undefined) continue;
    const seen = new Set<string>();
    out[name] = list(v[name], child(at, name), name).map((item, i) => {
      const entry = parseEntry(item, child(at, name, i), name, refs);
      if (seen.has(entryKey(entry))) fail(child(at, name, i), `${entryKey(entry)} is named twice in ${name}`);
      seen.add(entryKey(entry));
      return entry;
    });
  }
  if ((out.deploy_access_levels ?? []).length === 0) fail(child(at, 'deploy_access_levels'), 'deploy_access_levels needs at least one entry');
  return out;
}

/** An answer's entry with the names a file uses. */
async function entryOf(names: SectionContext['names'], r: RuleJson, listName: ListName): Promise<EntrySpec> {
  const out: EntrySpec = {};
  if (r.user_id !== null) out.user = await names.username(r.user_id);
  else if (r.group_id !== null) out.group = await names.groupPath(r.group_id);
  else out.access_level = String(roleName(r.access_level as number));
  out.group_inheritance_type = r.group_inheritance_type ?? 0;
  if (listName === 'approval_rules') out.required_approvals = r.required_approvals ?? 1;
  return out;
}

/** An entry as the API takes it: names resolved to ids. */
async function entryBody(ctx: SectionContext, e: EntrySpec, listName: ListName): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  if (e.user !== undefined) out.user_id = await ctx.names.userId(e.user);
  else if (e.group !== undefined) out.group_id = await ctx.names.groupId(e.group);
  else out.access_level = (ACCESS as Record<string, number>)[e.access_level as string];
  out.group_inheritance_type = e.group_inheritance_type ?? 0;
  if (listName === 'approval_rules') out.required_approvals = e.required_approvals ?? 1;
  return out;
}

/**
 * The entries of an update: new ones without id, changed ones by id with their new settings,
 * and the ones the file no longer names by id with `_destroy`.
 */
async function updateEntries(ctx: SectionContext, want: EntrySpec[], have: HaveEntry[], listName: ListName): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  const haveByKey = new Map(have.map((h) => [entryKey(h.spec), h]));
  const wanted = new Set<string>();
  for (const w of want) {
    const key = entryKey(w);
    wanted.add(key);
    const h = haveByKey.get(key);
    if (!h) out.push(await entryBody(ctx, w, listName));
    // A changed entry keeps its id; what it names is sent again, as an approval rule must always name one.
    else if (JSON.stringify(canonical(w, listName)) !== JSON.stringify(canonical(h.spec, listName))) out.push({ id: h.id, ...(await entryBody(ctx, w, listName)) });
  }
  for (const h of have) if (!wanted.has(entryKey(h.spec))) out.push({ id: h.id, _destroy: true });
  return out;
}

const byName = (e: { name: string }): string => e.name;
const entrySchema = (approval: boolean) => ({
  type: 'object',
  additionalProperties: false,
  description: 'exactly one of access_level, user, group',
  properties: {
    access_level: roleSchema(ENVIRONMENT_LEVELS),
    user: { type: 'string', description: 'a username' },
    group: { type: 'string', description: 'a group full path' },
    group_inheritance_type: { enum: [0, 1], description: '1: members of the group and its subgroups' },
    ...(approval ? { required_approvals: { type: 'integer', minimum: 1, maximum: 5 } } : {}),
  },
});

export const protectedEnvironmentsSection: SettingsSection<EnvironmentsSpec, HaveEnvironment[]> = {
  name: 'protected_environments',
  summary: 'protected environments: deployment tiers of a group, environments of a project; who deploys and who approves',
  scopes: ['group', 'project'],
  order: 70,
  endpoint: 'protected_environments',
  schema: {
    type: 'object',
    description: 'Protected environments: by deployment tier in a group, by environment name in a project',
    additionalProperties: {
      type: 'object',
      additionalProperties: false,
      required: ['deploy_access_levels'],
      properties: {
        deploy_access_levels: { type: 'array', minItems: 1, items: entrySchema(false) },
        approval_rules: { type: 'array', items: entrySchema(true) },
      },
    },
  },

  parse(value, at, scope: Scope) {
    const refs: EnvironmentsSpec['refs'] = { users: [], groups: [] };
    const environments = Object.entries(record(value, at, 'protected_environments')).map(([name, spec]) => {
      const key = text(name, child(at, name), 'an environment name');
      if (scope === 'group') checkTier(key, child(at, name));
      return { name: key, spec: parseEnvironment(spec, child(at, name), refs) };
    });
    return { environments, refs };
  },

  references: (d) => d.refs,

  async read(ctx, target) {
    const rows = await ctx.reads.list<EnvironmentJson>(`${containerPath(target)}/protected_environments`);
    return Promise.all(
      rows.map(async (env) => {
        const lists = {} as Record<ListName, HaveEntry[]>;
        for (const name of LISTS) lists[name] = await Promise.all((env[name] ?? []).map(async (r) => ({ id: r.id, spec: await entryOf(ctx.names, r, name) })));
        return { name: env.name, lists };
      }),
    );
  },

  plan: (d, c, opts) =>
    planList(
      d.environments,
      c,
      { desired: byName, current: byName },
      {
        desired: (w) => Object.fromEntries(LISTS.filter((n) => w.spec[n] !== undefined).map((n) => [n, sortedShown(w.spec[n] ?? [], n)])),
        current: (h) => Object.fromEntries(LISTS.map((n) => [n, sortedShown(h.lists[n].map((e) => e.spec), n)])),
      },
      opts.prune,
    ),

  async apply(ctx, change) {
    const { desired, current } = change.payload as { desired?: NamedEnvironment; current?: HaveEnvironment };
    const base = `${containerPath(change.target)}/protected_environments`;
    if (change.op === 'create' && desired) {
      const body: Record<string, unknown> = { name: change.key };
      for (const name of LISTS) if (desired.spec[name] !== undefined) body[name] = await Promise.all((desired.spec[name] ?? []).map((e) => entryBody(ctx, e, name)));
      await ctx.client.post(base, body);
    } else if (change.op === 'update' && desired && current) {
      const body: Record<string, unknown> = {};
      for (const f of change.fields) {
        const name = f.field as ListName;
        body[name] = await updateEntries(ctx, desired.spec[name] ?? [], current.lists[name], name);
      }
      await ctx.client.put(`${base}/${encodeURIComponent(change.key)}`, body);
    } else if (change.op === 'delete') await ctx.client.delete(`${base}/${encodeURIComponent(change.key)}`);
  },

  names(change) {
    const { desired, current } = change.payload as { desired?: NamedEnvironment; current?: HaveEnvironment };
    const entries = LISTS.flatMap((n) => [...(desired?.spec[n] ?? []), ...(current?.lists[n] ?? []).map((h) => h.spec)]);
    return { users: entries.flatMap((e) => (e.user ? [e.user] : [])), groups: entries.flatMap((e) => (e.group ? [e.group] : [])) };
  },

  // Approval rules are written out only when there are some (an undeclared list is not managed).
  export: (c) =>
    Object.fromEntries(
      c.map((env) => [env.name, Object.fromEntries(LISTS.filter((n) => n === 'deploy_access_levels' || env.lists[n].length > 0).map((n) => [n, env.lists[n].map((e) => shown(e.spec, n))]))]),
    ),
};

/** Group-level keys must be deployment tiers; checked where the file names them. */
export function checkTier(name: string, at: Locator): void {
  if (!(DEPLOYMENT_TIERS as readonly string[]).includes(name)) fail(at, `a group's protected environments are its deployment tiers (${DEPLOYMENT_TIERS.join(', ')}), not "${name}"`);
}
