// What the sweeps of killed processes' leftovers could not remove. The sweeps run as a state is
// opened (and before a backup or restore) and never fail for a leftover that will not go; what
// they could not remove is kept here, with why, so that `hostctl doctor` (another process, later)
// reports it with its reason, and HOSTCTL_DEBUG names it at once on stderr. The record is
// `<state>/tmp/sweep-failures.json` (the state's own scratch, never backed up), written whole
// through a rename; a state where it cannot be written (read-only) keeps none, and doctor still
// finds the leftovers themselves.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Removal, RemovalFailure } from './remove-paths.js';
import { STATE_DB } from '../../shared/state-layout.js';

const RECORD = 'sweep-failures.json';
/** Beyond this many, the oldest are dropped: the leftovers themselves stay for doctor to find. */
const MAX_KEPT = 200;

export interface SweepFailure extends RemovalFailure {
  /** When the sweep that could not remove it ran (ISO 8601). */
  at: string;
}

const recordPath = (stateDir: string): string => join(stateDir, 'tmp', RECORD);

function readRecord(stateDir: string): SweepFailure[] {
  try {
    const parsed = JSON.parse(readFileSync(recordPath(stateDir), 'utf8')) as unknown;
    return Array.isArray(parsed) ? parsed.filter((e): e is SweepFailure => typeof e?.path === 'string' && typeof e?.reason === 'string' && typeof e?.at === 'string') : [];
  } catch {
    return [];
  }
}

/** Writes HOSTCTL_DEBUG's line for each failure (as the CLI's `--debug` lines read). */
function debugFailures(failed: readonly RemovalFailure[]): void {
  if (!process.env.HOSTCTL_DEBUG) return;
  for (const f of failed) process.stderr.write(`[debug] sweep: could not remove ${f.path} (${f.reason}); left for the next sweep or hostctl doctor --fix\n`);
}

/**
 * Keeps a sweep's failures for doctor: the ones of earlier sweeps that still exist (and that
 * this one did not remove) stay, this sweep's replace them. Never throws.
 */
export function noteSweep(stateDir: string, removal: Removal, now = new Date()): Removal {
  // A sweep that found nothing (nearly every opening of a state) changes nothing worth writing:
  // entries whose leftover went some other way are dropped by every read (sweepFailures), and
  // from the record by doctor --fix (forgetGoneSweepFailures).
  if (removal.removed.length === 0 && removal.failed.length === 0) return removal;
  debugFailures(removal.failed);
  rewriteRecord(stateDir, removal, now);
  return removal;
}

/** Drops the recorded failures whose leftover is gone (doctor --fix). Never throws. */
export const forgetGoneSweepFailures = (stateDir: string): void => rewriteRecord(stateDir, { removed: [], failed: [] }, new Date());

function rewriteRecord(stateDir: string, removal: Removal, now: Date): void {
  const gone = new Set(removal.removed);
  const failedNow = new Set(removal.failed.map((f) => f.path));
  const kept = readRecord(stateDir).filter((e) => !gone.has(e.path) && !failedNow.has(e.path) && existsSync(e.path));
  const next = [...kept, ...removal.failed.map((f) => ({ ...f, at: now.toISOString() }))].slice(-MAX_KEPT);
  // Nothing to say and nothing said before: no write at every opening of a state. A directory
  // that holds no state (yet: a restore's target) is never written in.
  if ((next.length === 0 && !existsSync(recordPath(stateDir))) || !existsSync(join(stateDir, STATE_DB))) return;
  try {
    mkdirSync(join(stateDir, 'tmp'), { recursive: true, mode: 0o700 });
    const temp = `${recordPath(stateDir)}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(next), { mode: 0o600 });
    renameSync(temp, recordPath(stateDir));
  } catch (error) {
    if (process.env.HOSTCTL_DEBUG) process.stderr.write(`[debug] sweep: could not record its failures in ${recordPath(stateDir)} (${(error as NodeJS.ErrnoException).code ?? String(error)})\n`);
  }
}

/** The recorded failures whose leftover is still there (what doctor reports). */
export const sweepFailures = (stateDir: string): SweepFailure[] => readRecord(stateDir).filter((e) => existsSync(e.path));
