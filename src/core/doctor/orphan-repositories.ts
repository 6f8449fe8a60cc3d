// Repository directories under a storage that no row names, and leftovers of repositories
// being written by processes that are gone: found by listing each storage's directories and
// put away by `doctor --fix` only where that is safe while other processes work on the state.
// Leftovers (a killed process's half-written staging directory) are removed. An orphan may be
// the only copy of work whose row was lost (a database restored from an older backup, a row
// deleted by hand): doctor never deletes it, but moves it out of the way into the storage's
// LOST_AND_FOUND directory, where the next container given its id cannot replace it and an
// administrator can look at it (`git clone` works there) before removing it by hand.
//
// A repository without its row is also what a write in flight looks like: a project's
// repository is made inside the transaction that inserts its row, a new snippet's is renamed
// into place inside its row's, and a storage move puts its copy at the destination before the
// row names that storage. So removal happens under the database's write lock (no row
// transaction is open meanwhile: one that made a directory has committed its row, or rolled
// back and left debris), with the rows read again under it, and never for a container a storage
// move not yet finished or failed is about (its copies on both storages are that move's).
import { mkdirSync, realpathSync, renameSync } from 'node:fs';
import { removePaths } from '../fs/remove-paths.js';
import { namesIn } from '../fs/names-in.js';
import { basename, dirname, join } from 'node:path';
import type { Database } from '../db/connection.js';
import { FIX_LOCK_WAIT_MS, underWriteLock } from './write-lock.js';
import { containerRows, repositoryPath, storageDirs } from '../backup/state-contents.js';
import { uniqueSuffix } from '../git/repository-base.js';
import { abandonedStagings, kindTempAbandoned } from '../repositories/staging-leftovers.js';

const REPO_DIRS = ['@projects', '@groups', '@snippets'] as const;

/** Where `--fix` moves orphan repositories, in the storage they were found in. */
export const LOST_AND_FOUND = '@lost+found';

export interface StorageEntry {
  /** `storage:@kind/name`, as reported. */
  label: string;
  path: string;
}

const real = (dir: string): string => {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
};

/**
 * Paths the rows name, by each storage's real directory: two storage names for one directory
 * (or a symbolic link) must not make one's repositories look like the other's orphans.
 */
function namedPaths(db: Database, dirs: Record<string, string>): Set<string> {
  const reals = Object.fromEntries(Object.entries(dirs).map(([name, dir]) => [name, real(dir)]));
  return new Set(containerRows(db).flatMap((c) => (reals[c.storage] === undefined ? [] : [join(reals[c.storage], repositoryPath(c.kind, c.id))])));
}

/**
 * Each storage directory once, by its real path, with the first name it is configured under:
 * two storage names for one directory are listed once.
 */
function distinctStorages(dirs: Record<string, string>): [name: string, root: string][] {
  const byRoot = new Map<string, string>();
  for (const [name, dir] of Object.entries(dirs)) {
    const root = real(dir);
    if (!byRoot.has(root)) byRoot.set(root, name);
  }
  return [...byRoot].map(([root, name]) => [name, root]);
}

/** Repository directories (`*.git`) under the storages that no row names. */
export function orphanRepositories(db: Database, stateDir: string): StorageEntry[] {
  const dirs = storageDirs(db, stateDir);
  const named = namedPaths(db, dirs);
  const out: StorageEntry[] = [];
  for (const [name, root] of distinctStorages(dirs))
    for (const sub of REPO_DIRS) for (const e of namesIn(join(root, sub))) if (e.endsWith('.git') && !named.has(join(root, sub, e))) out.push({ label: `${name}:${sub}/${e}`, path: join(root, sub, e) });
  return out;
}

/** Staging directories and git's temporaries left by processes that are gone. */
export function repositoryLeftovers(db: Database, stateDir: string, now = Date.now()): StorageEntry[] {
  const out: StorageEntry[] = [];
  for (const [name, root] of distinctStorages(storageDirs(db, stateDir))) {
    for (const path of abandonedStagings([root], now)) out.push({ label: `${name}:${path.slice(root.length + 1)}`, path });
    for (const sub of REPO_DIRS) for (const e of namesIn(join(root, sub))) if (kindTempAbandoned(e, now)) out.push({ label: `${name}:${sub}/${e}`, path: join(root, sub, e) });
  }
  return out;
}

/** The container an orphan's name would belong to, or null for a name hostctl never gives. */
function containerOf(path: string): { type: 'project' | 'group' | 'snippet'; id: number } | null {
  const m = /[\\/](@projects|@groups|@snippets)[\\/]([1-9]\d*)(\.wiki)?\.git$/.exec(path);
  if (!m) return null;
  const id = Number(m[2]);
  if (m[1] === '@projects') return { type: 'project', id };
  if (m[1] === '@groups') return m[3] ? { type: 'group', id } : null;
  return m[3] ? null : { type: 'snippet', id };
}

export interface OrphanFix {
  /** Moved into LOST_AND_FOUND, with where each went. */
  moved: { entry: StorageEntry; to: string }[];
  /** Left, with why. */
  kept: { entry: StorageEntry; why: string }[];
  /** Set when the write lock could not be had: nothing was removed. */
  busy?: string;
}

/** STATE values of a move whose copies are still its own (scheduled, started, replicated, cleanup failed). */
const MOVE_UNDER_WAY = '(2, 3, 6, 7)';

/** Moves the orphans that are still orphans under the write lock into LOST_AND_FOUND; see the file's comment. */
export function removeOrphanRepositories(stateDir: string, candidates: StorageEntry[], lockWaitMs = FIX_LOCK_WAIT_MS): OrphanFix {
  const result: OrphanFix = { moved: [], kept: [] };
  if (candidates.length === 0) return result;
  const done = underWriteLock(
    stateDir,
    (db) => {
      const still = new Set(orphanRepositories(db, stateDir).map((o) => o.path));
      const moving = new Set((db.prepare(`SELECT container_type AS type, container_id AS id FROM repository_storage_moves WHERE state IN ${MOVE_UNDER_WAY}`).all() as { type: string; id: number }[]).map((m) => `${m.type}:${m.id}`));
      for (const entry of candidates) {
        const owner = containerOf(entry.path);
        if (!still.has(entry.path)) result.kept.push({ entry, why: 'a row names it now' });
        else if (!owner) result.kept.push({ entry, why: 'not a name hostctl gives: remove it by hand if it is not needed' });
        else if (moving.has(`${owner.type}:${owner.id}`)) result.kept.push({ entry, why: `a storage move of ${owner.type} ${owner.id} is under way` });
        else {
          // One rename on the storage's own file system, under the lock: named for where it was
          // and when it was moved, so orphans of the same id found on different days never meet.
          const storageDir = dirname(dirname(entry.path));
          const to = join(storageDir, LOST_AND_FOUND, `${basename(dirname(entry.path))}-${basename(entry.path)}-${new Date().toISOString().replace(/[:.]/g, '-')}-${uniqueSuffix()}`);
          try {
            mkdirSync(dirname(to), { recursive: true, mode: 0o700 });
            renameSync(entry.path, to);
            result.moved.push({ entry, to });
          } catch (error) {
            result.kept.push({ entry, why: (error as Error).message });
          }
        }
      }
    },
    lockWaitMs,
  );
  // The lock was not had (or, after the renames, not given back cleanly): what was moved under
  // it stays moved; the rest waits for another run.
  if ('busy' in done) result.busy = done.busy;
  return result;
}

/**
 * Removes leftovers of writes by processes that are gone (repositoryLeftovers): those removed,
 * and those that could not be, with why (doctor reports them again at its next run).
 */
export function removeRepositoryLeftovers(entries: StorageEntry[]): { removed: StorageEntry[]; failed: { entry: StorageEntry; reason: string }[] } {
  const byPath = new Map(entries.map((e) => [e.path, e]));
  const entry = (path: string): StorageEntry => byPath.get(path) as StorageEntry;
  const { removed, failed } = removePaths(entries.map((e) => e.path));
  return { removed: removed.map(entry), failed: failed.map((f) => ({ entry: entry(f.path), reason: f.reason })) };
}
