// Protecting environments of a group (by deployment tier) or of a project (any name). Each
// deploy access level and approval rule names exactly one of a role (30, 40, 60), a user or a
// group (the specification's "one hash of the form"); users and groups that may not be assigned
// are dropped silently, and only an environment left with no deploy access level is refused
// (422), as on the platform. The specification lists `required_approval_count` as an update
// field, so update sets it (0..5, the platform's model range); protect, where the specification
// does not list it, keeps the platform's "deprecated" refusal of a count above 0.
import { auditRow, ownerEntity } from '../../audit/subjects.js';
import type { NamespaceRow, ProjectRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { conflict, paramError, recordNotFound, unprocessable } from '../../http/errors.js';
import { descendantIds, ancestorIds, groupAccessLevel, projectAccessLevel } from '../../auth/access.js';
import { rulesOf, type ProtectedEnvironmentRow, type RuleRow } from './present.js';

export type Container = { kind: 'group'; group: NamespaceRow } | { kind: 'project'; project: ProjectRow };

export const DEPLOYMENT_TIERS = ['production', 'staging', 'testing', 'development', 'other'] as const;
export const ALLOWED_LEVELS = [30, 40, 60] as const;
const MAX_ITEMS = 100;
const MAX_APPROVAL_COUNT = 5;

export const DEPRECATED_COUNT =
  "Parameter 'required_approval_count' is deprecated and shouldn't be used. See https://gitlab.com/groups/gitlab-org/-/epics/9662";
const NO_DEPLOY_LEVELS = 'Deploy access levels is too short (minimum is 1 character)';

/** One entry of `deploy_access_levels` or `approval_rules`, as validated. */
export interface RuleInput {
  id?: number;
  destroy: boolean;
  access_level?: number | null;
  user_id?: number | null;
  group_id?: number | null;
  group_inheritance_type?: number;
  required_approvals?: number;
}

// NaN marks a value that is not an integer.
const intOf = (v: unknown): number | null | undefined => {
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim())) return Number(v.trim());
  return Number.NaN;
};

const boolOf = (v: unknown): boolean | undefined => {
  if (v === true || v === 'true' || v === '1' || v === 1) return true;
  if (v === false || v === 'false' || v === '0' || v === 0) return false;
  return undefined;
};

/**
 * Validates an array param the way the platform's declared params do (Grape wording, 400). Only
 * known keys are read, so nothing from the body is copied onto objects.
 */
export function parseRules(raw: unknown, field: 'deploy_access_levels' | 'approval_rules', update: boolean): RuleInput[] | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) throw paramError(`${field} is invalid`);
  if (raw.length > MAX_ITEMS) throw paramError(`${field} is invalid`);
  const errors: string[] = [];
  const out: RuleInput[] = [];
  raw.forEach((item, i) => {
    const at = (key: string) => `${field}[${i}][${key}]`;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      errors.push(`${field}[${i}] is invalid`);
      return;
    }
    const get = (key: string): unknown => (Object.prototype.hasOwnProperty.call(item, key) ? (item as Record<string, unknown>)[key] : undefined);
    const rule: RuleInput = { destroy: false };
    for (const key of ['user_id', 'group_id', 'access_level', 'group_inheritance_type', ...(field === 'approval_rules' ? ['required_approvals'] : []), ...(update ? ['id'] : [])] as const) {
      const v = intOf(get(key));
      if (Number.isNaN(v)) {
        errors.push(`${at(key)} is invalid`);
        continue;
      }
      if (v === undefined) continue;
      if (key === 'access_level' && v !== null && !(ALLOWED_LEVELS as readonly number[]).includes(v)) errors.push(`${at(key)} does not have a valid value`);
      else if (key === 'group_inheritance_type' && v !== null && v !== 0 && v !== 1) errors.push(`${at(key)} does not have a valid value`);
      else (rule as unknown as Record<string, unknown>)[key] = v;
    }
    const targets = (['user_id', 'group_id', 'access_level'] as const).filter((k) => get(k) !== undefined);
    if (targets.length > 1) errors.push(`${targets.map(at).join(', ')} are mutually exclusive`);
    if (update && get('_destroy') !== undefined) {
      const d = boolOf(get('_destroy'));
      if (d === undefined) errors.push(`${at('_destroy')} is invalid`);
      else rule.destroy = d;
    }
    if (field === 'approval_rules' && !rule.destroy && [rule.access_level, rule.user_id, rule.group_id].every((v) => v === undefined)) {
      errors.push(`${at('access_level')}, ${at('user_id')}, ${at('group_id')} are missing, at least one parameter must be provided`);
    }
    if (field === 'approval_rules' && rule.required_approvals === undefined && rule.id === undefined) rule.required_approvals = 1;
    out.push(rule);
  });
  if (errors.length > 0) throw paramError(errors.join(', '));
  return out;
}

export function findEnvironment(core: CoreState, c: Container, name: string): ProtectedEnvironmentRow {
  const row = (
    c.kind === 'group'
      ? core.db.prepare('SELECT * FROM protected_environments WHERE group_id = ? AND name = ?').get(c.group.id, name)
      : core.db.prepare('SELECT * FROM protected_environments WHERE project_id = ? AND name = ?').get(c.project.id, name)
  ) as ProtectedEnvironmentRow | undefined;
  if (!row) throw recordNotFound();
  return row;
}

/** Who may be named in an entry: the platform's qualified users and groups of the container. */
function assignable(core: CoreState, c: Container) {
  let groups: Set<number> | undefined;
  const groupOk = (id: number): boolean => {
    // Group level: the group and its subgroups. Project level: the groups the project belongs to
    // (this instance has no group sharing, so they stand in for the platform's invited groups).
    groups ??= new Set(c.kind === 'group' ? descendantIds(core, c.group.id) : ancestorIds(core, c.project.namespace_id).filter((id) => isGroup(core, id)));
    return groups.has(id);
  };
  const userOk = (id: number): boolean => {
    const exists = core.db.prepare('SELECT 1 FROM users WHERE id = ?').get(id);
    if (!exists) return false;
    return c.kind === 'group' ? groupAccessLevel(core, id, c.group) >= 40 : projectAccessLevel(core, id, c.project) >= 30;
  };
  return (r: RuleInput): boolean => {
    if (r.destroy) return true;
    if (r.group_id !== undefined && r.group_id !== null && !groupOk(r.group_id)) return false;
    if (r.user_id !== undefined && r.user_id !== null && !userOk(r.user_id)) return false;
    return true;
  };
}

const isGroup = (core: CoreState, id: number): boolean => !!core.db.prepare("SELECT 1 FROM namespaces WHERE id = ? AND kind = 'group'").get(id);

function insertRule(core: CoreState, envId: number, kind: RuleRow['kind'], r: RuleInput): void {
  core.db
    .prepare(
      `INSERT INTO protected_environment_rules (protected_environment_id, kind, access_level, user_id, group_id, group_inheritance_type, required_approvals)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(envId, kind, r.access_level ?? null, r.user_id ?? null, r.group_id ?? null, r.group_inheritance_type ?? 0, r.required_approvals ?? 1);
}

/** A rule must name exactly what it grants: a role, a user or a group. */
function checkRules(core: CoreState, envId: number): void {
  const problems: string[] = [];
  const deploy = rulesOf(core, envId, 'deploy');
  if (deploy.length === 0) problems.push(NO_DEPLOY_LEVELS);
  for (const [kind, label] of [
    ['deploy', 'Deploy access levels'],
    ['approval', 'Approval rules'],
  ] as const) {
    const rows = kind === 'deploy' ? deploy : rulesOf(core, envId, 'approval');
    if (rows.some((r) => r.access_level === null && r.user_id === null && r.group_id === null)) problems.push(`${label} access level can't be blank`);
  }
  if (rulesOf(core, envId, 'approval').some((r) => r.required_approvals < 1)) problems.push('Approval rules required approvals must be greater than 0');
  if (problems.length > 0) throw unprocessable(problems);
}

export interface ProtectInput {
  name: string;
  deploy_access_levels: RuleInput[];
  approval_rules?: RuleInput[];
  required_approval_count?: number;
}

export function protect(core: CoreState, c: Container, input: ProtectInput): ProtectedEnvironmentRow {
  if ((input.required_approval_count ?? 0) > 0) throw unprocessable(DEPRECATED_COUNT);
  return core.tx(() => {
    const existing = core.db
      .prepare(`SELECT 1 FROM protected_environments WHERE ${c.kind === 'group' ? 'group_id' : 'project_id'} = ? AND name = ?`)
      .get(c.kind === 'group' ? c.group.id : c.project.id, input.name);
    if (existing) throw conflict(c.kind === 'group' ? `Protected environment '${input.name}' already exists` : `Environment '${input.name}' is already protected`);
    if (c.kind === 'group' && !(DEPLOYMENT_TIERS as readonly string[]).includes(input.name)) throw unprocessable(['Name is not included in the list']);
    const now = core.nowIso();
    const info = core.db
      .prepare('INSERT INTO protected_environments (project_id, group_id, name, required_approval_count, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)')
      .run(c.kind === 'project' ? c.project.id : null, c.kind === 'group' ? c.group.id : null, input.name, now, now);
    const envId = Number(info.lastInsertRowid);
    const ok = assignable(core, c);
    for (const r of input.deploy_access_levels.filter(ok)) insertRule(core, envId, 'deploy', r);
    for (const r of (input.approval_rules ?? []).filter(ok)) insertRule(core, envId, 'approval', r);
    checkRules(core, envId);
    auditRow(core, c.kind === 'group' ? { type: 'Group', id: c.group.id } : { type: 'Project', id: c.project.id }, 'environment_protected', { type: 'ProtectedEnvironment', id: envId, details: input.name }, `Protected environment ${input.name}`);
    return core.db.prepare('SELECT * FROM protected_environments WHERE id = ?').get(envId) as ProtectedEnvironmentRow;
  });
}

export interface UpdateInput {
  deploy_access_levels?: RuleInput[];
  approval_rules?: RuleInput[];
  required_approval_count?: number;
}

/** Entries with `id` change (or, with `_destroy`, remove) that entry; entries without are added. */
export function updateEnvironment(core: CoreState, c: Container, env: ProtectedEnvironmentRow, input: UpdateInput): ProtectedEnvironmentRow {
  const count = input.required_approval_count;
  if (count !== undefined && count < 0) throw unprocessable(['Required approval count must be greater than or equal to 0']);
  if (count !== undefined && count > MAX_APPROVAL_COUNT) throw unprocessable([`Required approval count must be less than or equal to ${MAX_APPROVAL_COUNT}`]);
  return core.tx(() => {
    const ok = assignable(core, c);
    for (const [kind, list] of [
      ['deploy', input.deploy_access_levels],
      ['approval', input.approval_rules],
    ] as const) {
      for (const r of (list ?? []).filter(ok)) {
        if (r.id === undefined) {
          if (!r.destroy) insertRule(core, env.id, kind, r);
          continue;
        }
        const current = core.db.prepare('SELECT * FROM protected_environment_rules WHERE id = ? AND protected_environment_id = ? AND kind = ?').get(r.id, env.id, kind) as
          | RuleRow
          | undefined;
        // An id of another environment's entry is ignored, as nested attributes do.
        if (!current) continue;
        if (r.destroy) {
          core.db.prepare('DELETE FROM protected_environment_rules WHERE id = ?').run(r.id);
          continue;
        }
        // A new target replaces the old one: an entry grants to one role, user or group.
        const retarget = r.access_level !== undefined || r.user_id !== undefined || r.group_id !== undefined;
        const next = {
          access_level: retarget ? (r.access_level ?? null) : current.access_level,
          user_id: retarget ? (r.user_id ?? null) : current.user_id,
          group_id: retarget ? (r.group_id ?? null) : current.group_id,
          group_inheritance_type: r.group_inheritance_type ?? current.group_inheritance_type,
          required_approvals: r.required_approvals ?? current.required_approvals,
        };
        core.db
          .prepare('UPDATE protected_environment_rules SET access_level = ?, user_id = ?, group_id = ?, group_inheritance_type = ?, required_approvals = ? WHERE id = ?')
          .run(next.access_level, next.user_id, next.group_id, next.group_inheritance_type, next.required_approvals, r.id);
      }
    }
    // An omitted count is left as it is ("all optional"), at both levels.
    core.db.prepare('UPDATE protected_environments SET required_approval_count = ?, updated_at = ? WHERE id = ?').run(count ?? env.required_approval_count, core.nowIso(), env.id);
    checkRules(core, env.id);
    auditRow(core, ownerEntity(env), 'protected_environment_updated', { type: 'ProtectedEnvironment', id: env.id, details: env.name }, `Changed protected environment ${env.name}`);
    return core.db.prepare('SELECT * FROM protected_environments WHERE id = ?').get(env.id) as ProtectedEnvironmentRow;
  });
}

export function unprotect(core: CoreState, env: ProtectedEnvironmentRow): void {
  core.tx(() => {
    core.db.prepare('DELETE FROM protected_environments WHERE id = ?').run(env.id);
    auditRow(core, ownerEntity(env), 'environment_unprotected', { type: 'ProtectedEnvironment', id: env.id, details: env.name }, `Unprotected environment ${env.name}`);
  });
}
