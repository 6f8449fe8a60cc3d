// The writes of one process, one at a time in arrival order, each holding the database's write
// lock while it runs.
//
// SQLite has one write lock per database, and every hostctl process (each `serve`, each CLI
// command, the worker) takes it for short synchronous transactions. Waiting for it inside the
// driver (busy_timeout) stalls the event loop, and polling for it request by request made a
// process's own queued requests use up each other's patience: under load some were refused
// although nothing was wrong. So a write is a synchronous function run through `run`:
//
// - A process runs its writes one at a time, in the order they asked. Only the first in line
//   waits for the lock. The writes that ask while a turn waits share that turn: they run one
//   after the other in its transaction, and one commit (one sync of the disk) answers them all,
//   so concurrent requests do not queue behind each other's disk syncs.
// - That wait is asynchronous (BEGIN IMMEDIATE tried without a busy timeout, then a short
//   pause), and has no deadline as long as others commit: their commits (`data_version` moves)
//   show the lock changing hands. Only a lock held with no commit at all for `stallMs` — far
//   longer than any write of hostctl's takes — refuses the write (WriteLockStalledError → 503).
// - Once taken, the lock is held (an open immediate transaction) while the functions of the
//   turn run, and committed when the last returns. Transactions inside it nest as savepoints, so they never meet the
//   lock taken by someone else. A request handler is such a function up to its first `await`;
//   what it writes after that goes through `run` again (core.write), or takes the lock itself
//   with a short synchronous wait (core.tx, see `tx` below).
// - Processes take turns: a process whose writer has to wait announces it in a file of the state
//   directory; another process lets that one go first (for a bounded time) before it takes the
//   lock for its next write, so a busy process does not starve a quieter one.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isReadOnlyState, writeTx, type Database } from './connection.js';
import { dataVersion } from './generation.js';
import { currentProcess, isAlive } from '../jobs/owner.js';

/** A write refused because another process held the lock, without committing, for too long. */
export class WriteLockStalledError extends Error {
  constructor(readonly stalledMs: number) {
    super(`the database write lock was held by another process for ${stalledMs} ms without a commit`);
  }
}

/** Longest pause between two attempts at the lock. */
const MAX_POLL_MS = 8;
/** Longest a process lets another process's waiting writer go first. */
const YIELD_MS = 250;

const isBusy = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code === 'SQLITE_LOCKED');
};

/** What one write's synchronous part gave: its value, or what it threw. */
type Outcome = { value: unknown } | { error: unknown };

interface PendingWrite {
  start: () => unknown;
  settle: (outcome: Outcome) => void;
}

/** Most writes run in one turn (one transaction, one commit). */
const MAX_BATCH = 64;

export class WriteQueue {
  private readonly pending: PendingWrite[] = [];
  private draining = false;
  private readonly waiters: WaiterBoard | null;
  /** Since when the lock has been seen taken with no commit (shared by the writes in line). */
  private quiet: { version: number; since: number } | null = null;
  /** While a turn's writes run: who waits to hear whether its commit succeeds (see `committed`). */
  private listeners: { resolve: () => void; reject: (error: unknown) => void }[] | null = null;

  constructor(
    private readonly db: Database,
    /** How long a lock may stay taken with no commit before a write is refused (ms). */
    private readonly stallMs: number,
    /** Where processes announce that their writer waits (null: no turn-taking). */
    waitersDir: string | null,
  ) {
    this.waiters = waitersDir ? new WaiterBoard(waitersDir) : null;
  }

  /**
   * Runs `start` in this process's next turn, holding the write lock while it runs; what it
   * wrote is committed when it returns. A promise it returns is awaited after the turn.
   */
  async run<T>(start: () => T): Promise<Awaited<T>> {
    // Called while a write runs (its synchronous part): the lock is already ours.
    if (this.db.inTransaction || isReadOnlyState(this.db)) return await start();
    const outcome = await new Promise<Outcome>((settle) => {
      this.pending.push({ start, settle });
      if (!this.draining) void this.drain();
    });
    if ('error' in outcome) throw outcome.error;
    return (await outcome.value) as Awaited<T>;
  }

  /**
   * Settles when what the write running now wrote is committed (rejects if that commit, or its
   * turn, fails). Work done beside the database during a turn (a ref written in a repository)
   * waits on it to be undone when its rows never reached the disk. Outside a turn a write's
   * transaction has already committed: settled at once.
   */
  committed(): Promise<void> {
    const listeners = this.listeners;
    if (!listeners) return Promise.resolve();
    return new Promise<void>((resolve, reject) => listeners.push({ resolve, reject }));
  }

  /**
   * Runs the writes in line, in the order they asked. The writes that ask while a turn waits
   * (for the lock, or for the work already under way in this process to reach a pause) share
   * that turn: each runs in order inside the one transaction, as it would alone — what a write
   * wrote before it threw is kept, as its own transactions would have committed — and one
   * commit (one sync of the disk) makes them all durable before any of them is answered. So
   * concurrent requests, of one project or many, do not each wait for their own disk sync.
   */
  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.pending.length > 0) {
        // Let the work that is ready (other requests' answers from git or the disk) reach
        // their writes first, so that they join this turn.
        await new Promise<void>((resolve) => setImmediate(resolve));
        try {
          await this.acquire();
        } catch (error) {
          // The lock stayed taken with no commit: every write waiting now is refused alike.
          for (const w of this.pending.splice(0)) w.settle({ error });
          continue;
        }
        const turn = this.pending.splice(0, MAX_BATCH);
        const outcomes: Outcome[] = [];
        let failed: { error: unknown } | null = null;
        const listeners: NonNullable<WriteQueue['listeners']> = [];
        for (const w of turn) {
          let outcome: Outcome;
          this.listeners = listeners;
          try {
            outcome = { value: w.start() };
          } catch (error) {
            outcome = { error };
          } finally {
            this.listeners = null;
          }
          outcomes.push(outcome);
          if (!this.db.inTransaction && 'error' in outcome) {
            // SQLite ended the whole transaction on this failure (a full disk, an I/O error):
            // what the writes before it wrote is gone, so they fail with it; the writes after
            // it go in the next turn.
            failed = { error: outcome.error };
            this.pending.unshift(...turn.splice(outcomes.length));
            break;
          }
        }
        if (!failed) {
          try {
            this.commit();
          } catch (error) {
            failed = { error };
          }
        }
        for (const l of listeners) {
          if (failed) l.reject(failed.error);
          else l.resolve();
        }
        turn.forEach((w, i) => {
          const outcome = outcomes[i] as Outcome;
          if (!failed || 'error' in outcome) return w.settle(outcome);
          // A handler goes on asynchronously; its answer is this failure, once it has finished.
          const value = outcome.value;
          const settled = value instanceof Promise ? value.catch(() => undefined) : Promise.resolve();
          const error = failed.error;
          w.settle({ value: settled.then(() => Promise.reject(error)) });
        });
      }
    } finally {
      this.draining = false;
    }
  }

  /**
   * A transaction outside a turn (after a handler's first `await`): taken at once when the lock
   * is free; otherwise this process announces its wait, so that the others let it go next, and
   * waits synchronously (the connection's short busy timeout) for the holder's write to end.
   */
  tx<T>(fn: () => T): T {
    const { db } = this;
    if (db.inTransaction || isReadOnlyState(db) || !this.waiters) return writeTx(db, fn);
    const bound = db.pragma('busy_timeout', { simple: true }) as number;
    db.pragma('busy_timeout = 0');
    try {
      return writeTx(db, fn);
    } catch (error) {
      if (!isBusy(error) || db.inTransaction) throw error;
    } finally {
      db.pragma(`busy_timeout = ${bound}`);
    }
    const announced = this.waiters.announce();
    try {
      return writeTx(db, fn);
    } finally {
      if (announced) this.waiters.withdraw();
    }
  }

  /** Waits for the lock and takes it (an open immediate transaction). */
  private async acquire(): Promise<void> {
    const { db } = this;
    let announced = false;
    try {
      if (this.waiters) await this.waiters.letOthersFirst(YIELD_MS);
      for (let delay = 1; ; delay = Math.min(delay * 2, MAX_POLL_MS)) {
        if (this.reserve()) {
          this.quiet = null;
          return;
        }
        if (!announced && this.waiters) announced = this.waiters.announce();
        const version = dataVersion(db);
        if (this.quiet?.version !== version) this.quiet = { version, since: Date.now() };
        else if (Date.now() - this.quiet.since >= this.stallMs) throw new WriteLockStalledError(Date.now() - this.quiet.since);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    } finally {
      if (announced) this.waiters?.withdraw();
    }
  }

  /** BEGIN IMMEDIATE without waiting: false while another connection holds the lock. */
  private reserve(): boolean {
    const { db } = this;
    const bound = db.pragma('busy_timeout', { simple: true }) as number;
    db.pragma('busy_timeout = 0');
    try {
      db.prepare('BEGIN IMMEDIATE').run();
      return true;
    } catch (error) {
      if (isBusy(error)) return false;
      throw error;
    } finally {
      db.pragma(`busy_timeout = ${bound}`);
    }
  }

  private commit(): void {
    const { db } = this;
    if (!db.inTransaction) return;
    try {
      db.prepare('COMMIT').run();
    } catch (error) {
      if (db.inTransaction) db.prepare('ROLLBACK').run();
      throw error;
    }
  }
}

/**
 * One file per process whose writer is waiting for the lock, named by its process id and start
 * time (`<pid>-<start>`: a pid alone is handed to another process once its owner is gone, which
 * would keep a dead waiter's file until the poll's limit every time). A process
 * about to take the lock first lets the announced waiters of other processes have it: it waits
 * (at most `maxMs`, polling) until their files are gone. Files of processes that are gone are
 * removed by whoever finds them.
 */
class WaiterBoard {
  private readonly own: string;
  private made = false;

  constructor(private readonly dir: string) {
    const self = currentProcess();
    this.own = `${self.pid}-${self.start}`;
  }

  announce(): boolean {
    try {
      if (!this.made) mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      this.made = true;
      writeFileSync(join(this.dir, this.own), '', { mode: 0o600 });
      return true;
    } catch {
      // A read-only or full state directory: no turn-taking, the lock is still polled.
      return false;
    }
  }

  withdraw(): void {
    rmSync(join(this.dir, this.own), { force: true });
  }

  async letOthersFirst(maxMs: number): Promise<void> {
    const until = Date.now() + maxMs;
    for (let delay = 1; this.othersWaiting() && Date.now() < until; delay = Math.min(delay * 2, MAX_POLL_MS)) {
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  private othersWaiting(): boolean {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return false;
    }
    // Every name is looked at, so the files of waiters that are gone go even while a live one waits.
    let waiting = false;
    for (const name of names) {
      if (name === this.own) continue;
      // Names of before start times were kept carry the pid alone.
      const [pidText = '', start = ''] = name.split('-');
      const pid = Number(pidText);
      if (Number.isInteger(pid) && pid > 0 && isAlive({ pid, start })) waiting = true;
      else rmSync(join(this.dir, name), { force: true });
    }
    return waiting;
  }
}

