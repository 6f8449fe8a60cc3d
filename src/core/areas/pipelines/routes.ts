// Minimal pipeline records: list and read a project's pipelines, create one for a ref (it stays
// `created`, as on an instance without runners), cancel, retry and delete one, and issue a
// pipeline's job token once through an extension route. Packages published with that token point
// back to the pipeline.
import { randomBytes } from 'node:crypto';
import { recordAudit } from '../../audit/record.js';
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { conflict, forbidden, recordNotFound, validationError } from '../../http/errors.js';
import { cappedCount, paginate } from '../../http/pagination.js';
import { keptCount } from '../../db/list-counts.js';
import { created, noContent, ok } from '../../http/reply.js';
import { idParam, type ParamDecl } from '../../http/params.js';
import { isAdmin } from '../../auth/policy.js';
import { digestSecret } from '../../auth/secrets.js';
import type { PipelineRow } from '../../db/rows.js';
import { isValidRefName } from '../../git/names.js';
import { findProject, projectFullPath } from '../../resources/find.js';
import { projectRepository } from '../../repositories/access.js';
import { presentPipeline, presentPipelines } from '../packages/present.js';

export const JOB_TOKEN_PREFIX = 'hjob-';

const STATUSES = ['created', 'waiting_for_resource', 'preparing', 'pending', 'running', 'success', 'failed', 'canceled', 'skipped', 'manual', 'scheduled'];
const ORDERS: Record<string, string> = { id: 'id', status: 'status', ref: 'ref', updated_at: 'updated_at', user_id: 'user_id' };

/** Statuses of a pipeline that still has work to run: cancel stops them. */
const CANCELABLE = ['created', 'waiting_for_resource', 'preparing', 'pending', 'running', 'scheduled'];
/** A pipeline whose jobs failed or were canceled: retry queues them again. */
const RETRYABLE = ['failed', 'canceled'];

const pipelineIdParam: ParamDecl = { name: 'pipeline_id', type: 'integer', required: true };

function findPipeline(ctx: RequestContext, projectId: number): PipelineRow {
  const row = ctx.core.db.prepare('SELECT * FROM pipelines WHERE id = ? AND project_id = ?').get(ctx.params.pipeline_id, projectId) as PipelineRow | undefined;
  if (!row) throw recordNotFound();
  return row;
}

/** Moves a pipeline in one of `from` to `to` in one statement; answers the row as it is now. */
/** Moves a pipeline from one of `from` to `to`, recording `event` when it moved; else leaves it. */
function setStatus(ctx: RequestContext, row: PipelineRow, from: string[], to: string, event: 'pipeline_canceled' | 'pipeline_retried'): PipelineRow {
  if (!from.includes(row.status)) return row;
  ctx.core.tx(() => {
    const changed = ctx.core.db
      .prepare(`UPDATE pipelines SET status = ?, updated_at = ? WHERE id = ? AND status IN (${from.map(() => '?').join(', ')})`)
      .run(to, ctx.core.nowIso(), row.id, ...from).changes;
    if (changed > 0) {
      recordAudit(ctx.core, { name: event, entity: { type: 'Project', id: row.project_id }, target: { type: 'Ci::Pipeline', id: row.id, details: row.ref }, change: { what: 'status', from: row.status, to } });
    }
  });
  return ctx.core.db.prepare('SELECT * FROM pipelines WHERE id = ?').get(row.id) as PipelineRow;
}

const userOf = (ctx: RequestContext, id: number | null) => (id === null ? undefined : (ctx.core.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as never));

export const pipelineRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/projects/:id/pipelines',
    summary: 'List the pipelines of a project',
    auth: 'optional',
    paginated: true,
    params: [
      idParam,
      { name: 'status', type: 'string', values: STATUSES },
      { name: 'ref', type: 'string' },
      { name: 'sha', type: 'string' },
      { name: 'source', type: 'string' },
      { name: 'order_by', type: 'string', values: Object.keys(ORDERS), default: 'id' },
      { name: 'sort', type: 'string', values: ['asc', 'desc'], default: 'desc' },
    ],
    handler: (ctx) => {
      const project = findProject(ctx, 'read_pipeline');
      const where = ['project_id = ?'];
      const args: unknown[] = [project.id];
      for (const key of ['status', 'ref', 'sha', 'source']) {
        if (ctx.params[key] === undefined) continue;
        where.push(`${key} = ?`);
        args.push(ctx.params[key]);
      }
      const base = `SELECT * FROM pipelines WHERE ${where.join(' AND ')}`;
      const column = ORDERS[ctx.params.order_by as string] ?? 'id';
      const dir = ctx.params.sort === 'asc' ? 'ASC' : 'DESC';
      const fullPath = projectFullPath(ctx.core, project);
      return paginate(
        ctx,
        // Unfiltered, or by status alone: the trigger-kept counts per status.
        (cap) =>
          where.length === 1 || (where.length === 2 && ctx.params.status !== undefined)
            ? keptCount(ctx.core.db, 'pipelines', [project.id], cap, ctx.params.status !== undefined ? [ctx.params.status as string] : undefined)
            : (ctx.core.db.prepare(cappedCount(base, cap)).get(...args) as { n: number }).n,
        (limit, offset) =>
          presentPipelines(ctx.core, fullPath, ctx.core.db.prepare(`${base} ORDER BY ${column} ${dir}, id ${dir} LIMIT ? OFFSET ?`).all(...args, limit, offset) as PipelineRow[], false),
      );
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/pipelines/:pipeline_id',
    summary: 'Get a pipeline',
    auth: 'optional',
    params: [idParam, pipelineIdParam],
    handler: (ctx) => {
      const project = findProject(ctx, 'read_pipeline');
      const row = findPipeline(ctx, project.id);
      return presentPipeline(ctx.core, projectFullPath(ctx.core, project), row, userOf(ctx, row.user_id));
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/pipeline',
    summary: 'Create a pipeline for a ref',
    params: [idParam, { name: 'ref', type: 'string', required: true }],
    handler: async (ctx) => {
      const user = currentUser(ctx);
      const project = findProject(ctx, 'create_pipeline');
      const ref = ctx.params.ref as string;
      const sha = isValidRefName(ref) ? await projectRepository(ctx.core, project).resolveCommit(ref) : null;
      if (!sha) throw validationError({ base: ['Reference not found'] });
      const now = ctx.core.nowIso();
      const row = ctx.core.tx(() => {
        const iid = (ctx.core.db.prepare('SELECT COALESCE(MAX(iid), 0) + 1 AS n FROM pipelines WHERE project_id = ?').get(project.id) as { n: number }).n;
        const info = ctx.core.db
          .prepare("INSERT INTO pipelines (iid, project_id, sha, ref, status, source, user_id, created_at, updated_at) VALUES (?, ?, ?, ?, 'created', 'api', ?, ?, ?)")
          .run(iid, project.id, sha, ref, user.id, now, now);
        const id = Number(info.lastInsertRowid);
        recordAudit(ctx.core, { name: 'pipeline_created', entity: { type: 'Project', id: project.id }, target: { type: 'Ci::Pipeline', id, details: ref }, message: `Created pipeline for ${ref}` });
        return ctx.core.db.prepare('SELECT * FROM pipelines WHERE id = ?').get(id) as PipelineRow;
      });
      return created(presentPipeline(ctx.core, projectFullPath(ctx.core, project), row, user));
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/pipelines/:pipeline_id/cancel',
    summary: "Cancel a pipeline's jobs (200 whatever its state)",
    params: [idParam, pipelineIdParam],
    handler: (ctx) => {
      currentUser(ctx);
      const project = findProject(ctx, 'update_pipeline');
      const row = findPipeline(ctx, project.id);
      return ok(presentPipeline(ctx.core, projectFullPath(ctx.core, project), setStatus(ctx, row, CANCELABLE, 'canceled', 'pipeline_canceled'), userOf(ctx, row.user_id)));
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/pipelines/:pipeline_id/retry',
    summary: "Retry a pipeline's failed or canceled jobs (no effect when there are none)",
    params: [idParam, pipelineIdParam],
    handler: (ctx) => {
      currentUser(ctx);
      const project = findProject(ctx, 'update_pipeline');
      const row = findPipeline(ctx, project.id);
      // Retried jobs wait for a runner: the pipeline is pending again.
      return created(presentPipeline(ctx.core, projectFullPath(ctx.core, project), setStatus(ctx, row, RETRYABLE, 'pending', 'pipeline_retried'), userOf(ctx, row.user_id)));
    },
  },
  {
    method: 'DELETE',
    path: '/projects/:id/pipelines/:pipeline_id',
    summary: 'Delete a pipeline (Owner); packages it built keep their files and lose the link',
    params: [idParam, pipelineIdParam],
    handler: (ctx) => {
      currentUser(ctx);
      const project = findProject(ctx, 'destroy_pipeline');
      const row = findPipeline(ctx, project.id);
      ctx.core.tx(() => {
        ctx.core.db.prepare('DELETE FROM pipelines WHERE id = ?').run(row.id);
        recordAudit(ctx.core, { name: 'destroy_pipeline', entity: { type: 'Project', id: project.id }, target: { type: 'Ci::Pipeline', id: row.id, details: row.ref }, message: `Deleted pipeline for ${row.ref}` });
      });
      return noContent();
    },
  },
  {
    method: 'POST',
    path: '/hostctl/projects/:id/pipelines/:pipeline_id/job_token',
    summary: "Issue a pipeline's job token (once; only its creator or an administrator)",
    params: [idParam, pipelineIdParam],
    handler: (ctx) => {
      const user = currentUser(ctx);
      const project = findProject(ctx, 'read_pipeline');
      const row = findPipeline(ctx, project.id);
      if (row.user_id !== user.id && !isAdmin(user)) throw forbidden();
      const token = `${JOB_TOKEN_PREFIX}${randomBytes(24).toString('base64url')}`;
      const issued = ctx.core.tx(() => {
        const n = ctx.core.db.prepare('UPDATE pipelines SET job_token_digest = ? WHERE id = ? AND job_token_digest IS NULL').run(digestSecret(token), row.id).changes;
        // That it was issued, never the token.
        if (n > 0) recordAudit(ctx.core, { name: 'ci_job_token_issued', entity: { type: 'Project', id: project.id }, target: { type: 'Ci::Pipeline', id: row.id, details: row.ref }, message: 'Issued the job token of a pipeline' });
        return n;
      });
      if (issued === 0) throw conflict('409 Conflict - The job token of this pipeline was issued already');
      return created({ pipeline_id: row.id, project_id: project.id, token });
    },
  },
]);
