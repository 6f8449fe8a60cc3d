// Audit events: the platform's instance (administrators, self-managed), group (Owners) and
// project (Maintainers) lists and records, paid tiers only; and a hostctl extension that lets a
// client follow new events without polling the list.
import { defineRoutes, type RouteDef } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { ParamDecl } from '../../http/params.js';
import { idParam } from '../../http/params.js';
import { isAdmin } from '../../auth/policy.js';
import { findGroup, findProject } from '../../resources/find.js';
import { listAuditEvents, type AuditScope } from './list.js';
import { EVENT_COLUMNS, presentAuditEvent, type AuditEventRow } from './present.js';
import { followAuditEvents } from './stream.js';

export const ENTITY_TYPES = ['Project', 'User', 'Group', 'Gitlab::Audit::InstanceScope'];

const listParams: ParamDecl[] = [
  { name: 'created_after', type: 'datetime' },
  { name: 'created_before', type: 'datetime' },
  { name: 'pagination', type: 'string', values: ['offset', 'keyset'] },
  { name: 'order_by', type: 'string' },
  { name: 'sort', type: 'string' },
  { name: 'cursor', type: 'string' },
  // hostctl's own filters (the CLI's --author and --event); a platform ignores them.
  { name: 'author_id', type: 'integer' },
  { name: 'event_name', type: 'string' },
];

const eventId: ParamDecl = { name: 'audit_event_id', type: 'integer', required: true };

function requireAdmin(ctx: RequestContext): void {
  if (!isAdmin(ctx.actor)) throw forbidden();
}

// Each scope names the ordinal columns (migration 037) that count it, whole and filtered by
// author or event name; an entity type alone has none filtered (no index serves them), nor has an
// entity other than a project (its filtered indexes hold project events only: migration 039).
const GROUP_ORDINALS = { all: 'seq_group', author: 'seq_group_author', name: 'seq_group_name' };
const PROJECT_ORDINALS = { all: 'seq_entity', author: 'seq_entity_author', name: 'seq_entity_name' };

const groupScope = (id: number): AuditScope => ({ where: ['group_id = ?'], args: [id], ordinals: GROUP_ORDINALS });

// The type is written out, not bound: SQLite reads a partial index only for a query whose terms
// imply the index's condition.
const projectScope = (id: number): AuditScope => ({ where: ["entity_type = 'Project'", 'entity_id = ?'], args: [id], ordinals: PROJECT_ORDINALS });

function instanceScope(ctx: RequestContext): AuditScope {
  const type = ctx.params.entity_type as string | undefined;
  if (type === undefined) return { where: [], args: [], ordinals: { all: 'seq_all', author: 'seq_author', name: 'seq_name' } };
  const id = ctx.params.entity_id as number | undefined;
  if (id === undefined) return { where: ['entity_type = ?'], args: [type], ordinals: { all: 'seq_type' } };
  if (type === 'Project') return projectScope(id);
  return { where: ['entity_type = ?', 'entity_id = ?'], args: [type, id], ordinals: { all: 'seq_entity' } };
}

/** One event within a scope, or the platform's 404. */
function oneEvent(ctx: RequestContext, scope: AuditScope, id: number) {
  const row = ctx.core.db
    .prepare(`SELECT ${EVENT_COLUMNS} FROM audit_events WHERE id = ?${scope.where.map((w) => ` AND ${w}`).join('')}`)
    .get(id, ...scope.args) as AuditEventRow | undefined;
  if (!row) throw notFound('Audit Event');
  return presentAuditEvent(row);
}

const groupOf = (ctx: RequestContext) => findGroup(ctx, 'read_group_audit_events');
const projectOf = (ctx: RequestContext) => findProject(ctx, 'read_project_audit_events');

export const auditEventRoutes: RouteDef[] = defineRoutes([
  {
    method: 'GET',
    path: '/audit_events',
    summary: 'List instance audit events, newest first (administrators)',
    tier: 'premium',
    offerings: ['self-managed', 'dedicated'],
    paginated: true,
    params: [
      { name: 'entity_type', type: 'string', values: ENTITY_TYPES },
      { name: 'entity_id', type: 'integer' },
      ...listParams,
    ],
    handler: (ctx) => {
      requireAdmin(ctx);
      return listAuditEvents(ctx, instanceScope(ctx));
    },
  },
  {
    method: 'GET',
    path: '/audit_events/:id',
    summary: 'Get one instance audit event (administrators)',
    tier: 'premium',
    offerings: ['self-managed', 'dedicated'],
    params: [{ name: 'id', type: 'integer', required: true }],
    handler: (ctx) => {
      requireAdmin(ctx);
      return oneEvent(ctx, { where: [], args: [] }, ctx.params.id as number);
    },
  },
  {
    method: 'GET',
    path: '/groups/:id/audit_events',
    summary: "List a group's audit events and its projects', newest first (Owner)",
    tier: 'premium',
    paginated: true,
    params: [idParam, ...listParams],
    handler: (ctx) => listAuditEvents(ctx, groupScope(groupOf(ctx).id)),
  },
  {
    method: 'GET',
    path: '/groups/:id/audit_events/:audit_event_id',
    summary: "Get one of a group's audit events (Owner)",
    tier: 'premium',
    params: [idParam, eventId],
    handler: (ctx) => oneEvent(ctx, groupScope(groupOf(ctx).id), ctx.params.audit_event_id as number),
  },
  {
    method: 'GET',
    path: '/projects/:id/audit_events',
    summary: "List a project's audit events, newest first (Maintainer)",
    tier: 'premium',
    paginated: true,
    params: [idParam, ...listParams],
    handler: (ctx) => listAuditEvents(ctx, projectScope(projectOf(ctx).id)),
  },
  {
    method: 'GET',
    path: '/projects/:id/audit_events/:audit_event_id',
    summary: "Get one of a project's audit events (Maintainer)",
    tier: 'premium',
    params: [idParam, eventId],
    handler: (ctx) => oneEvent(ctx, projectScope(projectOf(ctx).id), ctx.params.audit_event_id as number),
  },
  {
    method: 'GET',
    path: '/hostctl/audit_events/stream',
    summary: 'Wait for audit events newer than `after` (long poll; instance: administrators, group: Owner, project: Maintainer)',
    tier: 'premium',
    params: [
      { name: 'after', type: 'integer', default: 0 },
      { name: 'group_id', type: 'id' },
      { name: 'project_id', type: 'id' },
      { name: 'entity_type', type: 'string', values: ENTITY_TYPES },
      { name: 'entity_id', type: 'integer' },
      { name: 'author_id', type: 'integer' },
      { name: 'event_name', type: 'string' },
      { name: 'timeout', type: 'integer', default: 25, check: (v) => ((v as number) < 0 || (v as number) > 60 ? 'timeout does not have a valid value' : undefined) },
    ],
    handler: (ctx) => {
      let scope: AuditScope;
      if (ctx.params.group_id !== undefined) scope = groupScope(findGroup(ctx, 'read_group_audit_events', 'group_id').id);
      else if (ctx.params.project_id !== undefined) scope = projectScope(findProject(ctx, 'read_project_audit_events', 'project_id').id);
      else {
        requireAdmin(ctx);
        scope = instanceScope(ctx);
      }
      return followAuditEvents(ctx, scope);
    },
  },
]);
