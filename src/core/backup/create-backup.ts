// `hostctl backup`: one archive of a live state. Order is what makes it consistent while
// writers go on (docs/architecture.md, "Backup and restore"):
//   1. every package blob present is opened (an open file survives its removal);
//   2. the database is copied with VACUUM INTO: one read transaction, so one moment;
//   3. each repository the copy's rows own is archived (references before objects), from the
//      storage its row names now; a container deleted since step 2 is deleted from the copy too,
//      as if the deletion had landed before the backup;
//   4. the blobs the copy's file rows name, from the files opened in step 1 (small ones are held
//      in the database, so step 2 copied them with their rows);
//   5. other files of the state, the database copy, and last the manifest with every checksum.
// The archive is written under a temporary name beside the target and renamed only when whole.
import { closeSync, openSync, readFileSync, readSync, renameSync, statSync, fstatSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Database } from '../db/connection.js';
import { STATE_DB } from '../../shared/state-layout.js';
import { TarWriter } from './tar-writer.js';
import { ArchiveFile, GzipSink, type ArchiveSink } from './archive-sink.js';
import { listRepositoryFiles } from './repository-files.js';
import { BACKUP_FORMAT, DATABASE_MEMBER, MANIFEST_NAME, type BackupManifest, type BackupPart, type ManifestRepository } from './manifest.js';
import { containerRows, countRows, forEachBlobFile, heldBlobCount, holdsBlobs, otherStateFiles, referencedBlobs, repositoryPath, settingValue, stateRepositories, storageDirs } from './state-contents.js';
import { besidePath, sweepBeside, sweepScratch, scratchDir } from './scratch.js';
import { removePaths } from '../fs/remove-paths.js';
import { noteSweep } from '../fs/sweep-record.js';

export interface BackupOptions {
  stateDir: string;
  output: string;
  exclude?: readonly BackupPart[];
  gzip?: boolean;
  version: string;
  now?: () => Date;
  /** Called as members are written, and as the bytes of a large one go out (a progress line). */
  progress?: (p: BackupProgress) => void;
}

export interface BackupProgress {
  phase: 'repositories' | 'packages' | 'files' | 'database' | 'done';
  items: number;
  bytes: number;
}

export interface BackupSummary {
  output: string;
  bytes: number;
  members: number;
  repositories: number;
  blobs: number;
  counts: Record<string, number>;
  excluded: BackupPart[];
  /** Containers deleted while the backup ran, left out of it as deleted. */
  deletedDuring: number;
}

export class BackupError extends Error {}

/** Open files kept for blobs in step 1; a state with more blobs opens the rest by path. */
const MAX_OPEN_BLOBS = 8000;

function openPresentBlobs(stateDir: string): Map<string, number> {
  const fds = new Map<string, number>();
  forEachBlobFile(stateDir, (sha, path) => {
    if (fds.size >= MAX_OPEN_BLOBS) return false;
    try {
      fds.set(sha, openSync(path, 'r'));
    } catch {
      // removed meanwhile: not in the copy either, unless re-added (then opened by path)
    }
    return true;
  });
  return fds;
}

/**
 * Files up to this size are read in one call: most of a state's files are small (loose git
 * objects, refs, wiki pages), and a read per piece costs a turn of the event loop each.
 */
const SMALL_FILE = 256 * 1024;

/** Adds the file open as `fd`, of `size` bytes (as stat said), read from its start. */
function addFd(tar: TarWriter, name: string, fd: number, size: number, mtime: Date): Promise<string> {
  if (size > SMALL_FILE) return tar.addFile(name, size, fd, mtime);
  // One byte more than stat said: a file that grew shows as larger, and fails its member.
  const buffer = Buffer.allocUnsafe(size + 1);
  let read = 0;
  for (let n; read < buffer.length && (n = readSync(fd, buffer, read, buffer.length - read, read)) > 0; ) read += n;
  return tar.add(name, size, buffer.subarray(0, read), mtime);
}

/** Adds the file at `path`, of `size` bytes (as stat said). */
async function addPath(tar: TarWriter, name: string, path: string, size: number, mtime: Date): Promise<string> {
  if (size <= SMALL_FILE) return tar.add(name, size, readFileSync(path), mtime);
  const fd = openSync(path, 'r');
  try {
    return await tar.addFile(name, size, fd, mtime);
  } finally {
    closeSync(fd);
  }
}

export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const { stateDir } = options;
  const excluded = [...new Set(options.exclude ?? [])];
  const now = options.now ?? (() => new Date());
  noteSweep(stateDir, sweepScratch(stateDir));
  noteSweep(stateDir, sweepBeside(options.output, 'partial'));
  const scratch = scratchDir(stateDir, 'backup');
  const partial = besidePath(options.output, 'partial');
  const blobFds = excluded.includes('packages') ? new Map<string, number>() : openPresentBlobs(stateDir);
  let snapshot: Database | undefined;
  let live: Database | undefined;
  let out: ArchiveSink | undefined;
  try {
    live = openDatabase(join(stateDir, STATE_DB), { readonly: true });
    const copy = join(scratch, DATABASE_MEMBER);
    // The copy is scratch space: what makes the backup durable is the archive's own sync at the
    // end, so VACUUM INTO (which takes this connection's setting) skips syncing the copy.
    live.pragma('synchronous = OFF');
    live.prepare('VACUUM INTO ?').run(copy);
    // VACUUM INTO writes a file in rollback-journal mode, which the archive keeps.
    snapshot = openDatabase(copy, { scratch: true });

    const file = await ArchiveFile.create(partial, 0o600);
    out = options.gzip ? new GzipSink(file) : file;
    // The phase and count stand while the bytes move: reported as members end, and as the
    // writer sends each piece in between (a large member is many pieces).
    let at: Pick<BackupProgress, 'phase' | 'items'> = { phase: 'repositories', items: 0 };
    const report = options.progress;
    const tar: TarWriter = new TarWriter(out, report && (() => report({ ...at, bytes: tar.bytes })));
    const members: Record<string, string> = Object.create(null) as Record<string, string>;
    const progress = (phase: BackupProgress['phase'], items: number): void => {
      at = { phase, items };
      report?.({ phase, items, bytes: tar.bytes });
    };
    const mtime = now();

    const storages = storageDirs(snapshot, stateDir);
    const repositories: ManifestRepository[] = [];
    let deletedDuring = 0;
    if (!excluded.includes('repositories')) {
      const repos = stateRepositories(snapshot, stateDir);
      for (const repo of repos) {
        const archived = await archiveRepository(tar, members, repo, live, stateDir, mtime);
        if (archived === 'deleted') {
          deleteContainer(snapshot, repo.kind, repo.id);
          deletedDuring++;
          continue;
        }
        repositories.push({ kind: repo.kind, id: repo.id, storage: repo.storage, path: repo.path });
        progress('repositories', repositories.length);
      }
    }

    // Contents held in the database came with its copy; with packages excluded they leave it,
    // as the files do (the file rows stay: the manifest says the bytes are not in this archive).
    let blobs = 0;
    if (excluded.includes('packages')) dropHeldBlobs(snapshot);
    else {
      blobs = heldBlobCount(snapshot);
      at = { phase: 'packages', items: blobs };
      for (const sha of referencedBlobs(snapshot)) {
        const name = `blobs/sha256/${sha.slice(0, 2)}/${sha.slice(2, 4)}/${sha}`;
        let fd = blobFds.get(sha);
        if (fd === undefined) {
          try {
            fd = openSync(join(stateDir, name), 'r');
            blobFds.set(sha, fd);
          } catch {
            // Gone from the state: deleted while the backup ran (its rows are gone too by now),
            // or lost before it began, which doctor reports with the rows that name it.
            throw new BackupError(`the state has no bytes for package file content ${sha.slice(0, 12)}, which its database names: if it was deleted while the backup ran, run the backup again; hostctl doctor names the rows that lost it`);
          }
        }
        const size = fstatSync(fd).size;
        members[name] = await addFd(tar, name, fd, size, mtime);
        blobs++;
        progress('packages', blobs);
      }
    }

    const others = otherStateFiles(stateDir);
    at = { phase: 'files', items: 0 };
    for (const rel of others) {
      const abs = join(stateDir, rel);
      let size: number;
      try {
        size = statSync(abs).size;
      } catch {
        continue;
      }
      members[`files/${rel}`] = await addPath(tar, `files/${rel}`, abs, size, mtime);
    }
    progress('files', others.length);

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      hostctl_version: options.version,
      created_at: mtime.toISOString(),
      schema_version: snapshot.pragma('user_version', { simple: true }) as number,
      tier: String(settingValue(snapshot, 'tier') ?? 'ultimate'),
      offering: String(settingValue(snapshot, 'offering') ?? 'all'),
      storages: Object.fromEntries(Object.keys(storages).map((name) => [name, String((settingValue(snapshot!, 'storages') as Record<string, string> | undefined)?.[name] ?? `storages/${name}`)])),
      excluded,
      counts: countRows(snapshot),
      repositories,
      members,
    };
    // Deleted containers' rows went from the copy above; with packages excluded the copy keeps
    // its file rows (the manifest says the bytes are not in this archive).
    snapshot.close();
    snapshot = undefined;
    at = { phase: 'database', items: 0 };
    members[DATABASE_MEMBER] = await addPath(tar, DATABASE_MEMBER, copy, statSync(copy).size, mtime);
    progress('database', 1);
    const manifestText = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
    await tar.add(MANIFEST_NAME, manifestText.length, manifestText, mtime);
    await tar.finish();
    // Written whole and synced before the archive takes its name.
    await out.end();
    renameSync(partial, options.output);
    progress('done', Object.keys(members).length);
    return {
      output: options.output,
      bytes: statSync(options.output).size,
      members: Object.keys(members).length + 1,
      repositories: repositories.length,
      blobs,
      counts: manifest.counts,
      excluded,
      deletedDuring,
    };
  } catch (error) {
    await out?.abort();
    // The backup's own error is the one to report; what cannot be removed, the next backup to
    // this name removes.
    removePaths([partial]);
    throw error;
  } finally {
    for (const fd of blobFds.values()) closeSync(fd);
    snapshot?.close();
    live?.close();
    // A complete archive stays complete if its scratch cannot go: the next backup sweeps it.
    removePaths([scratch]);
  }
}

/** Removes the package bytes a database copy holds, and the pages that held them. */
function dropHeldBlobs(db: Database): void {
  if (holdsBlobs(db) && db.prepare('DELETE FROM package_blobs').run().changes > 0) db.exec('VACUUM');
}

/** Removes a container deleted since the copy was made (foreign keys cascade as the live delete did). */
function deleteContainer(db: Database, kind: ManifestRepository['kind'], id: number): void {
  const table = kind === 'snippet' ? 'snippets' : kind === 'group_wiki' ? 'namespaces' : 'projects';
  db.prepare(`DELETE FROM ${table} WHERE id = ?`).run(id);
}

/**
 * Archives one repository; when its files vanish mid-way (a storage move finished, a repack, or
 * the container was deleted) it looks the container up again and starts over, a few times.
 */
async function archiveRepository(
  tar: TarWriter,
  members: Record<string, string>,
  repo: { kind: ManifestRepository['kind']; id: number; storage: string; path: string; abs: string },
  live: Database,
  stateDir: string,
  mtime: Date,
): Promise<'ok' | 'deleted'> {
  let abs = repo.abs;
  for (let attempt = 0; ; attempt++) {
    const written: string[] = [];
    try {
      const files = listRepositoryFiles(abs);
      const prefix = `repositories/${repo.storage}/${repo.path}`;
      for (const f of files) {
        const name = `${prefix}/${f.path}`;
        members[name] = await (f.data ? tar.add(name, f.size, f.data, mtime) : addPath(tar, name, f.abs, f.size, mtime));
        written.push(name);
      }
      return 'ok';
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 3) throw error;
      // Members already written by this attempt stay in the archive but no longer count: the
      // manifest lists what does, and restore takes the last member of a name.
      for (const name of written) delete members[name];
      const now = containerRows(live).find((c) => c.kind === repo.kind && c.id === repo.id);
      if (!now) return 'deleted';
      const base = storageDirs(live, stateDir)[now.storage];
      if (base === undefined) throw error;
      abs = join(base, repositoryPath(repo.kind, repo.id));
    }
  }
}

