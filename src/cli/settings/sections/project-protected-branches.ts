// Protected branches of a project, keyed by branch name or wildcard (`release/*`): who may push,
// merge and unprotect, by role name, and the force-push and code-owner flags. Fields an entry
// leaves out are not managed; a new rule gets the server's defaults for them (Maintainers).
// Entries that name single users or groups (a paid-tier feature) are left as they are.
import type { Locator, SettingsSection } from './project-interface.js';
import { below, bool, containerPath, fieldChanges, newFields, planKeyed, readAll, record, role, roleOf, text, type Current, type Step } from './project-shared.js';

/** The roles a protected-branch access level may be: No one, Developers + Maintainers, Maintainers, Admins. */
export const BRANCH_ROLES = { no_one: 0, developer: 30, maintainer: 40, admin: 60 } as const;

const LEVEL_FIELDS = ['push_access_level', 'merge_access_level', 'unprotect_access_level'] as const;
const FLAG_FIELDS = ['allow_force_push', 'code_owner_approval_required'] as const;
const FIELDS = [...LEVEL_FIELDS, ...FLAG_FIELDS] as const;

export type BranchSpec = Partial<Record<(typeof LEVEL_FIELDS)[number], string | null> & Record<(typeof FLAG_FIELDS)[number], boolean>>;

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

/** A rule as a file states it: the role of each action's role entry (the first, as PATCH changes that one). */
function asSpec(b: BranchJson): BranchSpec {
  const out: BranchSpec = {};
  for (const field of LEVEL_FIELDS) {
    const entries = b[`${field}s` as const] ?? [];
    const roleEntry = entries.find((e) => e.user_id === null && e.group_id === null && e.access_level !== null);
    out[field] = roleEntry ? (roleOf(BRANCH_ROLES, roleEntry.access_level) ?? String(roleEntry.access_level)) : null;
  }
  out.allow_force_push = b.allow_force_push === true;
  if (typeof b.code_owner_approval_required === 'boolean') out.code_owner_approval_required = b.code_owner_approval_required;
  return out;
}

function parseBranch(value: unknown, at: Locator): BranchSpec {
  const v = record(value ?? {}, at, 'a protected branch', FIELDS);
  const out: BranchSpec = {};
  for (const field of LEVEL_FIELDS) if (v[field] !== undefined) out[field] = role(v[field], below(at, field), field, BRANCH_ROLES);
  for (const field of FLAG_FIELDS) if (v[field] !== undefined) out[field] = bool(v[field], below(at, field), field);
  return out;
}

/** The request body of a create or update: roles as the numbers the API takes. */
function body(spec: BranchSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(spec)) {
    if (value === undefined || value === null) continue;
    out[field] = (LEVEL_FIELDS as readonly string[]).includes(field) ? BRANCH_ROLES[value as keyof typeof BRANCH_ROLES] : value;
  }
  return out;
}

type Desired = Map<string, BranchSpec>;
type Have = BranchJson & { spec: BranchSpec };

export const protectedBranchesSection: SettingsSection<Desired, Current<Have>> = {
  name: 'protected_branches',
  scopes: ['project'],
  order: 50,
  schema: {
    type: 'object',
    description: 'Protected branches by name or wildcard (release/*)',
    additionalProperties: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: {
        push_access_level: { enum: Object.keys(BRANCH_ROLES), description: 'lowest role that may push' },
        merge_access_level: { enum: Object.keys(BRANCH_ROLES), description: 'lowest role that may merge' },
        unprotect_access_level: { enum: Object.keys(BRANCH_ROLES), description: 'lowest role that may unprotect' },
        allow_force_push: { type: 'boolean' },
        code_owner_approval_required: { type: 'boolean', description: 'code owners must approve (where the tier supports it)' },
      },
    },
  },

  parse(value, at) {
    const out: Desired = new Map();
    for (const [name, spec] of Object.entries(record(value, at, 'protected_branches'))) out.set(text(name, below(at, name), 'a branch name'), parseBranch(spec, below(at, name)));
    return out;
  },

  references: () => ({}),

  async read(ctx, target) {
    const rows = await readAll<BranchJson>(ctx.client, `${containerPath(target)}/protected_branches`);
    return { target, items: new Map(rows.map((b) => [b.name, { ...b, spec: asSpec(b) }])) };
  },

  plan: (d, c, opts) => planKeyed('protected_branches', c, d, opts.prune, (w, h) => fieldChanges(w, h.spec), (w) => newFields({ ...w })),

  async apply(ctx, change) {
    const step = change.payload as Step<BranchSpec, Have>;
    const base = `${containerPath(change.target)}/protected_branches`;
    if (change.op === 'create' && step.want) await ctx.client.post(base, { name: change.key, ...body(step.want) });
    else if (change.op === 'update') await ctx.client.patch(`${base}/${encodeURIComponent(change.key)}`, body(Object.fromEntries(change.fields.map((f) => [f.field, f.to]))));
    else if (change.op === 'delete') await ctx.client.delete(`${base}/${encodeURIComponent(change.key)}`);
  },

  export: (c) => Object.fromEntries([...c.items.values()].map((b) => [b.name, Object.fromEntries(Object.entries(b.spec).filter(([, v]) => v !== null))])),
};
