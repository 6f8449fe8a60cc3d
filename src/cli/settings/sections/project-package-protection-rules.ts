// Package protection rules of a project: a list whose items are known by their package name
// pattern and package type; the lowest roles that may push and delete such packages are what an
// update changes. A role left out of an item is not managed; `null` means no minimum.
import { PACKAGE_TYPES } from '../../commands/packages/columns.js';
import type { Locator, SettingsSection } from './project-interface.js';
import { below, containerPath, fail, fieldChanges, list, newFields, planKeyed, readAll, record, role, text, type Current, type Step } from './project-shared.js';

const PUSH_ROLES = { maintainer: 40, owner: 50, admin: 60 } as const;
const DELETE_ROLES = { owner: 50, admin: 60 } as const;
const FIELDS = ['package_name_pattern', 'package_type', 'minimum_access_level_for_push', 'minimum_access_level_for_delete'] as const;

export interface PackageRuleSpec {
  package_name_pattern: string;
  package_type: string;
  minimum_access_level_for_push?: string | null;
  minimum_access_level_for_delete?: string | null;
}

interface RuleJson extends Required<PackageRuleSpec> {
  id: number;
}

export const ruleKey = (r: Pick<PackageRuleSpec, 'package_name_pattern' | 'package_type'>): string => `${r.package_name_pattern} (${r.package_type})`;

function parseRule(value: unknown, at: Locator): PackageRuleSpec {
  const v = record(value, at, 'a package protection rule', FIELDS);
  if (v.package_name_pattern === undefined) fail(at, 'a package protection rule needs package_name_pattern');
  if (v.package_type === undefined) fail(at, `a package protection rule needs package_type (${PACKAGE_TYPES.join(', ')})`);
  const pattern = text(v.package_name_pattern, below(at, 'package_name_pattern'), 'package_name_pattern');
  if (pattern.length > 255) fail(below(at, 'package_name_pattern'), 'package_name_pattern is longer than 255 characters');
  const type = text(v.package_type, below(at, 'package_type'), 'package_type');
  if (!PACKAGE_TYPES.includes(type)) fail(below(at, 'package_type'), `unknown package_type "${type}"; accepted: ${PACKAGE_TYPES.join(', ')}`);
  const out: PackageRuleSpec = { package_name_pattern: pattern, package_type: type };
  const level = (field: 'minimum_access_level_for_push' | 'minimum_access_level_for_delete', roles: Record<string, number>) => {
    const raw = v[field];
    if (raw === undefined) return;
    out[field] = raw === null ? null : role(raw, below(at, field), field, roles);
  };
  level('minimum_access_level_for_push', PUSH_ROLES);
  level('minimum_access_level_for_delete', DELETE_ROLES);
  if (!out.minimum_access_level_for_push && !out.minimum_access_level_for_delete) {
    fail(at, 'a package protection rule needs a role in minimum_access_level_for_push or minimum_access_level_for_delete');
  }
  return out;
}

type Desired = Map<string, PackageRuleSpec>;

/** The two roles of a rule (what an update compares and sends). */
const levels = (r: PackageRuleSpec) => ({ minimum_access_level_for_push: r.minimum_access_level_for_push, minimum_access_level_for_delete: r.minimum_access_level_for_delete });

export const packageProtectionRulesSection: SettingsSection<Desired, Current<RuleJson>> = {
  name: 'package_protection_rules',
  scopes: ['project'],
  order: 50,
  schema: {
    type: 'array',
    description: 'Package protection rules, known by package_name_pattern and package_type',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['package_name_pattern', 'package_type'],
      properties: {
        package_name_pattern: { type: 'string', maxLength: 255, description: 'package names the rule covers; * matches anything' },
        package_type: { enum: PACKAGE_TYPES },
        minimum_access_level_for_push: { enum: [...Object.keys(PUSH_ROLES), null], description: 'lowest role that may publish' },
        minimum_access_level_for_delete: { enum: [...Object.keys(DELETE_ROLES), null], description: 'lowest role that may delete' },
      },
    },
  },

  parse(value, at) {
    const out: Desired = new Map();
    list(value, at, 'package_protection_rules').forEach((item, i) => {
      const rule = parseRule(item, below(at, i));
      const key = ruleKey(rule);
      if (out.has(key)) fail(below(at, i), `package protection rule ${key} is declared twice`);
      out.set(key, rule);
    });
    return out;
  },

  references: () => ({}),

  async read(ctx, target) {
    const rows = await readAll<RuleJson>(ctx.client, `${containerPath(target)}/packages/protection/rules`);
    return { target, items: new Map(rows.map((r) => [ruleKey(r), r])) };
  },

  plan: (d, c, opts) =>
    planKeyed('package_protection_rules', c, d, opts.prune, (w, h) => fieldChanges(levels(w), levels(h)), (w) => newFields({ ...w })),

  async apply(ctx, change) {
    const step = change.payload as Step<PackageRuleSpec, RuleJson>;
    const base = `${containerPath(change.target)}/packages/protection/rules`;
    if (change.op === 'create' && step.want) await ctx.client.post(base, step.want);
    else if (change.op === 'update' && step.have) await ctx.client.patch(`${base}/${step.have.id}`, Object.fromEntries(change.fields.map((f) => [f.field, f.to])));
    else if (change.op === 'delete' && step.have) await ctx.client.delete(`${base}/${step.have.id}`);
  },

  export: (c) =>
    [...c.items.values()].map((r) => ({
      package_name_pattern: r.package_name_pattern,
      package_type: r.package_type,
      minimum_access_level_for_push: r.minimum_access_level_for_push,
      minimum_access_level_for_delete: r.minimum_access_level_for_delete,
    })),
};
