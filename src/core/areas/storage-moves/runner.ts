// The worker side of storage moves: the state machine of the platform, made safe to kill.
//
//   scheduled → started: claim the move.
//   started: for each repository of the container, copy it into a temporary directory of the
//     destination storage, verify the copy against the source (checksum over HEAD and all refs,
//     connectivity check), and rename it into place; check the sources once more (a write that
//     passed its read-only check just before scheduling is copied again). Then, in one transaction, switch the
//     container's `repository_storage`, make it writable and mark the move `replicated`,
//     keeping the verified checksums.
//   replicated: remove each source repository, but only while it still matches the verified
//     checksum (a write that slipped past the read-only flag keeps the source; the move ends
//     `cleanup failed`). Then `finished`.
//
// Every step is idempotent and the metadata names exactly one copy at every instant: before
// the switch the source is the repository and anything at the destination is an unreferenced
// leftover (removed and redone); after it the destination is. A worker killed at any point
// leaves its claim behind; the next worker sees the claiming process is gone and resumes.
// A failure before the switch marks the move `failed`, removes the partial copy and makes the
// container writable again; a failure after it is `cleanup failed`.
import { auditStorageMove } from '../../audit/subjects.js';
import { existsSync, realpathSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { currentProcess, isAlive } from '../../jobs/owner.js';
import { join } from 'node:path';
import type { CoreState } from '../../state.js';
import { KINDS, containerRow, setReadOnly, switchStorage } from './kinds.js';
import { checkConnectivity, copyToTemp, moveIntoPlace, MOVES_DIR, removeRepository, repositoryChecksum, sweepTrash } from './replicate.js';
import { moveById, STATE, type MoveRow } from './service.js';

/** Moves run at once by one worker process. */
export const DEFAULT_CONCURRENCY = 4;
/** A claim whose worker has not been heard of for this long is taken over (other hosts). */
const STALE_CLAIM_MS = 10 * 60_000;

let host: string | undefined;
const HOST = (): string => (host ??= hostname());
/**
 * `host:pid:start`: the start time (src/core/jobs/owner.ts) tells a worker that died from another
 * process the system has since given its pid. Claims made as `host:pid` are still read.
 */
const workerId = (): string => {
  const self = currentProcess();
  return `${HOST()}:${self.pid}:${self.start}`;
};

class MoveFailure extends Error {}
/** The move row disappeared (its container was deleted) or another worker holds it: stop. */
class MoveGone extends Error {}

function claimantAlive(worker: string, heartbeatAt: string | null, nowMs: number): boolean {
  const [claimHost, pidText, start = ''] = worker.split(':');
  const pid = Number(pidText);
  if (claimHost === HOST() && Number.isInteger(pid)) {
    if (pid === process.pid) return true;
    return isAlive({ pid, start });
  }
  return heartbeatAt !== null && nowMs - new Date(heartbeatAt).getTime() < STALE_CLAIM_MS;
}

/** Takes the oldest move with work left that no living worker holds. */
function claim(core: CoreState): MoveRow | undefined {
  return core.tx(() => {
    const now = core.clock.now();
    let row = core.db
      .prepare('SELECT * FROM repository_storage_moves WHERE state IN (2, 3, 6) AND worker IS NULL ORDER BY id LIMIT 1')
      .get() as MoveRow | undefined;
    if (!row) {
      const held = core.db
        .prepare('SELECT * FROM repository_storage_moves WHERE state IN (2, 3, 6) AND worker IS NOT NULL AND worker <> ? ORDER BY id')
        .all(workerId()) as MoveRow[];
      row = held.find((m) => !claimantAlive(m.worker as string, m.heartbeat_at, now.getTime()));
    }
    if (!row) return undefined;
    core.db.prepare('UPDATE repository_storage_moves SET worker = ?, heartbeat_at = ? WHERE id = ?').run(workerId(), now.toISOString(), row.id);
    return { ...row, worker: workerId() };
  });
}

/** Moves the state on, only while this worker still holds the move. */
function transition(core: CoreState, move: MoveRow, to: number, extra: Record<string, string | null> = {}): void {
  const sets = Object.keys(extra).map((k) => `${k} = @${k}`);
  const info = core.db
    .prepare(`UPDATE repository_storage_moves SET state = @to, updated_at = @now, heartbeat_at = @now${sets.map((s) => `, ${s}`).join('')} WHERE id = @id AND worker = @worker`)
    .run({ ...extra, to, now: core.nowIso(), id: move.id, worker: workerId() });
  if (info.changes === 0) throw new MoveGone();
  move.state = to;
}

function release(core: CoreState, move: MoveRow): void {
  core.db.prepare('UPDATE repository_storage_moves SET worker = NULL WHERE id = ? AND worker = ?').run(move.id, workerId());
}

/**
 * Test hook for the crash tests: with HOSTCTL_TEST_MOVE_PAUSE set to `copy` (a copy written,
 * not verified), `verify` (verified, not in place), `switch` (in place and the sources checked
 * again, metadata not switched) or `switched` (switched, source not removed), the worker writes
 * a marker file holding its pid and waits until the marker is removed (or it is killed).
 */
async function pauseAt(core: CoreState, step: string): Promise<void> {
  if (process.env.HOSTCTL_TEST_MOVE_PAUSE !== step) return;
  const marker = join(core.stateDir, `move-paused-${step}`);
  writeFileSync(marker, String(process.pid));
  while (existsSync(marker)) await new Promise((resolve) => setTimeout(resolve, 50));
}

const sameDirectory = (a: string, b: string): boolean => {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return a === b;
  }
};

async function replicate(core: CoreState, move: MoveRow): Promise<Record<string, string>> {
  const sourceRoot = core.repos.storagePath(move.source_storage_name);
  const destRoot = core.repos.storagePath(move.destination_storage_name);
  const checksums: Record<string, string> = Object.create(null) as Record<string, string>;
  if (sameDirectory(sourceRoot, destRoot)) {
    // Two names of one directory: nothing is copied, but what is kept under the destination's
    // name may be older than the writes made under the source's.
    for (const part of KINDS[move.container_type].repositories(move.container_id)) core.repos.written(move.destination_storage_name, part.relativePath);
    return checksums;
  }
  for (const part of KINDS[move.container_type].repositories(move.container_id)) {
    const source = join(sourceRoot, part.relativePath);
    const target = join(destRoot, part.relativePath);
    const temp = join(destRoot, MOVES_DIR, `${move.id}-${part.label}.git`);
    // The metadata still names the source: whatever sits at the target is a leftover of an
    // interrupted attempt (or of a deleted container) and is never anyone's repository.
    // Each change of a repository directory is announced to the store, as the repositories'
    // own writes are (RepositoryStore.written: what is kept about it, its size, is forgotten).
    await removeRepository(target, join(destRoot, MOVES_DIR), `${move.id}`);
    core.repos.written(move.destination_storage_name, part.relativePath);
    if (!existsSync(source)) continue;
    await copyToTemp(source, temp);
    await pauseAt(core, 'copy');
    const [expected, actual, connected] = await Promise.all([repositoryChecksum(source), repositoryChecksum(temp), checkConnectivity(temp)]);
    if (expected !== actual || !connected) {
      await removeRepository(temp, join(destRoot, MOVES_DIR), `${move.id}`);
      throw new MoveFailure(`Failed to verify ${part.label} repository checksum from ${expected} to ${connected ? actual : 'an incomplete copy'}`);
    }
    await pauseAt(core, 'verify');
    await moveIntoPlace(temp, target);
    core.repos.written(move.destination_storage_name, part.relativePath);
    checksums[part.relativePath] = expected;
  }
  return checksums;
}

/** Whether every source repository still matches the checksum its copy was verified against. */
async function sourcesUnchanged(core: CoreState, move: MoveRow, checksums: Record<string, string>): Promise<boolean> {
  const sourceRoot = core.repos.storagePath(move.source_storage_name);
  for (const [relative, verified] of Object.entries(checksums)) {
    if ((await repositoryChecksum(join(sourceRoot, relative))) !== verified) return false;
  }
  return true;
}

/**
 * Replicates, then checks the sources once more just before the switch: a write that passed
 * its read-only check before the move was scheduled may still land in the source while it is
 * copied. Such a source is copied again (a few times at most), so the switch never leaves a
 * finished write behind. Writes are refused meanwhile, so the sources settle at once.
 */
async function replicateSettled(core: CoreState, move: MoveRow): Promise<Record<string, string>> {
  for (let attempt = 1; ; attempt++) {
    const checksums = await replicate(core, move);
    if (await sourcesUnchanged(core, move, checksums)) return checksums;
    if (attempt === 3) throw new MoveFailure('The source repositories kept changing while they were copied');
  }
}

async function cleanup(core: CoreState, move: MoveRow): Promise<void> {
  const sourceRoot = core.repos.storagePath(move.source_storage_name);
  const destRoot = core.repos.storagePath(move.destination_storage_name);
  if (sameDirectory(sourceRoot, destRoot)) return;
  const checksums = JSON.parse(move.checksums ?? '{}') as Record<string, string>;
  for (const [relative, verified] of Object.entries(checksums)) {
    const source = join(sourceRoot, relative);
    if (!existsSync(source)) continue;
    if ((await repositoryChecksum(source)) !== verified) {
      throw new MoveFailure(`The ${relative} repository changed on ${move.source_storage_name} after it was copied; it was kept there`);
    }
    await removeRepository(source, join(sourceRoot, MOVES_DIR), `${move.id}`);
    core.repos.written(move.source_storage_name, relative);
  }
}

/** Runs one claimed move to its end (or to its failure). */
async function runMove(core: CoreState, move: MoveRow): Promise<void> {
  try {
    if (!containerRow(core, move.container_type, move.container_id)) throw new MoveGone();
    for (const storage of [move.source_storage_name, move.destination_storage_name]) await sweepTrash(join(core.repos.storagePath(storage), MOVES_DIR));
    if (move.state === STATE.scheduled) transition(core, move, STATE.started, { started_at: core.nowIso() });
    if (move.state === STATE.started) {
      const checksums = await replicateSettled(core, move);
      await pauseAt(core, 'switch');
      core.tx(() => {
        transition(core, move, STATE.replicated, { checksums: JSON.stringify(checksums), switched_at: core.nowIso() });
        switchStorage(core, move.container_type, move.container_id, move.destination_storage_name);
      });
      move.checksums = JSON.stringify(checksums);
      await pauseAt(core, 'switched');
    }
    if (move.state === STATE.replicated) {
      await cleanup(core, move);
      core.tx(() => {
        transition(core, move, STATE.finished);
        auditStorageMove(core, move, 'finished');
      });
    }
  } catch (error) {
    // Gone with its container (whatever failed on the way): its copies belong to no one.
    if (!moveById(core, move.id)) return void (await discardOrphanCopies(core, move));
    if (error instanceof MoveGone) return;
    const message = error instanceof Error ? error.message : String(error);
    core.log(`storage move ${move.id} failed: ${message}`);
    try {
      fail(core, move, message);
    } catch (failure) {
      // The move was deleted or taken over meanwhile: nothing of it is ours to record.
      if (!(failure instanceof MoveGone)) throw failure;
      return;
    }
    if (move.state === STATE.failed) await discardOrphanCopies(core, move);
  } finally {
    release(core, move);
  }
}

/** do_fail: before the switch the move fails and the container is writable again; after it, cleanup failed. */
function fail(core: CoreState, move: MoveRow, message: string): void {
  const current = moveById(core, move.id);
  if (!current) return;
  core.tx(() => {
    const to = current.state === STATE.replicated ? STATE.cleanupFailed : STATE.failed;
    transition(core, move, to, { error_message: message.slice(0, 1000) });
    if (to === STATE.failed) setReadOnly(core, move.container_type, move.container_id, false);
    auditStorageMove(core, move, 'failed');
  });
}

/** Removes copies at the destination that the metadata does not name (never the source). */
async function discardOrphanCopies(core: CoreState, move: MoveRow): Promise<void> {
  let destRoot: string;
  try {
    destRoot = core.repos.storagePath(move.destination_storage_name);
    if (sameDirectory(core.repos.storagePath(move.source_storage_name), destRoot)) return;
  } catch {
    return;
  }
  const row = containerRow(core, move.container_type, move.container_id);
  if (row && row.repository_storage === move.destination_storage_name) return;
  for (const part of KINDS[move.container_type].repositories(move.container_id)) {
    await removeRepository(join(destRoot, part.relativePath), join(destRoot, MOVES_DIR), `${move.id}`).catch(() => undefined);
    core.repos.written(move.destination_storage_name, part.relativePath);
    await removeRepository(join(destRoot, MOVES_DIR, `${move.id}-${part.label}.git`), join(destRoot, MOVES_DIR), `${move.id}`).catch(() => undefined);
  }
}

/**
 * Runs moves until none is left to claim, `concurrency` at a time. Safe beside other workers
 * (a move is claimed in a transaction) and after a killed one (its moves are taken over).
 */
export async function runMoves(core: CoreState, concurrency = DEFAULT_CONCURRENCY): Promise<number> {
  running++;
  try {
    return await runLanes(core, concurrency);
  } finally {
    running--;
  }
}

/** Runs of runMoves under way in this process (serve's move loop, a job). */
let running = 0;

/** Whether this process is already running moves (a new run would only add lanes). */
export const movesRunningHere = (): boolean => running > 0;

async function runLanes(core: CoreState, concurrency: number): Promise<number> {
  let ran = 0;
  const lane = async (): Promise<void> => {
    for (let move = claim(core); move; move = claim(core)) {
      ran++;
      await runMove(core, move);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  return ran;
}
