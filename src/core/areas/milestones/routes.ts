// Project and group milestones: list, get, create, update (including closing and reopening with
// `state_event`), delete. Milestones are addressed by their global id in paths; `iid` numbers
// them within their project or group.
import { defineRoutes, type RouteDef } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { forbidden, recordNotFound } from '../../http/errors.js';
import { cappedCount, paginate } from '../../http/pagination.js';
import { keptCount } from '../../db/list-counts.js';
import { created, noContent, ok } from '../../http/reply.js';
import { idParam, squishedSearchParam, parseDateTime, type ParamDecl } from '../../http/params.js';
import { ancestorIds } from '../../auth/access.js';
import { findGroup, findProject } from '../../resources/find.js';
import { presentMilestone } from './present.js';
import { MILESTONE_ORDER, milestoneListSql, milestoneOfParent, type MilestoneParent, type MilestoneRow } from './queries.js';
import { createMilestone, deleteMilestone, promoteMilestone, updateMilestone, type MilestoneInput } from './service.js';
import type { NamespaceRow } from '../../db/rows.js';
import { can } from '../../auth/policy.js';

/** A date, or an ISO 8601 date-time whose date is kept (as the platform's model casts it); '' clears. */
const milestoneDateProblem = (name: string) => (value: unknown): string | undefined =>
  typeof value !== 'string' || value === '' || parseDateTime(value) ? undefined : `${name} is invalid`;

/** The calendar date a milestone date param names, as written (a date-time keeps its own date). */
const milestoneDate = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value.slice(0, 10) : null);

const milestoneIdParam: ParamDecl = { name: 'milestone_id', type: 'integer', required: true };

const optionalParams: ParamDecl[] = [
  { name: 'description', type: 'string', maxLength: 1_000_000 },
  { name: 'due_date', type: 'string', check: milestoneDateProblem('due_date') },
  { name: 'start_date', type: 'string', check: milestoneDateProblem('start_date') },
];

const listParams: ParamDecl[] = [
  idParam,
  { name: 'state', type: 'string', values: ['active', 'closed', 'all'], default: 'all' },
  { name: 'iids', type: 'integer[]', commaSeparated: true },
  { name: 'title', type: 'string' },
  squishedSearchParam(),
  { name: 'include_parent_milestones', type: 'boolean', default: false },
  { name: 'updated_before', type: 'datetime' },
  { name: 'updated_after', type: 'datetime' },
];

const updateParams: ParamDecl[] = [
  idParam,
  milestoneIdParam,
  { name: 'title', type: 'string' },
  { name: 'state_event', type: 'string', values: ['close', 'activate'] },
  ...optionalParams,
];
const updateRules = [{ atLeastOneOf: ['title', 'description', 'start_date', 'due_date', 'state_event'] }];

type ParentFinder = (ctx: RequestContext, write: boolean) => MilestoneParent;

const projectParent: ParentFinder = (ctx, write) => {
  const project = findProject(ctx, write ? 'admin_milestone' : 'read_milestone');
  return { kind: 'project', id: project.id, namespaceId: project.namespace_id };
};

const groupParent: ParentFinder = (ctx, write) => {
  const group = findGroup(ctx, write ? 'admin_milestone' : 'read_group');
  return { kind: 'group', id: group.id };
};

/** Owners whose milestones a list shows: the parent, plus its ancestor groups when asked. */
function listOwners(ctx: RequestContext, parent: MilestoneParent): { projectIds: number[]; groupIds: number[] } {
  const withParents = ctx.params.include_parent_milestones === true;
  if (parent.kind === 'project') {
    if (!withParents) return { projectIds: [parent.id], groupIds: [] };
    const ns = ctx.core.db.prepare('SELECT kind FROM namespaces WHERE id = ?').get(parent.namespaceId) as { kind: string };
    return { projectIds: [parent.id], groupIds: ns.kind === 'group' ? ancestorIds(ctx.core, parent.namespaceId) : [] };
  }
  return { projectIds: [], groupIds: withParents ? ancestorIds(ctx.core, parent.id) : [parent.id] };
}

function inputOf(ctx: RequestContext): MilestoneInput {
  const p = ctx.params;
  const out: MilestoneInput = {};
  if (p.title !== undefined) out.title = p.title as string;
  if (p.description !== undefined) out.description = p.description as string | null;
  if (p.due_date !== undefined) out.due_date = milestoneDate(p.due_date);
  if (p.start_date !== undefined) out.start_date = milestoneDate(p.start_date);
  if (p.state_event !== undefined) out.state_event = p.state_event as 'close' | 'activate';
  return out;
}

function milestoneFor(ctx: RequestContext, parent: MilestoneParent): MilestoneRow {
  const row = milestoneOfParent(ctx.core, parent, ctx.params.milestone_id as number);
  if (!row) throw recordNotFound();
  return row;
}

function routesFor(resource: 'projects' | 'groups', parentOf: ParentFinder, noun: string): RouteDef[] {
  const base = `/${resource}/:id/milestones`;
  return [
    {
      method: 'GET',
      path: base,
      summary: `List ${noun} milestones`,
      paginated: true,
      params: listParams,
      handler: (ctx) => {
        const parent = parentOf(ctx, false);
        const owners = listOwners(ctx, parent);
        const p = ctx.params;
        const filter = {
          state: p.state as 'active' | 'closed' | 'all',
          // iids address the parent's own numbering, so they do not combine with parents' milestones.
          ...(p.iids !== undefined && p.include_parent_milestones !== true ? { iids: p.iids as number[] } : {}),
          ...(p.title !== undefined ? { title: p.title as string } : {}),
          ...(p.search !== undefined ? { search: p.search as string } : {}),
          ...(p.updated_before !== undefined ? { updatedBefore: p.updated_before as string } : {}),
          ...(p.updated_after !== undefined ? { updatedAfter: p.updated_after as string } : {}),
        };
        const { where, args } = milestoneListSql({ ...owners, ...filter });
        const base = `SELECT * FROM milestones WHERE ${where}`;
        // With parents' milestones, each owner's milestones are read along its own index and the
        // ordered parts merged (one ORDER BY over the whole OR would sort every row).
        const arms = [...owners.projectIds.map((id) => ({ projectIds: [id], groupIds: [] })), ...owners.groupIds.map((id) => ({ projectIds: [], groupIds: [id] }))].map(
          (one) => milestoneListSql({ ...one, ...filter }),
        );
        const page =
          arms.length > 1
            ? {
                sql: `${arms.map((a) => `SELECT *, due_date IS NULL AS undated FROM milestones WHERE ${a.where}`).join(' UNION ALL ')} ORDER BY undated, due_date ASC, id DESC`,
                args: arms.flatMap((a) => a.args),
              }
            : { sql: `${base} ORDER BY ${MILESTONE_ORDER}`, args };
        // Without filters beyond the state, the totals are the trigger-kept counts per owner and state.
        const unfiltered = [p.title, p.search, p.updated_before, p.updated_after].every((v) => v === undefined) && (p.iids === undefined || p.include_parent_milestones === true);
        const keptTotal = (cap: number) => {
          const parts = p.state === 'active' || p.state === 'closed' ? [p.state] : undefined;
          return Math.min(cap, keptCount(ctx.core.db, 'project_milestones', owners.projectIds, cap, parts) + keptCount(ctx.core.db, 'group_milestones', owners.groupIds, cap, parts));
        };
        return paginate(
          ctx,
          (cap) => (unfiltered ? keptTotal(cap) : (ctx.core.db.prepare(cappedCount(base, cap)).get(...args) as { n: number }).n),
          (limit, offset) =>
            (ctx.core.db.prepare(`${page.sql} LIMIT ? OFFSET ?`).all(...page.args, limit, offset) as MilestoneRow[]).map((r) =>
              presentMilestone(ctx.core, r),
            ),
        );
      },
    },
    {
      method: 'GET',
      path: `${base}/:milestone_id`,
      summary: `Get a ${noun} milestone`,
      params: [idParam, milestoneIdParam],
      handler: (ctx) => presentMilestone(ctx.core, milestoneFor(ctx, parentOf(ctx, false))),
    },
    {
      method: 'POST',
      path: base,
      summary: `Create a ${noun} milestone`,
      params: [idParam, { name: 'title', type: 'string', required: true }, ...optionalParams],
      handler: (ctx) => {
        const parent = parentOf(ctx, true);
        const row = createMilestone(ctx.core, parent, { ...inputOf(ctx), title: ctx.params.title as string });
        return created(presentMilestone(ctx.core, row));
      },
    },
    {
      method: 'PUT',
      path: `${base}/:milestone_id`,
      summary: `Update a ${noun} milestone (state_event close|activate closes or reopens it)`,
      params: updateParams,
      rules: updateRules,
      handler: (ctx) => {
        const parent = parentOf(ctx, true);
        const row = milestoneFor(ctx, parent);
        return presentMilestone(ctx.core, updateMilestone(ctx.core, parent, row, inputOf(ctx)));
      },
    },
    {
      method: 'DELETE',
      path: `${base}/:milestone_id`,
      summary: `Delete a ${noun} milestone`,
      params: [idParam, milestoneIdParam],
      handler: (ctx) => {
        const parent = parentOf(ctx, true);
        deleteMilestone(ctx.core, milestoneFor(ctx, parent));
        return noContent();
      },
    },
  ];
}

export const milestoneRoutes = defineRoutes([
  ...routesFor('projects', projectParent, 'project'),
  ...routesFor('groups', groupParent, 'group'),
  {
    method: 'POST',
    path: '/projects/:id/milestones/:milestone_id/promote',
    summary: "Promote a project milestone to the project's group",
    params: [idParam, milestoneIdParam],
    handler: (ctx) => {
      // The platform authorizes on the project, then on its group (none: 403), then finds the milestone.
      const project = findProject(ctx, 'admin_milestone');
      const ns = ctx.core.db.prepare('SELECT * FROM namespaces WHERE id = ?').get(project.namespace_id) as NamespaceRow;
      if (ns.kind !== 'group' || !can(ctx.core, ctx.actor, 'admin_milestone', { group: ns })) throw forbidden();
      const row = milestoneFor(ctx, { kind: 'project', id: project.id, namespaceId: project.namespace_id });
      return ok(presentMilestone(ctx.core, promoteMilestone(ctx.core, ns.id, row)));
    },
  },
]);
