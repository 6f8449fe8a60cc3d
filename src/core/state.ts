// What a handler can reach of the running core: the database, the clock, instance settings,
// the state directory, the job queue. Areas that need more (the repository store) add it here.
import type { Clock } from './clock.js';
import type { Database } from './db/connection.js';
import type { InstanceSettings } from './instance.js';
import type { JobQueue } from './jobs/queue.js';
import type { RepositoryStore } from './git/store.js';

export interface CoreState {
  readonly stateDir: string;
  readonly db: Database;
  readonly clock: Clock;
  readonly settings: InstanceSettings;
  /** The external URL was given explicitly (`serve --external-url`): web URLs never follow Host. */
  readonly externalUrlExplicit?: boolean;
  readonly jobs: JobQueue;
  /** Bare git repositories in the instance's storages (created on first use). */
  readonly repos: RepositoryStore;
  /** Runs `fn` in an immediate write transaction. */
  tx<T>(fn: () => T): T;
  /**
   * Runs `fn` in this process's write turn, holding the write lock while it runs synchronously
   * (src/core/db/write-queue.ts). Every write request already runs its handler so; a streaming
   * route uses it for what it writes once its body is read.
   */
  write<T>(fn: () => T): Promise<Awaited<T>>;
  /**
   * Settles once what the write running now wrote is committed; rejects if that commit fails.
   * Work a write does beside the database (a ref file) waits on it to undo itself then.
   */
  committed(): Promise<void>;
  /** Current time as the ISO string stored in the database. */
  nowIso(): string;
  log(message: string): void;
}
