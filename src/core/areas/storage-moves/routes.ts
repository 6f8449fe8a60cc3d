// Repository storage moves of projects, snippets and groups: bulk scheduling (202), scheduling
// one container's move (201), listing and getting moves globally and per container, newest
// first. Administrators only; self-managed and dedicated offerings; group moves (which carry
// group wiki repositories) in paid tiers. The moves themselves run in a worker (runner.ts).
import { defineRoutes, type Offering, type RouteDef } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { forbidden, notFound, paramError, recordNotFound } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import type { ParamDecl } from '../../http/params.js';
import { accepted, created } from '../../http/reply.js';
import { isAdmin } from '../../auth/policy.js';
import { groupByRef, projectByRef } from '../../resources/find.js';
import { registerJob } from '../../jobs/registry.js';
import type { ContainerType } from './kinds.js';
import { presentMove } from './present.js';
import { countMoves, findMove, isStorage, listMoves, RUN_MOVES_JOB, scheduleBulk, scheduleMove, type MoveFilter } from './service.js';

registerJob(RUN_MOVES_JOB, () => import('./job.js').then((m) => m.handler));

const OFFERINGS: Offering[] = ['self-managed', 'dedicated'];

/** `authenticated_as_admin!`: the route requires a user (401), and an administrator (403). */
function requireAdmin(ctx: RequestContext): void {
  if (!isAdmin(ctx.actor)) throw forbidden();
}

const storageName = (name: string, required: boolean): ParamDecl => ({ name, type: 'string', required });
const moveIdParam: ParamDecl = { name: 'repository_storage_id', type: 'integer', required: true };
const containerIdParam = (type: ContainerType): ParamDecl => ({ name: 'id', type: type === 'snippet' ? 'integer' : 'id', required: true });

/** The container of `:id`, or the platform's 404 for it. */
function containerId(ctx: RequestContext, type: ContainerType): number {
  const ref = ctx.params.id as string | number;
  if (type === 'project') {
    const p = projectByRef(ctx.core, ref);
    if (!p) throw notFound('Project');
    return p.id;
  }
  if (type === 'group') {
    const g = groupByRef(ctx.core, ref);
    if (!g) throw notFound('Group');
    return g.id;
  }
  const s = ctx.core.db.prepare('SELECT id FROM snippets WHERE id = ?').get(ref) as { id: number } | undefined;
  if (!s) throw notFound('Snippet');
  return s.id;
}

function routesFor(type: ContainerType, plural: string, extra: Pick<RouteDef, 'tier'>): RouteDef[] {
  const base = `/${type}_repository_storage_moves`;
  const nested = `/${plural}/:id/repository_storage_moves`;
  const common = { offerings: OFFERINGS, ...extra };
  const list = (filter: (ctx: RequestContext) => MoveFilter) => (ctx: RequestContext) => {
    requireAdmin(ctx);
    const f = filter(ctx);
    return paginate(
      ctx,
      () => countMoves(ctx.core, f),
      (limit, offset) => listMoves(ctx.core, f, limit, offset).map((m) => presentMove(ctx.core, m)),
    );
  };
  const get = (filter: (ctx: RequestContext) => MoveFilter) => (ctx: RequestContext) => {
    requireAdmin(ctx);
    const move = findMove(ctx.core, filter(ctx), ctx.params.repository_storage_id as number);
    if (!move) throw recordNotFound();
    return presentMove(ctx.core, move);
  };
  const all = (): MoveFilter => ({ type });
  const one = (ctx: RequestContext): MoveFilter => ({ type, containerId: containerId(ctx, type) });
  return [
    { method: 'GET', path: base, summary: `List ${type} repository storage moves, newest first (administrators)`, paginated: true, ...common, handler: list(all) },
    {
      method: 'GET',
      path: `${base}/:repository_storage_id`,
      summary: `Get one ${type} repository storage move (administrators)`,
      params: [moveIdParam],
      ...common,
      handler: get(all),
    },
    {
      method: 'POST',
      path: base,
      summary: `Schedule moves of every ${type} repository on a storage (administrators)`,
      params: [storageName('source_storage_name', false), storageName('destination_storage_name', false)],
      ...common,
      handler: (ctx) => {
        requireAdmin(ctx);
        // Declared optional so that non-administrators meet 403 first, as the platform's
        // before-hook answers ahead of parameter validation; Grape's wording otherwise.
        if (ctx.params.source_storage_name === undefined) throw paramError('source_storage_name is missing');
        // Grape's `values:` check, with the storage list read at request time.
        const invalid = ['source_storage_name', 'destination_storage_name'].filter((n) => ctx.params[n] !== undefined && !isStorage(ctx.core, ctx.params[n]));
        if (invalid.length > 0) throw paramError(invalid.map((n) => `${n} does not have a valid value`).join(', '));
        scheduleBulk(ctx.core, type, ctx.params.source_storage_name as string, ctx.params.destination_storage_name as string | undefined);
        return accepted();
      },
    },
    {
      method: 'GET',
      path: nested,
      summary: `List the repository storage moves of one ${type}, newest first (administrators)`,
      paginated: true,
      params: [containerIdParam(type)],
      ...common,
      handler: list(one),
    },
    {
      method: 'GET',
      path: `${nested}/:repository_storage_id`,
      summary: `Get one repository storage move of a ${type} (administrators)`,
      params: [containerIdParam(type), moveIdParam],
      ...common,
      handler: get(one),
    },
    {
      method: 'POST',
      path: nested,
      summary: `Schedule a move of one ${type}'s repositories to another storage (administrators)`,
      params: [containerIdParam(type), storageName('destination_storage_name', false)],
      ...common,
      handler: (ctx) => {
        requireAdmin(ctx);
        const id = containerId(ctx, type);
        const move = scheduleMove(ctx.core, type, id, ctx.params.destination_storage_name as string | undefined);
        return created(presentMove(ctx.core, move));
      },
    },
  ];
}

export const storageMoveRoutes = defineRoutes([
  ...routesFor('project', 'projects', {}),
  ...routesFor('snippet', 'snippets', {}),
  ...routesFor('group', 'groups', { tier: 'premium' }),
]);
