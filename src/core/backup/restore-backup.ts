// `hostctl restore`: a new state from an archive. Everything is written into a scratch
// directory beside the target and checked against the manifest first; only a whole, verified
// state is renamed into place, so an interrupted or refused restore leaves nothing behind (and
// an existing state, replaced only with --force, untouched until that rename).
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { openDatabase } from '../db/connection.js';
import { restrictStateModes } from '../state-modes.js';
import { STATE_DB } from '../../shared/state-layout.js';
import { ArchiveError, DATABASE_MEMBER, MANIFEST_NAME, type BackupManifest } from './manifest.js';
import { readArchive, type ReadProgress } from './read-archive.js';
import { OWN_ENTRIES } from './state-contents.js';
import { besidePath, deadBeside, sweepBeside } from './scratch.js';
import { removePaths } from '../fs/remove-paths.js';
import { noteSweep } from '../fs/sweep-record.js';
import { archiveChecks, refuseFailed } from './archive-checks.js';
import { forgetAllSizes } from '../repositories/repository-sizes.js';
import type { CheckResult } from '../../shared/health-check.js';

export interface RestoreOptions {
  archive: string;
  stateDir: string;
  force?: boolean;
  /** Storage name → directory outside the new state (else `<state>/storages/<name>`). */
  storages?: Record<string, string>;
  /** Called as the archive is read (a progress line). */
  onRead?: ReadProgress;
}

export interface RestoreSummary {
  stateDir: string;
  manifest: BackupManifest;
  bytes: number;
  replaced: boolean;
  /** Doctor's checks of the archive (archive-checks.ts): none failed, some may warn. */
  checks: CheckResult[];
}

export interface CheckSummary {
  manifest: BackupManifest;
  bytes: number;
  checks: CheckResult[];
}

export class RestoreTargetError extends Error {}

const nonEmpty = (dir: string): boolean => existsSync(dir) && readdirSync(dir).length > 0;

/**
 * `--check`'s copy of the database goes to `$TMPDIR/.hostctl.checking-<pid>-<random>` (private,
 * 0700); the name is the one `deadBeside` knows, beside a `$TMPDIR/hostctl` that is never made.
 */
const CHECK_BESIDE = (): string => join(tmpdir(), 'hostctl');

/**
 * Checks an archive completely without writing anything but one file: every member against the
 * manifest (hashed as it streams past, never held whole), then doctor's checks of the archived
 * database against the members (archive-checks.ts). SQLite reads a file, so the database member
 * is copied into a private temporary directory, removed before this returns (or the process
 * exits; one left by a killed check goes with the next).
 */
export async function checkArchive(archive: string, onRead?: ReadProgress): Promise<CheckSummary> {
  const beside = CHECK_BESIDE();
  // Another user's (in a shared $TMPDIR) cannot be removed: theirs to remove.
  noteSweep(beside, sweepBeside(beside, 'checking'));
  const dir = besidePath(beside, 'checking');
  mkdirSync(dir, { mode: 0o700 });
  const remove = (): void => {
    removePaths([dir]);
  };
  process.once('exit', remove);
  try {
    const copy = join(dir, STATE_DB);
    const { manifest, sizes, bytes } = await readArchive(archive, (name) => (name === DATABASE_MEMBER ? copy : undefined), onRead);
    if (!Object.hasOwn(manifest.members, DATABASE_MEMBER) || !existsSync(copy)) throw new ArchiveError(`the archive has no ${DATABASE_MEMBER}`);
    const db = openDatabase(copy, { readonly: true });
    let checks: CheckResult[];
    try {
      checks = archiveChecks(db, manifest, sizes);
    } finally {
      db.close();
    }
    refuseFailed(checks);
    return { manifest, bytes, checks };
  } finally {
    process.removeListener('exit', remove);
    remove();
  }
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const target = resolve(options.stateDir);
  // What a killed restore left beside the target (its own scratch state, never the target); one
  // that cannot be removed is left for the next restore, or doctor --fix, to try again.
  noteSweep(target, sweepBeside(target, 'restoring'));
  // A restore --force killed between its two renames: the previous state goes back in place
  // (or, killed after them, goes as it would have).
  for (const old of deadBeside(target, 'replaced')) {
    if (existsSync(target)) noteSweep(target, removePaths([old]));
    else renameSync(old, target);
  }
  const targetExists = nonEmpty(target);
  if (targetExists && !options.force) throw new RestoreTargetError(`${target} exists and is not empty; restore into a new directory, or pass --force to replace it`);
  const external = options.storages ?? {};
  for (const [name, dir] of Object.entries(external)) {
    if (!isAbsolute(dir)) throw new RestoreTargetError(`--storage ${name}=${dir}: the directory must be an absolute path`);
    if (nonEmpty(dir)) throw new RestoreTargetError(`--storage ${name}=${dir}: the directory exists and is not empty`);
  }
  mkdirSync(dirname(target), { recursive: true });
  // Named as the CLI expects (besidePrefix): a signal that ends the command while the archive
  // is read removes it. Everything from the end of the read to the rename into place runs
  // without yielding, so a signal lands either before the swap (the old state intact) or after
  // it (the new state whole).
  const staging = besidePath(target, 'restoring');
  mkdirSync(staging, { mode: 0o700 });
  const placed: string[] = [];
  try {
    const destination = (name: string): string | undefined => {
      if (name === DATABASE_MEMBER) return join(staging, STATE_DB);
      if (name.startsWith('repositories/') || name.startsWith('blobs/')) return join(staging, name);
      if (name.startsWith('files/')) {
        const rel = name.slice('files/'.length);
        if (OWN_ENTRIES.has(rel.split('/')[0] ?? '')) throw new ArchiveError(`the archive member ${name} would overwrite the state's own files`);
        return join(staging, 'files', rel);
      }
      if (name === MANIFEST_NAME) return undefined;
      throw new ArchiveError(`the archive holds ${name}, which no hostctl backup has`);
    };
    const { manifest, seen, sizes, bytes } = await readArchive(options.archive, destination, options.onRead);
    for (const name of Object.keys(external)) if (!Object.hasOwn(manifest.storages, name)) throw new RestoreTargetError(`--storage ${name}=…: the archive has no storage named ${name} (it has ${Object.keys(manifest.storages).join(', ')})`);
    // Members superseded inside the archive (a repository copied again while the backup ran).
    for (const name of seen.keys()) if (!Object.hasOwn(manifest.members, name) && name !== MANIFEST_NAME) rmSync(join(staging, name), { force: true });
    if (!existsSync(join(staging, STATE_DB))) throw new ArchiveError(`the archive has no ${DATABASE_MEMBER}`);

    // Storages: the archive's repositories under the new state, or where --storage maps them.
    const storageSetting: Record<string, string> = {};
    for (const name of Object.keys(manifest.storages)) {
      const from = join(staging, 'repositories', name);
      const inside = external[name] === undefined;
      const to = inside ? join(staging, 'storages', name) : (external[name] as string);
      mkdirSync(dirname(to), { recursive: true });
      if (existsSync(from)) {
        if (!inside && existsSync(to)) rmdirSync(to);
        renameOrFail(from, to, name);
      } else mkdirSync(to, { recursive: true });
      if (!inside) placed.push(to);
      storageSetting[name] = inside ? `storages/${name}` : to;
    }
    rmSync(join(staging, 'repositories'), { recursive: true, force: true });
    // Git needs these directories, which hold no files in a fresh repository.
    for (const r of manifest.repositories) {
      const base = external[r.storage] ?? join(staging, 'storages', r.storage);
      for (const d of ['refs/heads', 'refs/tags', 'objects/info', 'objects/pack']) mkdirSync(join(base, r.path, d), { recursive: true });
    }
    if (existsSync(join(staging, 'files'))) {
      for (const entry of readdirSync(join(staging, 'files'))) renameSync(join(staging, 'files', entry), join(staging, entry));
      rmSync(join(staging, 'files'), { recursive: true, force: true });
    }
    mkdirSync(join(staging, 'blobs', 'sha256'), { recursive: true });

    const db = openDatabase(join(staging, STATE_DB));
    let checks: CheckResult[];
    try {
      // Doctor's checks, before the state is kept: a database that names bytes the archive
      // does not hold is refused, as a damaged member is.
      checks = archiveChecks(db, manifest, sizes);
      refuseFailed(checks);
      db.prepare("INSERT INTO settings (key, value) VALUES ('storages', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(JSON.stringify(storageSetting));
      // The repositories were archived after the database was copied: the sizes the copy kept
      // may be of older files. They are measured again as asked for; the rows stay, emptied
      // (an archive made before sizes were kept has no such table; its migrations make it).
      if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'repository_sizes'").get()) forgetAllSizes(db);
    } finally {
      db.close();
    }
    restrictStateModes(staging);

    let replaced = false;
    if (existsSync(target)) {
      if (targetExists) {
        const old = besidePath(target, 'replaced');
        renameSync(target, old);
        try {
          renameSync(staging, target);
        } catch (error) {
          renameSync(old, target);
          throw error;
        }
        replaced = true;
        // The new state is in place: the old one failing to go must not undo it (the catch
        // below would remove the storages the new state uses). What is left, the next restore
        // to this target removes.
        removePaths([old]);
      } else {
        rmdirSync(target);
        renameSync(staging, target);
      }
    } else renameSync(staging, target);
    return { stateDir: target, manifest, bytes, replaced, checks };
  } catch (error) {
    // The restore's own error is the one to report, not a failure to clean up after it.
    removePaths([staging, ...placed]);
    throw error;
  }
}

function renameOrFail(from: string, to: string, storage: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EXDEV') throw new RestoreTargetError(`--storage ${storage}: the directory must be on the same file system as the new state`);
    throw error;
  }
}

