// Package protection rules of a project: a list whose items are known by their package name
// pattern and package type; the lowest roles that may push and delete such packages are what an
// update changes. A role left out of an item is not managed; `null` means no minimum.
import { PACKAGE_TYPES } from '../../commands/packages/columns.js';
import { planList } from '../plan-list.js';
import { parseRole, roleName, roleSchema } from '../roles.js';
import { child, type Locator, type SettingsSection } from '../section.js';
import { containerPath, definedOnly, fail, list, record, text } from './project-shared.js';

const PUSH_ROLES = [40, 50, 60];
const DELETE_ROLES = [50, 60];
const FIELDS = ['package_name_pattern', 'package_type', 'minimum_access_level_for_push', 'minimum_access_level_for_delete'] as const;
type LevelField = 'minimum_access_level_for_push' | 'minimum_access_level_for_delete';

/** A rule as a file and the API state it: roles by name (`maintainer`, `owner`, `admin`). */
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
  const pattern = text(v.package_name_pattern, child(at, 'package_name_pattern'), 'package_name_pattern');
  if (pattern.length > 255) fail(child(at, 'package_name_pattern'), 'package_name_pattern is longer than 255 characters');
  const type = text(v.package_type, child(at, 'package_type'), 'package_type');
  if (!PACKAGE_TYPES.includes(type)) fail(child(at, 'package_type'), `unknown package_type "${type}"; accepted: ${PACKAGE_TYPES.join(', ')}`);
  const out: PackageRuleSpec = { package_name_pattern: pattern, package_type: type };
  const level = (field: LevelField, allowed: number[]) => {
    const raw = v[field];
    if (raw !== undefined) out[field] = raw === null ? null : String(roleName(parseRole(raw, child(at, field), allowed)));
  };
  level('minimum_access_level_for_push', PUSH_ROLES);
  level('minimum_access_level_for_delete', DELETE_ROLES);
  if (!out.minimum_access_level_for_push && !out.minimum_access_level_for_delete) {
    fail(at, 'a package protection rule needs a role in minimum_access_level_for_push or minimum_access_level_for_delete');
  }
  return out;
}

/** What an update compares and sends: the two roles. */
const levels = (r: PackageRuleSpec) => ({ minimum_access_level_for_push: r.minimum_access_level_for_push, minimum_access_level_for_delete: r.minimum_access_level_for_delete });
const fileForm = (r: PackageRuleSpec): PackageRuleSpec => ({ package_name_pattern: r.package_name_pattern, package_type: r.package_type, ...levels(r) });

export const packageProtectionRulesSection: SettingsSection<PackageRuleSpec[], RuleJson[]> = {
  name: 'package_protection_rules',
  summary: 'package protection rules of a project (by name pattern and package type)',
  scopes: ['project'],
  order: 50,
  endpoint: 'packages/protection/rules',
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
        minimum_access_level_for_push: { oneOf: [roleSchema(PUSH_ROLES), { type: 'null' }], description: 'lowest role that may publish' },
        minimum_access_level_for_delete: { oneOf: [roleSchema(DELETE_ROLES), { type: 'null' }], description: 'lowest role that may delete' },
      },
    },
  },

  parse(value, at) {
    const seen = new Set<string>();
    return list(value, at, 'package_protection_rules').map((item, i) => {
      const rule = parseRule(item, child(at, i));
      if (seen.has(ruleKey(rule))) fail(child(at, i), `package protection rule ${ruleKey(rule)} is declared twice`);
      seen.add(ruleKey(rule));
      return rule;
    });
  },

  references: () => ({}),

  read: (ctx, target) => ctx.reads.list<RuleJson>(`${containerPath(target)}/packages/protection/rules`),

  plan: (d, c, opts) =>
    planList(d, c, { desired: ruleKey, current: ruleKey }, { desired: (r) => definedOnly(fileForm(r)), current: (r) => definedOnly(fileForm(r)) }, opts.prune),

  async apply(ctx, change) {
    const { desired, current } = change.payload as { desired?: PackageRuleSpec; current?: RuleJson };
    const base = `${containerPath(change.target)}/packages/protection/rules`;
    if (change.op === 'create' && desired) await ctx.client.post(base, definedOnly(fileForm(desired)));
    else if (change.op === 'update' && current) await ctx.client.patch(`${base}/${current.id}`, Object.fromEntries(change.fields.map((f) => [f.field, f.to])));
    else if (change.op === 'delete' && current) await ctx.client.delete(`${base}/${current.id}`);
  },

  export: (c) => c.map(fileForm),
};
