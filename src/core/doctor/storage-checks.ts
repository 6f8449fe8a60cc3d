// Repositories against their rows, git's connectivity check, stale git locks, and free space.
import { existsSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/connection.js';
import { containerRows, repositoryPath, storageDirs } from '../backup/state-contents.js';
import { count, fail, listSome, ok, warn, type CheckResult } from '../../shared/health-check.js';
import { liveRepositories, repositoryRowsCheck } from './stored-bytes-checks.js';
import { isAlive } from '../jobs/owner.js';
import { forgetStoredSize } from '../repositories/repository-sizes.js';

const REPO_DIRS = ['@projects', '@groups', '@snippets'];

/** Lock files git leaves when a writer dies, and whether a live hostctl writer owns the repository. */
function lockFiles(repo: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.lock')) out.push(p);
    }
  };
  walk(join(repo, 'refs'));
  walk(join(repo, 'objects', 'info'));
  for (const name of ['packed-refs.lock', 'HEAD.lock', 'config.lock', 'index.lock', 'shallow.lock']) if (existsSync(join(repo, name))) out.push(join(repo, name));
  return out;
}

function liveWriter(repo: string): boolean {
  let names: string[];
  try {
    names = readdirSync(join(repo, 'hostctl-writers'));
  } catch {
    return false;
  }
  return names.some((n) => {
    const m = /^(\d+)-([^-]*)-\d+$/.exec(n);
    return m ? isAlive({ pid: Number(m[1]), start: m[2] ?? '' }) : false;
  });
}

export interface StorageCheckOptions {
  quick: boolean;
  fix: boolean;
  /** Runs `git fsck --connectivity-only` in a repository; resolves to its complaint, or null. */
  fsck: (repo: string) => Promise<string | null>;
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
  const expected = new Set(containerRows(db).flatMap((c) => (dirs[c.storage] === undefined ? [] : [join(dirs[c.storage], repositoryPath(c.kind, c.id))])));

  const orphans: string[] = [];
  for (const [name, base] of Object.entries(dirs))
    for (const sub of REPO_DIRS) {
      let entries: string[];
      try {
        entries = readdirSync(join(base, sub));
      } catch {
        continue;
      }
      for (const e of entries) if (e.endsWith('.git') && !expected.has(join(base, sub, e))) orphans.push(`${name}:${sub}/${e}`);
    }
  out.push(orphans.length ? warn('repositories.orphans', `${count(orphans.length, 'repository', 'repositories')} no row owns: ${listSome(orphans)} (left alone: doctor never deletes data)`) : ok('repositories.orphans', 'no repository without its row'));

  const stale: string[] = [];
  let removed = 0;
  for (const [i, repo] of repos.entries()) {
    const locks = lockFiles(repo);
    if (locks.length === 0 || liveWriter(repo)) continue;
    if (options.fix) {
      for (const l of locks) rmSync(l, { force: true });
      // Removing files is a write to the repository, but doctor opens the state read-only (it
      // must diagnose a state without migrating it or taking the write lock from a running
      // server), so this forgets nothing: the size kept (with the lock files' few bytes, or a
      // count taken before the killed writer moved a ref) stands until the repository's next write.
      const row = found[i] as (typeof found)[number];
      forgetStoredSize(db, row.storage, row.path);
      removed += locks.length;
    } else stale.push(...locks);
  }
  if (removed) out.push({ ...ok('repositories.locks', `removed ${count(removed, 'stale git lock file')}`), fixed: `removed ${count(removed, 'lock file')} left by killed writers` });
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
