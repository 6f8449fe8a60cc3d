// Scheduling repository storage moves and reading them back. Scheduling validates the storages
// and the container, makes the container read-only and records the move as `scheduled` in one
// transaction, then queues the job that runs moves (a worker picks every scheduled move up).
import { auditStorageMove } from '../../audit/subjects.js';
import { storageWeights } from '../../instance.js';
import { validationError } from '../../http/errors.js';
import type { CoreState } from '../../state.js';
import { containerRow, containersOn, setReadOnly, type ContainerType } from './kinds.js';

export const RUN_MOVES_JOB = 'storage_moves.run';

/** The platform's stored state values and their names. */
export const STATE = { initial: 1, scheduled: 2, started: 3, finished: 4, failed: 5, replicated: 6, cleanupFailed: 7 } as const;

export const STATE_NAMES: Record<number, string> = {
  1: 'initial',
  2: 'scheduled',
  3: 'started',
  4: 'finished',
  5: 'failed',
  6: 'replicated',
  7: 'cleanup failed',
};

/** States a worker still has to act on. */
export const ACTIVE_STATES = [STATE.scheduled, STATE.started, STATE.replicated] as const;

export interface MoveRow {
  id: number;
  container_type: ContainerType;
  container_id: number;
  state: number;
  source_storage_name: string;
  destination_storage_name: string;
  error_message: string | null;
  checksums: string | null;
  worker: string | null;
  heartbeat_at: string | null;
  started_at: string | null;
  switched_at: string | null;
  created_at: string;
  updated_at: string;
}

export const isStorage = (core: CoreState, name: unknown): boolean => typeof name === 'string' && Object.hasOwn(core.settings.storages, name);

/**
 * The destination when none is named: the storage of highest weight other than the source
 * (ties by name), as the platform picks by weight; the source itself when it is the only one.
 */
export function pickDestination(core: CoreState, source: string): string {
  const weights = storageWeights(core.db);
  const candidates = Object.keys(core.settings.storages)
    .filter((name) => name !== source && (weights[name] ?? 100) > 0)
    .sort((a, b) => (weights[b] ?? 100) - (weights[a] ?? 100) || (a < b ? -1 : a > b ? 1 : 0));
  return candidates[0] ?? source;
}

function insertMove(core: CoreState, type: ContainerType, id: number, source: string, destination: string): number {
  const now = core.nowIso();
  const info = core.db
    .prepare(
      `INSERT INTO repository_storage_moves (container_type, container_id, state, source_storage_name, destination_storage_name, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(type, id, STATE.scheduled, source, destination, now, now);
  // initial → scheduled makes the container read-only; both in the caller's transaction.
  setReadOnly(core, type, id, true);
  auditStorageMove(core, { id: Number(info.lastInsertRowid), container_type: type, container_id: id, source_storage_name: source, destination_storage_name: destination }, 'scheduled');
  return Number(info.lastInsertRowid);
}

/**
 * Schedules one container's move (`POST /<containers>/:id/repository_storage_moves`). Fails
 * with the platform's validation errors: unknown storages, a container already read-only.
 */
export function scheduleMove(core: CoreState, type: ContainerType, id: number, destination: string | undefined): MoveRow {
  const moveId = core.tx(() => {
    const row = containerRow(core, type, id);
    if (!row) throw new Error(`${type} ${id} vanished`);
    const source = row.repository_storage;
    const dest = destination ?? pickDestination(core, source);
    const errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
    if (!isStorage(core, source)) errors.source_storage_name = ['is not included in the list'];
    if (!isStorage(core, dest)) errors.destination_storage_name = ['is not included in the list'];
    if (row.repository_read_only === 1) errors[type] = ['is read-only'];
    if (Object.keys(errors).length > 0) throw validationError({ ...errors });
    return insertMove(core, type, id, source, dest);
  });
  core.jobs.enqueue(RUN_MOVES_JOB, {});
  return moveById(core, moveId) as MoveRow;
}

/**
 * Schedules a move for every container of a kind on `source` (the bulk endpoints). Containers
 * already read-only (a move under way) are skipped, as the platform skips moves that fail to
 * schedule. Returns how many were scheduled.
 */
export function scheduleBulk(core: CoreState, type: ContainerType, source: string, destination: string | undefined): number {
  const dest = destination ?? pickDestination(core, source);
  const count = core.tx(() => {
    let n = 0;
    for (const id of containersOn(core, type, source)) {
      const row = containerRow(core, type, id);
      if (!row || row.repository_read_only === 1) continue;
      insertMove(core, type, id, source, dest);
      n++;
    }
    return n;
  });
  if (count > 0) core.jobs.enqueue(RUN_MOVES_JOB, {});
  return count;
}

export const moveById = (core: CoreState, id: number): MoveRow | undefined =>
  core.db.prepare('SELECT * FROM repository_storage_moves WHERE id = ?').get(id) as MoveRow | undefined;

export interface MoveFilter {
  type: ContainerType;
  containerId?: number;
}

function whereOf(f: MoveFilter): { sql: string; args: unknown[] } {
  if (f.containerId === undefined) return { sql: 'container_type = ?', args: [f.type] };
  return { sql: 'container_type = ? AND container_id = ?', args: [f.type, f.containerId] };
}

/** How many moves match, from the trigger-kept counts per kind (container 0) and per container. */
export function countMoves(core: CoreState, f: MoveFilter): number {
  const row = core.db.prepare('SELECT n FROM storage_move_counts WHERE container_type = ? AND container_id = ?').get(f.type, f.containerId ?? 0) as { n: number } | undefined;
  return row?.n ?? 0;
}

/** Newest first, as the platform orders them (created_at, then id for equal times). */
export function listMoves(core: CoreState, f: MoveFilter, limit: number, offset: number): MoveRow[] {
  const w = whereOf(f);
  return core.db
    .prepare(`SELECT * FROM repository_storage_moves WHERE ${w.sql} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
    .all(...w.args, limit, offset) as MoveRow[];
}

export function findMove(core: CoreState, f: MoveFilter, id: number): MoveRow | undefined {
  const w = whereOf(f);
  return core.db.prepare(`SELECT * FROM repository_storage_moves WHERE ${w.sql} AND id = ?`).get(...w.args, id) as MoveRow | undefined;
}

/** Whether any move still has work left (a cheap test before loading the worker). */
export const hasActiveMoves = (core: CoreState): boolean =>
  core.db.prepare('SELECT 1 FROM repository_storage_moves WHERE state IN (2, 3, 6) LIMIT 1').get() !== undefined;
