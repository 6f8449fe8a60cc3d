// Protected environment rows → the platform's entity: the environment with its deploy access
// levels and approval rules, each described the way protected refs describe theirs.
import type { CoreState } from '../../state.js';

export interface ProtectedEnvironmentRow {
  id: number;
  project_id: number | null;
  group_id: number | null;
  name: string;
  required_approval_count: number;
  created_at: string;
  updated_at: string;
}

export interface RuleRow {
  id: number;
  protected_environment_id: number;
  kind: 'deploy' | 'approval';
  access_level: number | null;
  user_id: number | null;
  group_id: number | null;
  group_inheritance_type: number;
  required_approvals: number;
}

/**
 * Descriptions of role-based entries. The specification types `access_level_description` as a
 * string for every entry, so Admin (60, null on the platform) reads like protected refs' "Admins".
 */
const LEVEL_DESCRIPTIONS: Record<number, string> = { 30: 'Developers + Maintainers', 40: 'Maintainers', 60: 'Admins' };

function describe(core: CoreState, rule: RuleRow): string {
  // Users and groups are removed with their entries (foreign keys cascade), so a name is found.
  if (rule.user_id !== null) return (core.db.prepare('SELECT name FROM users WHERE id = ?').get(rule.user_id) as { name: string } | undefined)?.name ?? 'No one';
  if (rule.group_id !== null) return (core.db.prepare('SELECT name FROM namespaces WHERE id = ?').get(rule.group_id) as { name: string } | undefined)?.name ?? 'No one';
  return rule.access_level === null ? 'No one' : (LEVEL_DESCRIPTIONS[rule.access_level] ?? 'No one');
}

export const rulesOf = (core: CoreState, envId: number, kind: RuleRow['kind']): RuleRow[] =>
  core.db.prepare('SELECT * FROM protected_environment_rules WHERE protected_environment_id = ? AND kind = ? ORDER BY id').all(envId, kind) as RuleRow[];

export function presentDeployLevel(core: CoreState, r: RuleRow) {
  return {
    id: r.id,
    access_level: r.access_level,
    access_level_description: describe(core, r),
    user_id: r.user_id,
    group_id: r.group_id,
    group_inheritance_type: r.group_inheritance_type,
  };
}

export function presentApprovalRule(core: CoreState, r: RuleRow) {
  return {
    id: r.id,
    user_id: r.user_id,
    group_id: r.group_id,
    access_level: r.access_level,
    access_level_description: describe(core, r),
    required_approvals: r.required_approvals,
    group_inheritance_type: r.group_inheritance_type,
  };
}

export type EnvironmentPart = 'all' | 'deploy' | 'approval';

/**
 * The whole entity, or (after an update that touched one side only) the part the specification
 * shows: deploy access levels with the approval count, or the approval rules.
 */
export function presentProtectedEnvironment(core: CoreState, env: ProtectedEnvironmentRow, part: EnvironmentPart = 'all') {
  const deploy = () => rulesOf(core, env.id, 'deploy').map((r) => presentDeployLevel(core, r));
  const approval = () => rulesOf(core, env.id, 'approval').map((r) => presentApprovalRule(core, r));
  if (part === 'deploy') return { name: env.name, deploy_access_levels: deploy(), required_approval_count: env.required_approval_count };
  if (part === 'approval') return { name: env.name, approval_rules: approval() };
  return { name: env.name, deploy_access_levels: deploy(), required_approval_count: env.required_approval_count, approval_rules: approval() };
}
