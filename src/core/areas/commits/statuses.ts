// Commit statuses reported by external systems (the platform's GenericCommitStatus). Each
// belongs to an `external` pipeline of its commit and ref, made with the first status. A status
// still pending or running with the same name and ref is moved to the new state (the platform's
// state machine: a move to the state it already has is refused); a finished one is kept and a
// new one started.
import type { ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { failure } from '../../http/errors.js';
import { userBasicById } from '../users/present.js';
import { recordAudit } from '../../audit/record.js';

export const STATUS_STATES = ['pending', 'running', 'success', 'failed', 'canceled', 'skipped'] as const;
export type StatusState = (typeof STATUS_STATES)[number];

/** The state machine's event for each target state, named in the refusal. */
const EVENTS: Record<StatusState, string> = { pending: 'enqueue', running: 'run', success: 'succeed', failed: 'drop', canceled: 'cancel', skipped: 'skip' };

export interface CommitStatusRow {
  id: number;
  project_id: number;
  pipeline_id: number;
  sha: string;
  ref: string;
  name: string;
  status: string;
  target_url: string | null;
  description: string | null;
  coverage: number | null;
  author_id: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

export const presentCommitStatus = (core: CoreState, row: CommitStatusRow) => ({
  id: row.id,
  sha: row.sha,
  ref: row.ref,
  status: row.status,
  name: row.name,
  target_url: row.target_url,
  description: row.description,
  created_at: row.created_at,
  started_at: row.started_at,
  finished_at: row.finished_at,
  allow_failure: false,
  coverage: row.coverage,
  pipeline_id: row.pipeline_id,
  author: userBasicById(core, row.author_id),
});

export interface StatusInput {
  sha: string;
  ref: string;
  state: StatusState;
  name: string;
  targetUrl?: string;
  description?: string;
  coverage?: number;
  pipelineId?: number;
}

const FINISHED = new Set(['success', 'failed', 'canceled', 'skipped']);

export function setCommitStatus(core: CoreState, project: ProjectRow, user: UserRow, input: StatusInput): CommitStatusRow {
  const db = core.db;
  const now = core.nowIso();
  return core.tx(() => {
    let pipelineId = input.pipelineId;
    if (pipelineId !== undefined) {
      const hit = db.prepare('SELECT id FROM pipelines WHERE id = ? AND project_id = ? AND sha = ?').get(pipelineId, project.id, input.sha);
      if (!hit) throw failure(404, '404 Pipeline Not Found');
    } else {
      const latest = db.prepare('SELECT id FROM pipelines WHERE project_id = ? AND sha = ? AND ref = ? ORDER BY id DESC LIMIT 1').get(project.id, input.sha, input.ref) as
        | { id: number }
        | undefined;
      if (latest) pipelineId = latest.id;
      else {
        const iid = (db.prepare('SELECT COALESCE(MAX(iid), 0) + 1 AS n FROM pipelines WHERE project_id = ?').get(project.id) as { n: number }).n;
        const info = db
          .prepare("INSERT INTO pipelines (iid, project_id, sha, ref, status, source, user_id, created_at, updated_at) VALUES (?, ?, ?, ?, 'pending', 'external', ?, ?, ?)")
          .run(iid, project.id, input.sha, input.ref, user.id, now, now);
        pipelineId = Number(info.lastInsertRowid);
      }
    }
    const open = db
      .prepare("SELECT * FROM commit_statuses WHERE pipeline_id = ? AND name = ? AND ref = ? AND status IN ('pending', 'running') ORDER BY id DESC LIMIT 1")
      .get(pipelineId, input.name, input.ref) as CommitStatusRow | undefined;
    if (open && open.status === input.state) {
      const event = EVENTS[input.state];
      throw failure(400, `Cannot transition status via :${event} from :${open.status} (Reason(s): Status cannot transition via "${event}")`);
    }
    const started = input.state === 'running' ? now : null;
    const finished = FINISHED.has(input.state) ? now : null;
    let id: number;
    if (open) {
      db.prepare(
        `UPDATE commit_statuses SET status = ?, target_url = COALESCE(?, target_url), description = COALESCE(?, description), coverage = COALESCE(?, coverage),
         started_at = COALESCE(started_at, ?), finished_at = ?, updated_at = ? WHERE id = ?`,
      ).run(input.state, input.targetUrl ?? null, input.description ?? null, input.coverage ?? null, started ?? (finished ? now : null), finished, now, open.id);
      id = open.id;
    } else {
      const info = db
        .prepare(
          `INSERT INTO commit_statuses (project_id, pipeline_id, sha, ref, name, status, target_url, description, coverage, author_id, created_at, started_at, finished_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(project.id, pipelineId, input.sha, input.ref, input.name, input.state, input.targetUrl ?? null, input.description ?? null, input.coverage ?? null, user.id, now, started ?? (finished ? now : null), finished, now);
      id = Number(info.lastInsertRowid);
    }
    // The external pipeline takes the state of its latest status.
    db.prepare('UPDATE pipelines SET status = ?, updated_at = ? WHERE id = ?').run(input.state, now, pipelineId);
    recordAudit(core, {
      name: open ? 'commit_status_updated' : 'commit_status_created',
      entity: { type: 'Project', id: project.id },
      target: { type: 'CommitStatus', id, details: `${input.name} ${input.sha.slice(0, 8)}` },
      change: { what: 'status', from: open?.status ?? null, to: input.state },
    });
    return db.prepare('SELECT * FROM commit_statuses WHERE id = ?').get(id) as CommitStatusRow;
  });
}

export interface StatusFilter {
  ref?: string;
  name?: string;
  pipelineId?: number;
  all: boolean;
  orderBy: 'id' | 'pipeline_id';
  sort: 'asc' | 'desc';
}

/** The commit's statuses; without `all`, only the latest of each name (and ref). */
export function listCommitStatuses(core: CoreState, project: ProjectRow, sha: string, f: StatusFilter): CommitStatusRow[] {
  const where = ['project_id = ?', 'sha = ?'];
  const args: unknown[] = [project.id, sha];
  if (f.ref !== undefined) (where.push('ref = ?'), args.push(f.ref));
  if (f.name !== undefined) (where.push('name = ?'), args.push(f.name));
  if (f.pipelineId !== undefined) (where.push('pipeline_id = ?'), args.push(f.pipelineId));
  const filter = where.join(' AND ');
  const latest = f.all ? '' : ` AND id IN (SELECT MAX(id) FROM commit_statuses WHERE ${filter} GROUP BY name, ref)`;
  const dir = f.sort === 'asc' ? 'ASC' : 'DESC';
  const order = f.orderBy === 'pipeline_id' ? `pipeline_id ${dir}, id ${dir}` : `id ${dir}`;
  return core.db.prepare(`SELECT * FROM commit_statuses WHERE ${filter}${latest} ORDER BY ${order}`).all(...args, ...(f.all ? [] : args)) as CommitStatusRow[];
}
