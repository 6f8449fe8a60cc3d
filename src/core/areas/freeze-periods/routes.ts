// Deploy freeze periods of a project: list (created_at ascending, paginated), get, create,
// update, delete (honouring If-Unmodified-Since). Reporters read, Maintainers change; the
// whole API needs a signed-in caller.
import { auditRow } from '../../audit/subjects.js';
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { preconditionFailed, recordNotFound } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import { created, noContent, ok } from '../../http/reply.js';
import { idParam, type ParamDecl } from '../../http/params.js';
import type { ProjectRow } from '../../db/rows.js';
import { findProject } from '../../resources/find.js';
import { checkedDraft } from './validate.js';

export interface FreezePeriodRow {
  id: number;
  project_id: number;
  freeze_start: string;
  freeze_end: string;
  cron_timezone: string;
  created_at: string;
  updated_at: string;
}

const present = (row: FreezePeriodRow) => ({
  id: row.id,
  freeze_start: row.freeze_start,
  freeze_end: row.freeze_end,
  cron_timezone: row.cron_timezone,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const periodId: ParamDecl = { name: 'freeze_period_id', type: 'integer', required: true };
const cronParam = (name: string, required: boolean): ParamDecl => ({ name, type: 'string', required });

function periodOf(ctx: RequestContext, project: ProjectRow): FreezePeriodRow {
  const row = ctx.core.db.prepare('SELECT * FROM freeze_periods WHERE id = ? AND project_id = ?').get(ctx.params.freeze_period_id, project.id) as
    | FreezePeriodRow
    | undefined;
  if (!row) throw recordNotFound();
  return row;
}

const byId = (ctx: RequestContext, id: number | bigint) => ctx.core.db.prepare('SELECT * FROM freeze_periods WHERE id = ?').get(id) as FreezePeriodRow;

/** Grape's conditional delete: a resource changed after the given time answers 412 (whole seconds). */
function checkUnmodifiedSince(ctx: RequestContext, updatedAt: string): void {
  const header = ctx.headers['if-unmodified-since'];
  if (!header) return;
  const since = Date.parse(header);
  if (Number.isNaN(since)) return;
  if (Math.floor(Date.parse(updatedAt) / 1000) > Math.floor(since / 1000)) throw preconditionFailed();
}

/** One event per freeze period change, naming its window. */
const auditFreeze = (ctx: RequestContext, projectId: number, id: number, action: string, p: { freeze_start: string; freeze_end: string; cron_timezone: string }): number =>
  auditRow(ctx.core, { type: 'Project', id: projectId }, `freeze_period_${action}`, { type: 'Ci::FreezePeriod', id, details: `${p.freeze_start} – ${p.freeze_end} ${p.cron_timezone}` }, `Freeze period ${action}`);

export const freezePeriodRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/projects/:id/freeze_periods',
    summary: 'List the deploy freeze periods of a project (Reporter), oldest first',
    paginated: true,
    params: [idParam],
    handler: (ctx) => {
      const project = findProject(ctx, 'read_freeze_period');
      const base = 'SELECT * FROM freeze_periods WHERE project_id = ?';
      const reply = paginate(
        ctx,
        // The trigger-kept count of the project's periods.
        () => (ctx.core.db.prepare('SELECT n FROM freeze_period_counts WHERE project_id = ?').get(project.id) as { n: number } | undefined)?.n ?? 0,
        (limit, offset) => (ctx.core.db.prepare(`${base} ORDER BY created_at, id LIMIT ? OFFSET ?`).all(project.id, limit, offset) as FreezePeriodRow[]).map(present),
      );
      return reply;
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/freeze_periods/:freeze_period_id',
    summary: 'Get a deploy freeze period',
    params: [idParam, periodId],
    handler: (ctx) => present(periodOf(ctx, findProject(ctx, 'read_freeze_period'))),
  },
  {
    method: 'POST',
    path: '/projects/:id/freeze_periods',
    summary: 'Create a deploy freeze period (Maintainer): cron start and end in a time zone',
    params: [idParam, cronParam('freeze_start', true), cronParam('freeze_end', true), { name: 'cron_timezone', type: 'string' }],
    handler: async (ctx) => {
      const project = findProject(ctx, 'admin_freeze_period');
      const p = ctx.params;
      const draft = await checkedDraft({
        freeze_start: p.freeze_start as string,
        freeze_end: p.freeze_end as string,
        cron_timezone: typeof p.cron_timezone === 'string' ? p.cron_timezone : 'UTC',
      });
      const now = ctx.core.nowIso();
      const info = ctx.core.tx(() => {
        const made = ctx.core.db
          .prepare('INSERT INTO freeze_periods (project_id, freeze_start, freeze_end, cron_timezone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
          .run(project.id, draft.freeze_start, draft.freeze_end, draft.cron_timezone, now, now);
        auditFreeze(ctx, project.id, Number(made.lastInsertRowid), 'created', draft);
        return made;
      });
      return created(present(byId(ctx, info.lastInsertRowid)));
    },
  },
  {
    method: 'PUT',
    path: '/projects/:id/freeze_periods/:freeze_period_id',
    summary: 'Update a deploy freeze period (Maintainer); any subset of the fields',
    params: [idParam, periodId, cronParam('freeze_start', false), cronParam('freeze_end', false), { name: 'cron_timezone', type: 'string' }],
    handler: async (ctx) => {
      const project = findProject(ctx, 'admin_freeze_period');
      const row = periodOf(ctx, project);
      const p = ctx.params;
      const pick = (name: keyof FreezePeriodRow) => (typeof p[name] === 'string' ? (p[name] as string) : (row[name] as string));
      const draft = await checkedDraft({ freeze_start: pick('freeze_start'), freeze_end: pick('freeze_end'), cron_timezone: pick('cron_timezone') });
      ctx.core.tx(() => {
        ctx.core.db
          .prepare('UPDATE freeze_periods SET freeze_start = ?, freeze_end = ?, cron_timezone = ?, updated_at = ? WHERE id = ?')
          .run(draft.freeze_start, draft.freeze_end, draft.cron_timezone, ctx.core.nowIso(), row.id);
        auditFreeze(ctx, project.id, row.id, 'updated', draft);
      });
      return ok(present(byId(ctx, row.id)));
    },
  },
  {
    method: 'DELETE',
    path: '/projects/:id/freeze_periods/:freeze_period_id',
    summary: 'Delete a deploy freeze period (Maintainer); If-Unmodified-Since guards against a newer change (412)',
    params: [idParam, periodId],
    handler: (ctx) => {
      const project = findProject(ctx, 'admin_freeze_period');
      const row = periodOf(ctx, project);
      checkUnmodifiedSince(ctx, row.updated_at);
      ctx.core.tx(() => {
        ctx.core.db.prepare('DELETE FROM freeze_periods WHERE id = ?').run(row.id);
        auditFreeze(ctx, project.id, row.id, 'deleted', row);
      });
      return noContent();
    },
  },
]);
