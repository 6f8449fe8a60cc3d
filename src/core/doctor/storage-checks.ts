// Repositories against their rows, git's connectivity check, stale git locks, and free space.
import { existsSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/connection.js';
import { storageDirs } from '../backup/state-contents.js';
import { count, fail, listSome, ok, warn, type CheckResult } from '../../shared/health-check.js';
import { liveRepositories, repositoryRowsCheck } from './stored-bytes-checks.js';
import { forgetStoredSize } from '../repositories/repository-sizes.js';
import { gitLockFiles, guardedWriteSync, writeUnderWay } from '../git/recovery.js';
import { underWriteLock } from './write-lock.js';
import { LOST_AND_FOUND, orphanRepositories, removeOrphanRepositories, removeRepositoryLeftovers, repositoryLeftovers } from './orphan-repositories.js';

/**
 * Removes a killed writer's lock files from a repository as a write to it: registered as its
 * writer (git/recovery.ts), with its kept size and commit count forgotten first, as every write
 * does, so a reader never stores a measure taken with the locks and the row is re-measured after.
 * Doctor's own connection is read-only (it diagnoses without migrating or taking the write lock
 * from a running server), so the row is forgotten on a connection of its own under the write
 * lock; while that lock stays taken the locks are left for another run: null, or why.
 */
function removeStaleLocks(stateDir: string, repo: string, storage: string, relative: string, locks: readonly string[]): string | null {
  return guardedWriteSync(repo, () => {
    const done = underWriteLock(stateDir, (db) => forgetStoredSize(db, storage, relative));
    if ('busy' in done) return done.busy;
    for (const l of locks) rmSync(l, { force: true });
    return null;
  });
}

export interface StorageCheckOptions {
  quick: boolean;
  fix: boolean;
  /** Runs `git fsck --connectivity-only` in a repository; resolves to its complaint, or null. */
  fsck: (repo: string) => Promise<string | null>;
}

/** Repositories being written by processes that are gone, and repositories no row names. */
function leftoverRepositoryChecks(db: Database, stateDir: string, fix: boolean): CheckResult[] {
  const out: CheckResult[] = [];
  const leftovers = repositoryLeftovers(db, stateDir);
  if (leftovers.length === 0) out.push(ok('repositories.staging', 'no repository left half-written by a killed process'));
  else if (fix) {
    const { removed, failed } = removeRepositoryLeftovers(leftovers);
    out.push(failed.length ? warn('repositories.staging', `removed ${removed.length}; ${count(failed.length, 'directory', 'directories')} could not be removed: ${listSome(failed.map((f) => `${f.entry.label} (${f.reason})`), 2)}`, 'check the storage is writable') : { ...ok('repositories.staging', `removed ${count(removed.length, 'repository', 'repositories')} left half-written or half-removed by killed processes`), fixed: `removed ${count(removed.length, 'staging directory', 'staging directories')}` });
  } else out.push(warn('repositories.staging', `${count(leftovers.length, 'repository', 'repositories')} left half-written or half-removed by killed processes: ${listSome(leftovers.map((l) => l.label), 2)}`, 'hostctl doctor --fix'));

  const orphans = orphanRepositories(db, stateDir);
  if (orphans.length === 0) out.push(ok('repositories.orphans', 'no repository without its row'));
  else if (fix) {
    const result = removeOrphanRepositories(stateDir, orphans);
    const kept = result.kept.map((k) => `${k.entry.label} (${k.why})`);
    const moved = result.moved.length ? `moved ${result.moved.length} into ${LOST_AND_FOUND}/ of ${result.moved.length === 1 ? 'its storage' : 'their storages'} (${listSome(result.moved.map((m) => m.to.slice(stateDir.length + 1) || m.to), 2)}); ` : '';
    if (result.busy) out.push(warn('repositories.orphans', `${count(orphans.length, 'repository', 'repositories')} no row owns, left: ${result.busy}`, 'hostctl doctor --fix again later'));
    else if (kept.length) out.push(warn('repositories.orphans', `${moved}${count(kept.length, 'repository', 'repositories')} no row owns kept: ${listSome(kept, 2)}`, result.kept.some((k) => k.why.startsWith('a storage move')) ? 'hostctl doctor --fix once the storage move has ended' : 'see why each was kept'));
    else out.push({ ...ok('repositories.orphans', moved.replace(/; $/, '')), fixed: `moved ${count(result.moved.length, 'orphan repository', 'orphan repositories')} into ${LOST_AND_FOUND}/ (look, then remove by hand)` });
  } else out.push(warn('repositories.orphans', `${count(orphans.length, 'repository', 'repositories')} no row owns: ${listSome(orphans.map((o) => o.label))}`, `hostctl doctor --fix (moves them into ${LOST_AND_FOUND}/ of their storage; nothing is deleted)`));
  return out;
}

export async function storageChecks(db: Database, stateDir: string, options: StorageCheckOptions): Promise<CheckResult[]> {
  const out: CheckResult[] = [];
  const dirs = storageDirs(db, stateDir);
  const missingStorages = Object.entries(dirs).filter(([, dir]) => !existsSync(dir));
  out.push(missingStorages.length ? fail('storages.present', `storage directories missing: ${listSome(missingStorages.map(([n, d]) => `${n} (${d})`))}`, 'mount or restore them; hostctl storages list shows what is configured') : ok('storages.present', `${Object.keys(dirs).length} storages present`));
  for (const [name, dir] of Object.entries(dirs)) {
    if (!existsSync(dir)) continue;
    const fs = statfsSync(dir);
    const free = fs.bavail * fs.bsize;
    const ratio = fs.blocks > 0 ? fs.bavail / fs.blocks : 1;
    const gib = (free / 1024 ** 3).toFixed(1);
    if (ratio < 0.01) out.push(fail(`storages.space.${name}`, `${gib} GiB free (${(ratio * 100).toFixed(1)}%)`, `free space on ${dir}, or move repositories away: hostctl storage-moves schedule --from ${name} --to OTHER`));
    else if (ratio < 0.05 || free < 1024 ** 3) out.push(warn(`storages.space.${name}`, `${gib} GiB free (${(ratio * 100).toFixed(1)}%)`, `free space on ${dir}`));
    else out.push(ok(`storages.space.${name}`, `${gib} GiB free (${(ratio * 100).toFixed(0)}%)`));
  }

  const { results, found } = repositoryRowsCheck(db, liveRepositories(db, stateDir));
  out.push(...results);
  const repos = found.map((r) => join(dirs[r.storage] as string, r.path));
  out.push(...leftoverRepositoryChecks(db, stateDir, options.fix));
  const stale: string[] = [];
  let removed = 0;
  let busy: string | null = null;
  for (const [i, repo] of repos.entries()) {
    const locks = gitLockFiles(repo);
    // A live writer's locks may be real.
    if (locks.length === 0 || writeUnderWay(repo)) continue;
    if (options.fix && !busy) {
      const row = found[i] as (typeof found)[number];
      busy = removeStaleLocks(stateDir, repo, row.storage, row.path, locks);
      if (!busy) removed += locks.length;
      else stale.push(...locks);
    } else stale.push(...locks);
  }
  if (busy) out.push(warn('repositories.locks', `${removed ? `removed ${count(removed, 'stale git lock file')}; ` : ''}${count(stale.length, 'stale git lock file')} left: ${busy}`, 'hostctl doctor --fix again later'));
  else if (removed) out.push({ ...ok('repositories.locks', `removed ${count(removed, 'stale git lock file')}`), fixed: `removed ${count(removed, 'lock file')} left by killed writers` });
  else out.push(stale.length ? warn('repositories.locks', `${count(stale.length, 'stale git lock file')} blocking writes: ${listSome(stale.map((l) => l.slice(stateDir.length + 1) || l), 2)}`, 'hostctl doctor --fix') : ok('repositories.locks', 'no stale git locks'));

  if (options.quick) out.push(ok('repositories.fsck', 'skipped (--quick)'));
  else {
    const broken: string[] = [];
    for (const repo of repos) {
      const complaint = await options.fsck(repo);
      if (complaint) broken.push(`${repo.slice(stateDir.length + 1) || repo}: ${complaint}`);
    }
    out.push(broken.length ? fail('repositories.fsck', `${count(broken.length, 'repository', 'repositories')} failing git fsck: ${listSome(broken, 2)}`, 'restore them from a backup') : ok('repositories.fsck', `${count(repos.length, 'repository', 'repositories')} pass git fsck --connectivity-only`));
  }
  return out;
}
