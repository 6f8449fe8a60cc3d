// Protected branches of a project, keyed by branch name or wildcard (`release/*`): who may push,
// merge and unprotect, by role name, and the force-push and code-owner flags. Fields an entry
// leaves out are not managed; a new rule gets the server's defaults for them (Maintainers).
// Entries that name single users or groups (a paid-tier feature) are left as they are.
import { ACCESS } from '../../../shared/access-levels.js';
import { planList } from '../plan-list.js';
import { parseRole, roleName, roleSchema } from '../roles.js';
import { child, type Locator, type SettingsSection } from '../section.js';
import { bool, containerPath, definedOnly, record, text } from './project-shared.js';

/** The levels a protected-branch entry may have: No one (none), Developers + Maintainers, Maintainers, Admins. */
const BRANCH_LEVELS = [0, 30, 40, 60];

const LEVEL_FIELDS = ['push_access_level', 'merge_access_level', 'unprotect_access_level'] as const;
const FLAG_FIELDS = ['allow_force_push', 'code_owner_approval_required'] as const;
const FIELDS = [...LEVEL_FIELDS, ...FLAG_FIELDS] as const;

export type BranchSpec = Partial<Record<(typeof LEVEL_FIELDS)[number], string> & Record<(typeof FLAG_FIELDS)[number], boolean>>;

export interface NamedBranch {
  name: string;
  spec: BranchSpec;
}

interface EntryJson {
  access_level: number | null;
  user_id: number | null;
  group_id: number | null;
}

interface BranchJson {
  id: number;
  name: string;
  push_access_levels: EntryJson[];
  merge_access_levels: EntryJson[];
  unprotect_access_levels: EntryJson[];
  allow_force_push: boolean;
  code_owner_approval_required?: boolean;
}

/** A rule as a file states it: each action's role entry (the first, the one PATCH changes). */
function asSpec(b: BranchJson): BranchSpec {
  const out: BranchSpec = {};
  for (const field of LEVEL_FIELDS) {
    const roleEntry = (b[`${field}s` as const] ?? []).find((e) => e.user_id === null && e.group_id === null && e.access_level !== null);
    if (roleEntry) out[field] = String(roleName(roleEntry.access_level as number));
  }
  out.allow_force_push = b.allow_force_push === true;
  // Shown where the tier supports it (the platform leaves it out below Premium).
  if (typeof b.code_owner_approval_required === 'boolean') out.code_owner_approval_required = b.code_owner_approval_required;
  return out;
}

function parseBranch(value: unknown, at: Locator): BranchSpec {
  const v = record(value ?? {}, at, 'a protected branch', FIELDS);
  const out: BranchSpec = {};
  for (const field of LEVEL_FIELDS) if (v[field] !== undefined) out[field] = String(roleName(parseRole(v[field], child(at, field), BRANCH_LEVELS)));
  for (const field of FLAG_FIELDS) if (v[field] !== undefined) out[field] = bool(v[field], child(at, field), field);
  return out;
}

/** The request body of a create or update: roles as the numbers the API takes. */
function body(spec: BranchSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(spec)) {
    if (value === undefined) continue;
    out[field] = (LEVEL_FIELDS as readonly string[]).includes(field) ? (ACCESS as Record<string, number>)[value as string] : value;
  }
  return out;
}

const byName = (b: NamedBranch): string => b.name;
const specOf = (b: NamedBranch): Record<string, unknown> => definedOnly(b.spec);

export const protectedBranchesSection: SettingsSection<NamedBranch[], NamedBranch[]> = {
  name: 'protected_branches',
  summary: 'protected branches of a project (by name or wildcard): push, merge and unprotect roles',
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
      },
    },
  },

  parse: (value, at) => Object.entries(record(value, at, 'protected_branches')).map(([name, spec]) => ({ name: text(name, child(at, name), 'a branch name'), spec: parseBranch(spec, child(at, name)) })),

  references: () => ({}),

  async read(ctx, target) {
    const rows = await ctx.reads.list<BranchJson>(`${containerPath(target)}/protected_branches`);
    return rows.map((b) => ({ name: b.name, spec: asSpec(b) }));
  },

  plan: (d, c, opts) => planList(d, c, { desired: byName, current: byName }, { desired: specOf, current: specOf }, opts.prune),

  async apply(ctx, change) {
    const { desired } = change.payload as { desired?: NamedBranch };
    const base = `${containerPath(change.target)}/protected_branches`;
    if (change.op === 'create' && desired) await ctx.client.post(base, { name: change.key, ...body(desired.spec) });
    else if (change.op === 'update') await ctx.client.patch(`${base}/${encodeURIComponent(change.key)}`, body(Object.fromEntries(change.fields.map((f) => [f.field, f.to]))));
    else if (change.op === 'delete') await ctx.client.delete(`${base}/${encodeURIComponent(change.key)}`);
  },

  export: (c) => Object.fromEntries(c.map((b) => [b.name, b.spec])),
};
