// A durable job queue in SQLite. Work is claimed inside an immediate transaction, so two
// workers (a `serve` loop and a detached local worker) never run one job twice; a job whose
// worker died is reclaimed after its lock goes stale. Handlers must be idempotent per step.
import type { Clock } from '../clock.js';
import type { Database } from '../db/connection.js';
import { writeTx } from '../db/connection.js';
import { jobHandler } from './registry.js';
import type { CoreState } from '../state.js';

export interface JobRow {
  id: number;
  kind: string;
  payload: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  last_error: string | null;
  locked_by: string | null;
  locked_at: string | null;
  created_at: string;
  updated_at: string;
}

export const MAX_ATTEMPTS = 3;
const STALE_LOCK_MS = 5 * 60_000;

export class JobQueue {
  private enqueued = 0;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Count of jobs this process has enqueued; lets callers notice new work after a request. */
  get enqueuedCount(): number {
    return this.enqueued;
  }

  enqueue(kind: string, payload: unknown): number {
    const now = this.clock.now().toISOString();
    const info = this.db
      .prepare('INSERT INTO jobs (kind, payload, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
      .run(kind, JSON.stringify(payload), 'queued', now, now);
    this.enqueued++;
    return Number(info.lastInsertRowid);
  }

  get(id: number): JobRow | undefined {
    return this.db.prepare('SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
  }

  pendingCount(): number {
    return (this.db.prepare("SELECT COUNT(*) AS n FROM jobs WHERE state IN ('queued', 'running')").get() as { n: number }).n;
  }

  /** Takes the oldest runnable job, or undefined when there is none. */
  claim(workerId: string): JobRow | undefined {
    const now = this.clock.now();
    const stale = new Date(now.getTime() - STALE_LOCK_MS).toISOString();
    return writeTx(this.db, () => {
      const row = this.db
        .prepare("SELECT * FROM jobs WHERE state = 'queued' OR (state = 'running' AND locked_at < ?) ORDER BY id LIMIT 1")
        .get(stale) as JobRow | undefined;
      if (!row) return undefined;
      this.db
        .prepare("UPDATE jobs SET state = 'running', locked_by = ?, locked_at = ?, attempts = attempts + 1, updated_at = ? WHERE id = ?")
        .run(workerId, now.toISOString(), now.toISOString(), row.id);
      return { ...row, state: 'running', attempts: row.attempts + 1 };
    });
  }

  finish(id: number, error?: unknown): void {
    const now = this.clock.now().toISOString();
    if (error === undefined) {
      this.db.prepare("UPDATE jobs SET state = 'done', locked_by = NULL, last_error = NULL, updated_at = ? WHERE id = ?").run(now, id);
      return;
    }
    const row = this.get(id);
    const next = row && row.attempts < MAX_ATTEMPTS ? 'queued' : 'failed';
    const text = error instanceof Error ? error.message : String(error);
    this.db.prepare('UPDATE jobs SET state = ?, locked_by = NULL, last_error = ?, updated_at = ? WHERE id = ?').run(next, text, now, id);
  }

  /** Runs jobs until none is runnable. Returns how many ran. */
  async drain(core: CoreState, workerId: string): Promise<number> {
    let ran = 0;
    for (;;) {
      const job = this.claim(workerId);
      if (!job) return ran;
      ran++;
      try {
        const handler = await jobHandler(job.kind);
        await handler(core, JSON.parse(job.payload) as unknown, job);
        this.finish(job.id);
      } catch (error) {
        core.log(`job ${job.id} (${job.kind}) failed: ${error instanceof Error ? error.message : String(error)}`);
        this.finish(job.id, error);
      }
    }
  }
}
