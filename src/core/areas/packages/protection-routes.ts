// Package protection rules of a project: a package name pattern (`*` matches anything) and a
// type, with the lowest role that may push such packages and the lowest that may delete them.
// Maintainers manage them.
import { auditRow } from '../../audit/subjects.js';
import type { RouteDef } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { recordNotFound, unprocessable } from '../../http/errors.js';
import { created, noContent } from '../../http/reply.js';
import { paginate } from '../../http/pagination.js';
import { keptCount } from '../../db/list-counts.js';
import { idParam, type ParamDecl } from '../../http/params.js';
import type { PackageProtectionRuleRow } from '../../db/rows.js';
import { findProject } from '../../resources/find.js';
import { PACKAGE_TYPES, RULE_LEVELS, ruleLevelName } from './types.js';

const present = (r: PackageProtectionRuleRow) => ({
  id: r.id,
  project_id: r.project_id,
  package_name_pattern: r.package_name_pattern,
  package_type: r.package_type,
  minimum_access_level_for_delete: ruleLevelName(r.minimum_access_level_for_delete),
  minimum_access_level_for_push: ruleLevelName(r.minimum_access_level_for_push),
});

const levelParam = (name: string, values: string[]): ParamDecl => ({
  name,
  type: 'string',
  check: (v) => (v === null || values.includes(v as string) ? undefined : `${name} does not have a valid value`),
});

const ruleParams = (required: boolean): ParamDecl[] => [
  { name: 'package_name_pattern', type: 'string', required, check: (v) => ((v as string).trim() === '' ? 'package_name_pattern is empty' : (v as string).length > 255 ? 'package_name_pattern is too long' : undefined) },
  { name: 'package_type', type: 'string', required, values: PACKAGE_TYPES },
  levelParam('minimum_access_level_for_delete', ['owner', 'admin']),
  levelParam('minimum_access_level_for_push', ['maintainer', 'owner', 'admin']),
];

/** The level stored for a param: undefined when absent, null for an explicit null or ''. */
function levelInput(ctx: RequestContext, name: string): number | null | undefined {
  if (!(name in ctx.input)) return undefined;
  const v = ctx.input[name];
  return v === null || v === '' ? null : (RULE_LEVELS[v as string] ?? null);
}

function findRule(ctx: RequestContext, projectId: number): PackageProtectionRuleRow {
  const row = ctx.core.db.prepare('SELECT * FROM package_protection_rules WHERE id = ? AND project_id = ?').get(ctx.params.package_protection_rule_id, projectId) as
    | PackageProtectionRuleRow
    | undefined;
  if (!row) throw recordNotFound();
  return row;
}

/** Writes the rule; a taken pattern or a rule with no level left is refused as the platform does. */
function save(ctx: RequestContext, projectId: number, rule: Omit<PackageProtectionRuleRow, 'id' | 'created_at' | 'updated_at'>, id?: number): PackageProtectionRuleRow {
  if (rule.minimum_access_level_for_push === null && rule.minimum_access_level_for_delete === null) {
    throw unprocessable(['A rule must have at least a minimum access role for push or delete.']);
  }
  const taken = ctx.core.db
    .prepare('SELECT id FROM package_protection_rules WHERE project_id = ? AND package_type = ? AND package_name_pattern = ? AND id IS NOT ?')
    .get(projectId, rule.package_type, rule.package_name_pattern, id ?? null);
  if (taken) throw unprocessable(['Package name pattern has already been taken']);
  const now = ctx.core.nowIso();
  return ctx.core.tx(() => {
    let ruleId = id;
    if (ruleId === undefined) {
      const info = ctx.core.db
        .prepare(
          `INSERT INTO package_protection_rules (project_id, package_name_pattern, package_type, minimum_access_level_for_push, minimum_access_level_for_delete, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(projectId, rule.package_name_pattern, rule.package_type, rule.minimum_access_level_for_push, rule.minimum_access_level_for_delete, now, now);
      ruleId = Number(info.lastInsertRowid);
    } else {
      ctx.core.db
        .prepare(
          `UPDATE package_protection_rules SET package_name_pattern = ?, package_type = ?, minimum_access_level_for_push = ?, minimum_access_level_for_delete = ?, updated_at = ? WHERE id = ?`,
        )
        .run(rule.package_name_pattern, rule.package_type, rule.minimum_access_level_for_push, rule.minimum_access_level_for_delete, now, ruleId);
    }
    auditRow(ctx.core, { type: 'Project', id: projectId }, id === undefined ? 'package_protection_rule_created' : 'package_protection_rule_updated', { type: 'Packages::Protection::Rule', id: ruleId, details: rule.package_name_pattern }, `${id === undefined ? 'Added' : 'Changed'} package protection rule ${rule.package_name_pattern}`);
    return ctx.core.db.prepare('SELECT * FROM package_protection_rules WHERE id = ?').get(ruleId) as PackageProtectionRuleRow;
  });
}

const ruleIdParam: ParamDecl = { name: 'package_protection_rule_id', type: 'integer', required: true };

export const protectionRuleRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/projects/:id/packages/protection/rules',
    summary: 'List the package protection rules of a project',
    paginated: true,
    params: [idParam],
    handler: (ctx) => {
      const project = findProject(ctx, 'admin_package');
      return paginate(
        ctx,
        (cap) => keptCount(ctx.core.db, 'package_protection_rules', [project.id], cap),
        (limit, offset) =>
          (ctx.core.db.prepare('SELECT * FROM package_protection_rules WHERE project_id = ? ORDER BY id LIMIT ? OFFSET ?').all(project.id, limit, offset) as PackageProtectionRuleRow[]).map(present),
      );
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/packages/protection/rules',
    summary: 'Create a package protection rule',
    params: [idParam, ...ruleParams(true)],
    rules: [{ atLeastOneOf: ['minimum_access_level_for_delete', 'minimum_access_level_for_push'] }],
    handler: (ctx) => {
      const project = findProject(ctx, 'admin_package');
      const row = save(ctx, project.id, {
        project_id: project.id,
        package_name_pattern: (ctx.params.package_name_pattern as string).trim(),
        package_type: ctx.params.package_type as string,
        minimum_access_level_for_push: levelInput(ctx, 'minimum_access_level_for_push') ?? null,
        minimum_access_level_for_delete: levelInput(ctx, 'minimum_access_level_for_delete') ?? null,
      });
      return created(present(row));
    },
  },
  {
    method: 'PATCH',
    path: '/projects/:id/packages/protection/rules/:package_protection_rule_id',
    summary: 'Update a package protection rule',
    params: [idParam, ruleIdParam, ...ruleParams(false)],
    handler: (ctx) => {
      const project = findProject(ctx, 'admin_package');
      const rule = findRule(ctx, project.id);
      const push = levelInput(ctx, 'minimum_access_level_for_push');
      const del = levelInput(ctx, 'minimum_access_level_for_delete');
      return present(
        save(
          ctx,
          project.id,
          {
            project_id: project.id,
            package_name_pattern: ctx.params.package_name_pattern === undefined ? rule.package_name_pattern : (ctx.params.package_name_pattern as string).trim(),
            package_type: (ctx.params.package_type as string | undefined) ?? rule.package_type,
            minimum_access_level_for_push: push === undefined ? rule.minimum_access_level_for_push : push,
            minimum_access_level_for_delete: del === undefined ? rule.minimum_access_level_for_delete : del,
          },
          rule.id,
        ),
      );
    },
  },
  {
    method: 'DELETE',
    path: '/projects/:id/packages/protection/rules/:package_protection_rule_id',
    summary: 'Delete a package protection rule',
    params: [idParam, ruleIdParam],
    handler: (ctx) => {
      const project = findProject(ctx, 'admin_package');
      const rule = findRule(ctx, project.id);
      ctx.core.tx(() => {
        ctx.core.db.prepare('DELETE FROM package_protection_rules WHERE id = ?').run(rule.id);
        auditRow(ctx.core, { type: 'Project', id: project.id }, 'package_protection_rule_deleted', { type: 'Packages::Protection::Rule', id: rule.id, details: rule.package_name_pattern }, `Removed package protection rule ${rule.package_name_pattern}`);
      });
      return noContent();
    },
  },
];
