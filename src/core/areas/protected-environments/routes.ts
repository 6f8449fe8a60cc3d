// Protected environments of groups (deployment tiers, Maintainer) and of projects (any environment
// name, Maintainer): list, get, protect, update, unprotect. One route table for both containers.
import { defineRoutes, type RouteDef } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { idParam, type ParamDecl } from '../../http/params.js';
import { paginate } from '../../http/pagination.js';
import { keptCount } from '../../db/list-counts.js';
import { created, ok } from '../../http/reply.js';
import { findGroup, findProject } from '../../resources/find.js';
import { presentProtectedEnvironment, type EnvironmentPart, type ProtectedEnvironmentRow } from './present.js';
import { findEnvironment, parseRules, protect, unprotect, updateEnvironment, type Container } from './service.js';

function container(ctx: RequestContext, kind: Container['kind']): Container {
  return kind === 'group' ? { kind, group: findGroup(ctx, 'admin_protected_environment') } : { kind, project: findProject(ctx, 'admin_protected_environment') };
}

const nameParam: ParamDecl = { name: 'name', type: 'string', required: true };
const ruleParams: ParamDecl[] = [
  { name: 'deploy_access_levels', type: 'hash[]' },
  { name: 'approval_rules', type: 'hash[]' },
  { name: 'required_approval_count', type: 'integer' },
];

function routesFor(kind: Container['kind']): RouteDef[] {
  const base = kind === 'group' ? '/groups/:id/protected_environments' : '/projects/:id/protected_environments';
  const what = kind === 'group' ? "a group's environments (deployment tiers; Maintainer)" : "a project's environments (Maintainer)";
  return [
    {
      method: 'GET',
      path: base,
      summary: `List protected environments of ${what}`,
      tier: 'premium',
      paginated: true,
      params: [idParam],
      handler: (ctx) => {
        const c = container(ctx, kind);
        const [col, id] = c.kind === 'group' ? ['group_id', c.group.id] : ['project_id', c.project.id];
        return paginate(
          ctx,
          (cap) => keptCount(ctx.core.db, c.kind === 'group' ? 'group_protected_envs' : 'project_protected_envs', [id], cap),
          (limit, offset) =>
            (ctx.core.db.prepare(`SELECT * FROM protected_environments WHERE ${col} = ? ORDER BY name, id LIMIT ? OFFSET ?`).all(id, limit, offset) as ProtectedEnvironmentRow[]).map((e) =>
              presentProtectedEnvironment(ctx.core, e),
            ),
        );
      },
    },
    {
      method: 'GET',
      path: `${base}/:name`,
      summary: `Get one protected environment of ${what}`,
      tier: 'premium',
      params: [idParam, nameParam],
      handler: (ctx) => presentProtectedEnvironment(ctx.core, findEnvironment(ctx.core, container(ctx, kind), String(ctx.params.name))),
    },
    {
      method: 'POST',
      path: base,
      summary: `Protect one of ${what}`,
      tier: 'premium',
      params: [idParam, nameParam, { ...(ruleParams[0] as ParamDecl), required: true }, ...ruleParams.slice(1)],
      handler: (ctx) => {
        const c = container(ctx, kind);
        const deploy = parseRules(ctx.input.deploy_access_levels, 'deploy_access_levels', false) ?? [];
        const approval = parseRules(ctx.input.approval_rules, 'approval_rules', false);
        const env = protect(ctx.core, c, {
          name: String(ctx.params.name),
          deploy_access_levels: deploy,
          ...(approval ? { approval_rules: approval } : {}),
          ...(typeof ctx.params.required_approval_count === 'number' ? { required_approval_count: ctx.params.required_approval_count } : {}),
        });
        return created(presentProtectedEnvironment(ctx.core, env));
      },
    },
    {
      method: 'PUT',
      path: `${base}/:name`,
      summary: `Update one protected environment of ${what}: entries with id change, with id and _destroy go, without id are added`,
      tier: 'premium',
      params: [idParam, nameParam, ...ruleParams],
      handler: (ctx) => {
        const c = container(ctx, kind);
        const env = findEnvironment(ctx.core, c, String(ctx.params.name));
        const deploy = parseRules(ctx.input.deploy_access_levels, 'deploy_access_levels', true);
        const approval = parseRules(ctx.input.approval_rules, 'approval_rules', true);
        const updated = updateEnvironment(ctx.core, c, env, {
          ...(deploy ? { deploy_access_levels: deploy } : {}),
          ...(approval ? { approval_rules: approval } : {}),
          ...(typeof ctx.params.required_approval_count === 'number' ? { required_approval_count: ctx.params.required_approval_count } : {}),
        });
        // The specification's update answers show the side that changed.
        const part: EnvironmentPart = deploy && !approval ? 'deploy' : approval && !deploy ? 'approval' : 'all';
        return ok(presentProtectedEnvironment(ctx.core, updated, part));
      },
    },
    {
      method: 'DELETE',
      path: `${base}/:name`,
      // The specification answers 200 (the platform 204); the unprotected environment is the body.
      summary: `Unprotect one of ${what}`,
      tier: 'premium',
      params: [idParam, nameParam],
      handler: (ctx) => {
        const env = findEnvironment(ctx.core, container(ctx, kind), String(ctx.params.name));
        const body = presentProtectedEnvironment(ctx.core, env);
        unprotect(ctx.core, env);
        return ok(body);
      },
    },
  ];
}

export const protectedEnvironmentRoutes: RouteDef[] = defineRoutes([...routesFor('group'), ...routesFor('project')]);
