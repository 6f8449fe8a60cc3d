// A durable job queue in SQLite. Work is claimed inside an immediate transaction, so two
// workers (a `serve` loop and a detached local worker) never run one job twice. Each running
// job records its owner (pid and start time): a job whose owner is gone is reclaimed at once;
// one whose owner cannot be identified (rows from before owners were recorded) after its lock
// goes stale. An idle worker looks for work with a plain read and takes the write lock only
// when there is something to claim. Handlers must be idempotent per step.
import type { Clock } from '../clock.js';
import type { Database } from '../db/connection.js';
import { retryWhileBusy, tryWriteTx } from '../db/connection.js';
import { jobHandler } from './registry.js';
import type { CoreState } from '../state.js';
import { currentProcess, isAlive } from './owner.js';

export interface JobRow {
  id: number;
  kind: string;
  payload: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  last_error: string | null;
  locked_by: string | null;
  locked_at: string | null;
  owner_pid: number | null;
  owner_start: string | null;
  created_at: string;
  updated_at: string;
}

export const MAX_ATTEMPTS = 3;
const STALE_LOCK_MS = 5 * 60_000;
/** How long bookkeeping writes (finish, release) keep retrying a lock another process holds. */
const BOOKKEEPING_WAIT_MS = 60_000;

type Candidate = Pick<JobRow, 'id' | 'state' | 'locked_at' | 'owner_pid' | 'owner_start'>;

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

  private runnable(row: Candidate, staleBefore: string): boolean {
    if (row.state === 'queued') return true;
    if (row.state !== 'running') return false;
    if (row.owner_pid !== null) return !isAlive({ pid: row.owner_pid, start: row.owner_start ?? '' });
    return row.locked_at !== null && row.locked_at < staleBefore;
  }

  /**
   * Takes the oldest runnable job, or undefined when there is none — or when another process
   * holds the write lock right now (the next poll tries again; an idle worker never waits).
   */
  claim(workerId: string): JobRow | undefined {
    const now = this.clock.now();
    const stale = new Date(now.getTime() - STALE_LOCK_MS).toISOString();
    const candidates = this.db
      .prepare("SELECT id, state, locked_at, owner_pid, owner_start FROM jobs WHERE state IN ('queued', 'running') ORDER BY id LIMIT 100")
      .all() as Candidate[];
    if (!candidates.some((c) => this.runnable(c, stale))) return undefined;
    const me = currentProcess();
    return tryWriteTx(this.db, () => {
      const rows = this.db
        .prepare("SELECT * FROM jobs WHERE state IN ('queued', 'running') ORDER BY id LIMIT 100")
        .all() as JobRow[];
      const row = rows.find((r) => this.runnable(r, stale));
      if (!row) return undefined;
      this.db
        .prepare("UPDATE jobs SET state = 'running', locked_by = ?, locked_at = ?, owner_pid = ?, owner_start = ?, attempts = attempts + 1, updated_at = ? WHERE id = ?")
        .run(workerId, now.toISOString(), me.pid, me.start, now.toISOString(), row.id);
      return { ...row, state: 'running' as const, attempts: row.attempts + 1, owner_pid: me.pid, owner_start: me.start };
    });
  }

  finish(id: number, error?: unknown): void {
    const now = this.clock.now().toISOString();
    if (error === undefined) {
      this.db.prepare("UPDATE jobs SET state = 'done', locked_by = NULL, owner_pid = NULL, owner_start = NULL, last_error = NULL, updated_at = ? WHERE id = ?").run(now, id);
      return;
    }
    const row = this.get(id);
    const next = row && row.attempts < MAX_ATTEMPTS ? 'queued' : 'failed';
    const text = error instanceof Error ? error.message : String(error);
    this.db.prepare('UPDATE jobs SET state = ?, locked_by = NULL, owner_pid = NULL, owner_start = NULL, last_error = ?, updated_at = ? WHERE id = ?').run(next, text, now, id);
  }

  /** Puts a claimed job back without counting the attempt (its run was interrupted, not failed). */
  release(id: number): void {
    this.db
      .prepare("UPDATE jobs SET state = 'queued', locked_by = NULL, owner_pid = NULL, owner_start = NULL, attempts = MAX(attempts - 1, 0), updated_at = ? WHERE id = ? AND state = 'running'")
      .run(this.clock.now().toISOString(), id);
  }

  /**
   * Runs jobs until none is runnable or `shouldStop()` says so (checked before each claim, so
   * a stopping worker takes no new job). Returns how many ran.
   */
  async drain(core: CoreState, workerId: string, shouldStop: () => boolean = () => false): Promise<number> {
    let ran = 0;
    for (;;) {
      if (shouldStop()) return ran;
      const job = this.claim(workerId);
      if (!job) return ran;
      ran++;
      let failure: unknown;
      try {
        const handler = await jobHandler(job.kind);
        await handler(core, JSON.parse(job.payload) as unknown, job);
      } catch (error) {
        failure = error ?? new Error('job failed');
        core.log(`job ${job.id} (${job.kind}) failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      const busy = failure !== undefined && typeof (failure as { code?: unknown }).code === 'string' && String((failure as { code: string }).code).startsWith('SQLITE_BUSY');
      await retryWhileBusy(this.db, BOOKKEEPING_WAIT_MS, () => (busy ? this.release(job.id) : this.finish(job.id, failure)));
    }
  }
}
