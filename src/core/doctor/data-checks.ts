// Package files against their blobs, leftovers of killed processes, jobs and storage moves,
// administrators' tokens, and the state's file modes.
import { existsSync, lstatSync } from 'node:fs';
import { join, sep } from 'node:path';
import { humanBytes } from '../../shared/byte-size.js';
import type { Database } from '../db/connection.js';
import { restrictStateModes, stateModeWarnings } from '../state-modes.js';
import { deadBeside, deadScratch } from '../backup/scratch.js';
import { removePaths } from '../fs/remove-paths.js';
import { forgetGoneSweepFailures, sweepFailures } from '../fs/sweep-record.js';
import { liveBlobFiles, packageBytesChecks } from './stored-bytes-checks.js';
import { abandonedUploads } from '../upload-temp.js';
import { directorySize } from '../repositories/repository-sizes.js';
import { count, fail, listSome, ok, warn, type CheckResult } from '../../shared/health-check.js';

/** Package files against their stored bytes, on the state's own files (stored-bytes-checks.ts). */
/** `quick`: the bytes held in the database are measured, not hashed. */
export const packageChecks = (db: Database, stateDir: string, quick: boolean): CheckResult[] => packageBytesChecks(db, liveBlobFiles(stateDir), { hashHeld: !quick });

/**
 * Temporary files of killed processes: upload temporaries, backup scratch in `<state>/tmp`, and
 * what a killed restore into this directory left beside it: its scratch state
 * (`.<name>.restoring-…`) and, killed between setting the previous state aside and removing it,
 * that previous state (`.<name>.replaced-…`; the state itself is in place, so it is not needed).
 * Only those whose owner is gone (jobs/owner.ts), never the state itself. --fix removes them
 * through removePaths and reports those it could not remove, with why, instead of failing.
 */
export function leftoverChecks(stateDir: string, fix: boolean): CheckResult[] {
  const leftovers = [...abandonedUploads(stateDir), ...deadScratch(stateDir), ...deadBeside(stateDir, 'restoring'), ...deadBeside(stateDir, 'replaced')];
  if (leftovers.length === 0) return [ok('state.temporary-files', 'no temporary files of killed processes')];
  const shown = (p: string): string => shownPath(stateDir, p);
  if (fix) {
    const { removed, failed } = removePaths(leftovers);
    const done = `removed ${count(removed.length, 'temporary file')} of killed processes`;
    if (failed.length) return [warn('state.temporary-files', `${done}; ${count(failed.length, 'temporary file')} could not be removed: ${listSome(failed.map((f) => `${shown(f.path)} (${f.reason})`), 2)}`, 'remove them by hand, or run hostctl doctor --fix again once the cause is gone')];
    return [{ ...ok('state.temporary-files', done), fixed: `removed ${removed.length} temporary files` }];
  }
  const bytes = leftovers.reduce((sum, p) => sum + sizeOf(p), 0);
  return [warn('state.temporary-files', `${count(leftovers.length, 'temporary file')} left by killed processes, ${humanBytes(bytes)} (${listSome(leftovers.map(shown), 2)}); safe to remove: the process that made each is gone`, 'hostctl doctor --fix')];
}

/** A path in the state by its path there, one beside or outside it whole. */
const shownPath = (stateDir: string, path: string): string => (path.startsWith(stateDir + sep) ? path.slice(stateDir.length + 1) : path);

/** Bytes of a leftover file or directory tree (0 once it is gone). */
function sizeOf(path: string): number {
  try {
    const st = lstatSync(path);
    return st.isDirectory() ? directorySize(path) : st.size;
  } catch {
    return 0;
  }
}

/**
 * What the sweeps as the state was opened (or before a backup or restore) could not remove, with
 * why (fs/sweep-record.ts): they never fail for it, so this is where it is seen. Run after the
 * checks whose --fix removes leftovers, so what those removed is no longer reported (and --fix
 * forgets it).
 */
export function sweepFailureChecks(stateDir: string, fix: boolean): CheckResult[] {
  if (fix) forgetGoneSweepFailures(stateDir);
  const left = sweepFailures(stateDir);
  if (left.length === 0) return [ok('state.sweep-failures', 'the sweeps of killed processes\' leftovers removed all they found')];
  const shown = (p: string): string => shownPath(stateDir, p);
  return [
    warn(
      'state.sweep-failures',
      `the sweeps of killed processes' leftovers could not remove ${count(left.length, 'leftover')}: ${listSome(left.map((f) => `${shown(f.path)} (${f.reason} at ${f.at.slice(0, 19)}Z)`), 2)}`,
      'remove them by hand, or run hostctl doctor --fix once the cause is gone',
    ),
  ];
}

export function modeChecks(stateDir: string, fix: boolean): CheckResult[] {
  const found = stateModeWarnings(stateDir);
  if (found.length === 0) return [ok('state.modes', 'state directory 0700, database 0600')];
  const byHand = `chmod 700 ${stateDir}; chmod 600 ${stateDir}/state.db*`;
  const reachable = `other local users can reach the state (${count(found.length, 'path')}; token digests and password hashes are inside)`;
  if (fix) {
    try {
      restrictStateModes(stateDir);
    } catch (error) {
      // Another user's state, or read-only media: the finding stands, with why it was not fixed;
      // the other checks still run.
      const code = (error as { code?: unknown } | null)?.code;
      return [fail('state.modes', `${reachable}; could not restrict them (${typeof code === 'string' ? code : String(error)})`, `as the state's owner: ${byHand}`)];
    }
    return [{ ...ok('state.modes', 'modes restricted'), fixed: 'set the state directory to 0700 and the database to 0600' }];
  }
  return [fail('state.modes', reachable, `hostctl doctor --fix (or ${byHand})`)];
}

export function jobChecks(db: Database, now: Date): CheckResult[] {
  const out: CheckResult[] = [];
  const failed = (db.prepare("SELECT count(*) AS n FROM jobs WHERE state = 'failed'").get() as { n: number }).n;
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  const waiting = (db.prepare("SELECT count(*) AS n FROM jobs WHERE state IN ('queued', 'running') AND created_at < ?").get(hourAgo) as { n: number }).n;
  if (failed) out.push(warn('jobs.failed', `${count(failed, 'background job')} failed`, 'the serve (or worker) log says why; they are retried when queued again'));
  else out.push(ok('jobs.failed', 'no failed background jobs'));
  out.push(waiting ? warn('jobs.pending', `${count(waiting, 'background job')} waiting for over an hour`, 'run hostctl serve (or hostctl worker) on this state') : ok('jobs.pending', 'no job waiting long'));
  const moves = db.prepare('SELECT id, container_type AS type, container_id AS cid, error_message AS error FROM repository_storage_moves WHERE state IN (5, 7) ORDER BY id DESC LIMIT 20').all() as { id: number; type: string; cid: number; error: string | null }[];
  out.push(
    moves.length
      ? warn('storage-moves.failed', `${count(moves.length, 'storage move')} failed (${listSome(moves.map((m) => `#${m.id} ${m.type} ${m.cid}`))})`, 'hostctl storage-moves list --status failed; schedule them again')
      : ok('storage-moves.failed', 'no failed storage moves'),
  );
  return out;
}

export function tokenChecks(db: Database, now: Date): CheckResult[] {
  const today = now.toISOString().slice(0, 10);
  const rows = db
    .prepare("SELECT t.expires_at AS expires, u.username FROM personal_access_tokens t JOIN users u ON u.id = t.user_id WHERE u.is_admin = 1 AND u.state = 'active' AND t.revoked = 0 AND (t.expires_at IS NULL OR t.expires_at > ?)")
    .all(today) as { expires: string | null; username: string }[];
  if (rows.length === 0) return [fail('tokens.admin', 'no active administrator has a working token', 'hostctl init --recover-token --state DIR')];
  const week = new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
  const lasting = rows.filter((r) => r.expires === null || r.expires > week);
  if (lasting.length === 0) return [warn('tokens.admin', `every administrator token expires within 7 days (${listSome(rows.map((r) => `${r.username} ${r.expires}`))})`, 'hostctl tokens rotate self')];
  return [ok('tokens.admin', `${count(rows.length, 'working administrator token')}`)];
}

export const stateExists = (stateDir: string): boolean => existsSync(join(stateDir, 'state.db'));
