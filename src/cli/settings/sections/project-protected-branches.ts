// Protected branches of a project, keyed by branch name or wildcard (`release/*`): who may push,
// merge and unprotect, by role name, and the force-push and code-owner flags. Fields an entry
// leaves out are not managed; a new rule gets the server's defaults for them (Maintainers).
// Single users and groups (a paid-tier feature) are `allowed_to_push|merge|unprotect` lists of
// `{user: username}` and `{group: full/path}`: a declared list is the whole set of such entries
// of that action (new ones added, missing ones removed by id), an undeclared one is left as it is.
import { ACCESS } from '../../../shared/access-levels.js';
import { planList } from '../plan-list.js';
import { parseRole, roleName, roleSchema } from '../roles.js';
import { child, type Locator, type PaidPart, type Reference, type SectionContext, type SettingsSection } from '../section.js';
import { bool, containerPath, definedOnly, fail, list, record, text } from './project-shared.js';

/** The levels a protected-branch entry may have: No one (none), Developers + Maintainers, Maintainers, Admins. */
const BRANCH_LEVELS = [0, 30, 40, 60];

const LEVEL_FIELDS = ['push_access_level', 'merge_access_level', 'unprotect_access_level'] as const;
const FLAG_FIELDS = ['allow_force_push', 'code_owner_approval_required'] as const;
const ALLOWED_FIELDS = ['allowed_to_push', 'allowed_to_merge', 'allowed_to_unprotect'] as const;
const FIELDS = [...LEVEL_FIELDS, ...FLAG_FIELDS, ...ALLOWED_FIELDS] as const;
type AllowedField = (typeof ALLOWED_FIELDS)[number];

/** A user or a group an action is allowed to, by name. */
export type AllowedEntry = { user: string } | { group: string };

export type BranchSpec = Partial<Record<(typeof LEVEL_FIELDS)[number], string> & Record<(typeof FLAG_FIELDS)[number], boolean> & Record<AllowedField, AllowedEntry[]>>;

export interface NamedBranch {
  name: string;
  spec: BranchSpec;
  /** Current rules only: the id of each user or group entry, by `<field> <entry key>` (what an update removes). */
  entryIds?: Record<string, number>;
}

export interface BranchesSpec {
  branches: NamedBranch[];
  refs: { users: Reference[]; groups: Reference[] };
  /** The non-empty user and group lists (a paid-tier feature), where the file gives them. */
  paid: PaidPart[];
}

interface EntryJson {
  id?: number;
  access_level: number | null;
  user_id: number | null;
  group_id: number | null;
}

const entryKey = (e: AllowedEntry): string => ('user' in e ? `user:${e.user.toLowerCase()}` : `group:${e.group.toLowerCase()}`);
/** Entries in one order, so two lists that name the same users and groups compare equal. */
const sorted = (entries: AllowedEntry[]): AllowedEntry[] => [...entries].sort((a, b) => (entryKey(a) < entryKey(b) ? -1 : entryKey(a) > entryKey(b) ? 1 : 0));

interface BranchJson {
  id: number;
  name: string;
  push_access_levels: EntryJson[];
  merge_access_levels: EntryJson[];
  unprotect_access_levels: EntryJson[];
  allow_force_push: boolean;
  code_owner_approval_required?: boolean;
}

/** A rule as a file states it: each action's role entry (the first, the one PATCH changes), and its users and groups by name. */
async function asBranch(names: SectionContext['names'], b: BranchJson): Promise<NamedBranch> {
  const out: BranchSpec = {};
  const entryIds: Record<string, number> = {};
  for (const field of LEVEL_FIELDS) {
    const entries = b[`${field}s` as const] ?? [];
    const roleEntry = entries.find((e) => e.user_id === null && e.group_id === null && e.access_level !== null);
    if (roleEntry) out[field] = String(roleName(roleEntry.access_level as number));
    const allowedField = `allowed_to_${field.slice(0, -'_access_level'.length)}` as AllowedField;
    const allowed: AllowedEntry[] = [];
    for (const e of entries) {
      let entry: AllowedEntry | undefined;
      if (e.user_id !== null) entry = { user: await names.username(e.user_id) };
      else if (e.group_id !== null) entry = { group: await names.groupPath(e.group_id) };
      if (!entry) continue;
      allowed.push(entry);
      if (e.id !== undefined) entryIds[`${allowedField} ${entryKey(entry)}`] = e.id;
    }
    out[allowedField] = sorted(allowed);
  }
  out.allow_force_push = b.allow_force_push === true;
  // Shown where the tier supports it (the platform leaves it out below Premium).
  if (typeof b.code_owner_approval_required === 'boolean') out.code_owner_approval_required = b.code_owner_approval_required;
  return { name: b.name, spec: out, entryIds };
}

function parseAllowed(value: unknown, at: Locator, field: AllowedField, refs: BranchesSpec['refs']): AllowedEntry[] {
  const seen = new Set<string>();
  return sorted(
    list(value, at, field).map((item, i) => {
      const iat = child(at, i);
      const v = record(item, iat, `an entry of ${field}`, ['user', 'group']);
      if ((v.user === undefined) === (v.group === undefined)) fail(iat, `an entry of ${field} names exactly one of user or group (a role is ${field.replace('allowed_to_', '')}_access_level)`);
      let entry: AllowedEntry;
      if (v.user !== undefined) {
        entry = { user: text(v.user, child(iat, 'user'), 'user').replace(/^@/, '') };
        refs.users.push({ name: entry.user, at: child(iat, 'user') });
      } else {
        entry = { group: text(v.group, child(iat, 'group'), 'group').replace(/^\/+|\/+$/g, '') };
        refs.groups.push({ name: entry.group, at: child(iat, 'group') });
      }
      if (seen.has(entryKey(entry))) fail(iat, `${'user' in entry ? `user ${entry.user}` : `group ${entry.group}`} is named twice in ${field}`);
      seen.add(entryKey(entry));
      return entry;
    }),
  );
}

function parseBranch(value: unknown, at: Locator, refs: BranchesSpec['refs'], paid: PaidPart[]): BranchSpec {
  const v = record(value ?? {}, at, 'a protected branch', FIELDS);
  const out: BranchSpec = {};
  for (const field of LEVEL_FIELDS) if (v[field] !== undefined) out[field] = String(roleName(parseRole(v[field], child(at, field), BRANCH_LEVELS)));
  for (const field of FLAG_FIELDS) if (v[field] !== undefined) out[field] = bool(v[field], child(at, field), field);
  for (const field of ALLOWED_FIELDS) {
    if (v[field] === undefined) continue;
    const entries = parseAllowed(v[field], child(at, field), field, refs);
    out[field] = entries;
    if (entries.length) paid.push({ what: `users and groups in ${field}`, at: child(at, field) });
  }
  return out;
}

/** An entry as the API takes it: the name resolved to its id. */
async function entryBody(ctx: SectionContext, e: AllowedEntry): Promise<Record<string, number>> {
  return 'user' in e ? { user_id: await ctx.names.userId(e.user) } : { group_id: await ctx.names.groupId(e.group) };
}

/** The `allowed_to_<action>` of an update: entries the file adds, and the ones it no longer names by id with `_destroy`. */
async function allowedUpdate(ctx: SectionContext, field: AllowedField, want: AllowedEntry[], current: NamedBranch): Promise<Record<string, unknown>[]> {
  const have = current.spec[field] ?? [];
  const wanted = new Set(want.map(entryKey));
  const had = new Set(have.map(entryKey));
  const out: Record<string, unknown>[] = [];
  for (const e of want) if (!had.has(entryKey(e))) out.push(await entryBody(ctx, e));
  for (const e of have) {
    const id = current.entryIds?.[`${field} ${entryKey(e)}`];
    if (!wanted.has(entryKey(e)) && id !== undefined) out.push({ id, _destroy: true });
  }
  return out;
}

/** A role or a flag as the request body takes it: roles as the numbers the API takes. */
const plainValue = (field: string, value: unknown): unknown => ((LEVEL_FIELDS as readonly string[]).includes(field) ? (ACCESS as Record<string, number>)[value as string] : value);

/** The request body of a create: roles as numbers, users and groups as ids. */
async function createBody(ctx: SectionContext, spec: BranchSpec): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(spec)) {
    if (value === undefined) continue;
    if ((ALLOWED_FIELDS as readonly string[]).includes(field)) {
      const entries = value as AllowedEntry[];
      if (entries.length) out[field] = await Promise.all(entries.map((e) => entryBody(ctx, e)));
    } else out[field] = plainValue(field, value);
  }
  return out;
}

const byName = (b: NamedBranch): string => b.name;
/** What a plan compares: users and groups without case, as the platform resolves them. */
const specOf = (b: NamedBranch): Record<string, unknown> =>
  definedOnly(Object.fromEntries(Object.entries(b.spec).map(([field, v]) => [field, (ALLOWED_FIELDS as readonly string[]).includes(field) ? (v as AllowedEntry[]).map((e) => ('user' in e ? { user: e.user.toLowerCase() } : { group: e.group.toLowerCase() })) : v])));
/** What an export and a deleted rule show: no empty user and group lists. */
const shownSpec = (spec: BranchSpec): BranchSpec => Object.fromEntries(Object.entries(spec).filter(([field, v]) => v !== undefined && !((ALLOWED_FIELDS as readonly string[]).includes(field) && (v as unknown[]).length === 0)));
const entrySchema = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    description: 'exactly one of user, group',
    properties: { user: { type: 'string', description: 'a username' }, group: { type: 'string', description: 'a group full path' } },
  },
};

export const protectedBranchesSection: SettingsSection<BranchesSpec, NamedBranch[]> = {
  name: 'protected_branches',
  summary: 'protected branches of a project (by name or wildcard): push, merge and unprotect roles, users and groups',
  scopes: ['project'],
  order: 50,
  endpoint: 'protected_branches',
  schema: {
    type: 'object',
    description: 'Protected branches by name or wildcard (release/*)',
    additionalProperties: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: {
        push_access_level: { ...roleSchema(BRANCH_LEVELS), description: 'lowest role that may push' },
        merge_access_level: { ...roleSchema(BRANCH_LEVELS), description: 'lowest role that may merge' },
        unprotect_access_level: { ...roleSchema(BRANCH_LEVELS), description: 'lowest role that may unprotect' },
        allow_force_push: { type: 'boolean' },
        code_owner_approval_required: { type: 'boolean', description: 'code owners must approve (where the tier supports it)' },
        allowed_to_push: { ...entrySchema, description: 'users and groups that may push besides the role (Premium): [{user: name}, {group: path}]' },
        allowed_to_merge: { ...entrySchema, description: 'users and groups that may merge besides the role (Premium)' },
        allowed_to_unprotect: { ...entrySchema, description: 'users and groups that may unprotect besides the role (Premium)' },
      },
    },
  },

  parse(value, at) {
    const refs: BranchesSpec['refs'] = { users: [], groups: [] };
    const paid: PaidPart[] = [];
    const branches = Object.entries(record(value, at, 'protected_branches')).map(([name, spec]) => ({ name: text(name, child(at, name), 'a branch name'), spec: parseBranch(spec, child(at, name), refs, paid) }));
    return { branches, refs, paid };
  },

  references: (d) => d.refs,

  // The platform ignores user and group entries below Premium (it keeps only the roles).
  paidOnly: (d) => d.paid,

  async read(ctx, target) {
    const rows = await ctx.reads.list<BranchJson>(`${containerPath(target)}/protected_branches`);
    return Promise.all(rows.map((b) => asBranch(ctx.names, b)));
  },

  plan(d, c, opts) {
    const planned = planList(d.branches, c, { desired: byName, current: byName }, { desired: specOf, current: specOf }, opts.prune);
    // A removed rule is shown by what it has (no empty user and group lists).
    for (const ch of planned.changes) if (ch.op === 'delete') ch.fields = ch.fields.filter((f) => !(Array.isArray(f.from) && f.from.length === 0));
    return planned;
  },

  async apply(ctx, change) {
    const { desired, current } = change.payload as { desired?: NamedBranch; current?: NamedBranch };
    const base = `${containerPath(change.target)}/protected_branches`;
    if (change.op === 'create' && desired) await ctx.client.post(base, { name: change.key, ...(await createBody(ctx, desired.spec)) });
    else if (change.op === 'update' && desired && current) {
      const body: Record<string, unknown> = {};
      for (const f of change.fields) {
        if ((ALLOWED_FIELDS as readonly string[]).includes(f.field)) body[f.field] = await allowedUpdate(ctx, f.field as AllowedField, desired.spec[f.field as AllowedField] ?? [], current);
        else body[f.field] = plainValue(f.field, f.to);
      }
      await ctx.client.patch(`${base}/${encodeURIComponent(change.key)}`, body);
    } else if (change.op === 'delete') await ctx.client.delete(`${base}/${encodeURIComponent(change.key)}`);
  },

  names(change) {
    const { desired, current } = change.payload as { desired?: NamedBranch; current?: NamedBranch };
    const entries = ALLOWED_FIELDS.flatMap((f) => [...(desired?.spec[f] ?? []), ...(current?.spec[f] ?? [])]);
    return { users: entries.flatMap((e) => ('user' in e ? [e.user] : [])), groups: entries.flatMap((e) => ('group' in e ? [e.group] : [])) };
  },

  export: (c) => Object.fromEntries(c.map((b) => [b.name, shownSpec(b.spec)])),
};
