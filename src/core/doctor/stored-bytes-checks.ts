// The rows of a state that name bytes kept outside the database (package files under
// `blobs/sha256/`, repositories under the storages) against those bytes. One set of checks for
// two places: `hostctl doctor` looks at a live state's files, `hostctl restore` (and `--check`)
// at an archive's members before anything is kept, so an archive whose database names bytes it
// does not hold is refused instead of restoring into a state doctor would fail.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/connection.js';
import type { RepositoryKind } from '../backup/manifest.js';
import { containerRows, forEachBlobFile, holdsBlobs, repositoryPath, storageDirs } from '../backup/state-contents.js';
import { count, fail, ok, warn, type CheckResult } from '../../shared/health-check.js';

/** What is known of a package content stored as a file (its name is its SHA-256). */
export interface StoredBlob {
  size: number;
  /** SHA-256 of the bytes, where it is known without reading them (an archive's manifest). */
  sha256?: string;
}

/** Package contents stored as files, by the SHA-256 their name gives. */
export type StoredBlobs = ReadonlyMap<string, StoredBlob>;

/** Where repositories are: which storages can be looked in, and whether one holds a repository. */
export interface StoredRepositories {
  storages: ReadonlySet<string>;
  /** Whether `path` (e.g. `@projects/5.git`) in `storage` is a repository (has its HEAD). */
  has(storage: string, path: string): boolean;
}

/** The blob files of a live state (`<state>/blobs/sha256/aa/bb/<sha>`), with their sizes. */
export function liveBlobFiles(stateDir: string): Map<string, StoredBlob> {
  const out = new Map<string, StoredBlob>();
  forEachBlobFile(stateDir, (sha, path) => {
    try {
      out.set(sha, { size: statSync(path).size });
    } catch {
      // removed since it was listed: as if never there
    }
  });
  return out;
}

/** The repositories of a live state, in the storages its settings configure. */
export function liveRepositories(db: Database, stateDir: string): StoredRepositories {
  const dirs = storageDirs(db, stateDir);
  return {
    storages: new Set(Object.keys(dirs)),
    has: (storage, path) => dirs[storage] !== undefined && existsSync(join(dirs[storage], path, 'HEAD')),
  };
}

/** Contents a message names, with their rows. */
const SHOWN = 3;

interface ContentRow {
  sha: string;
  size: number;
}

/** A content's file rows in words, for a message that says which rows lose their bytes. */
function rowsOf(db: Database, sha: string): string {
  const rows = db
    .prepare(
      `SELECT f.id, f.file_name AS file, p.name, p.version, n.full_path || '/' || pr.path AS project
       FROM package_files f JOIN packages p ON p.id = f.package_id JOIN projects pr ON pr.id = p.project_id JOIN namespaces n ON n.id = pr.namespace_id
       WHERE f.file_sha256 = ? ORDER BY f.id LIMIT 2`,
    )
    .all(sha) as { id: number; file: string; name: string; version: string | null; project: string }[];
  const total = (db.prepare('SELECT count(*) AS n FROM package_files WHERE file_sha256 = ?').get(sha) as { n: number }).n;
  const first = rows[0];
  if (!first) return 'no file row';
  const more = total > 1 ? ` and ${count(total - 1, 'more file row')}` : '';
  return `package file ${first.id} ${first.file} of ${first.name}${first.version === null ? '' : ` ${first.version}`} in ${first.project}${more}`;
}

/**
 * Every content a file row names is stored: held in the database (small ones, at the size the
 * rows give and, with `hashHeld`, with the SHA-256 they are stored under) or as a blob file, at
 * the size the rows give and, where the store knows it, with the SHA-256 the rows give; and no
 * stored content is left that no row names.
 */
export function packageBytesChecks(db: Database, blobs: StoredBlobs, options: { hashHeld: boolean }): CheckResult[] {
  const held = holdsBlobs(db);
  // The contents kept as files: those the database does not hold. One row per size the rows give.
  const inFiles = db
    .prepare(
      held
        ? 'SELECT DISTINCT file_sha256 AS sha, size FROM package_files f WHERE NOT EXISTS (SELECT 1 FROM package_blobs b WHERE b.sha256 = f.file_sha256) ORDER BY file_sha256'
        : 'SELECT DISTINCT file_sha256 AS sha, size FROM package_files ORDER BY file_sha256',
    )
    .all() as ContentRow[];
  const bad = new Map<string, string>();
  for (const { sha, size } of inFiles) {
    if (bad.has(sha)) continue;
    const stored = blobs.get(sha);
    if (!stored) bad.set(sha, 'missing');
    else if (stored.size !== size) bad.set(sha, `${stored.size} bytes, the rows say ${size}`);
    else if (stored.sha256 !== undefined && stored.sha256 !== sha) bad.set(sha, 'other bytes, their SHA-256 differs');
  }
  // length() of a BLOB reads its record header, not its bytes.
  if (held) {
    const misfit = db.prepare('SELECT DISTINCT f.file_sha256 AS sha, f.size, length(b.data) AS stored FROM package_files f JOIN package_blobs b ON b.sha256 = f.file_sha256 WHERE length(b.data) <> f.size').all() as (ContentRow & { stored: number })[];
    for (const m of misfit) if (!bad.has(m.sha)) bad.set(m.sha, `${m.stored} bytes, the rows say ${m.size}`);
    // The bytes held in the database against the digest they are stored under (each up to
    // INLINE_MAX, read one at a time): unless a quick check was asked for.
    if (options.hashHeld) {
      const { createHash } = process.getBuiltinModule('node:crypto') as typeof import('node:crypto');
      for (const { sha, data } of db.prepare('SELECT sha256 AS sha, data FROM package_blobs').iterate() as IterableIterator<{ sha: string; data: Buffer }>) {
        if (!bad.has(sha) && createHash('sha256').update(data).digest('hex') !== sha) bad.set(sha, 'other bytes, their SHA-256 differs');
      }
    }
  }
  const named = new Set((db.prepare('SELECT DISTINCT file_sha256 AS sha FROM package_files').all() as { sha: string }[]).map((r) => r.sha));
  const fileCount = new Set(inFiles.map((r) => r.sha)).size;
  const unused = [...blobs.keys()].filter((sha) => !named.has(sha));
  const unusedHeld = held ? (db.prepare('SELECT count(*) AS n FROM package_blobs b WHERE NOT EXISTS (SELECT 1 FROM package_files f WHERE f.file_sha256 = b.sha256)').get() as { n: number }).n : 0;
  // Only the contents the message shows are looked up by row.
  const shown = [...bad].slice(0, SHOWN).map(([sha, what]) => `${sha.slice(0, 12)}: ${what} (${rowsOf(db, sha)})`);
  const more = bad.size > SHOWN ? `; and ${bad.size - SHOWN} more` : '';
  return [
    bad.size
      ? fail('packages.blobs', `${count(bad.size, 'package file content')} without its stored bytes: ${shown.join('; ')}${more}`, 'restore the state from a backup that has them, or delete those package files')
      : ok('packages.blobs', `${named.size} stored package file contents (${named.size - fileCount} in the database), each with its bytes`),
    unused.length + unusedHeld
      ? warn('packages.unused-blobs', `${count(unused.length + unusedHeld, 'stored blob')} no package file names (left alone: doctor never deletes data)`)
      : ok('packages.unused-blobs', 'no unused blobs'),
  ];
}

/** A repository found for a row. */
export interface RowRepository {
  storage: string;
  path: string;
}

/** A project or snippet row without its repository. */
export interface RowWithoutRepository extends RowRepository {
  kind: RepositoryKind;
  id: number;
}

/** A row naming a storage the instance does not have. */
export interface RowOnUnknownStorage {
  kind: RepositoryKind;
  id: number;
  storage: string;
}

/**
 * The rows' repositories, found or not: every project and snippet row has its repository in the
 * storage it names (wikis are made on first use, so a wiki row without one is normal). A row
 * naming a storage the store does not have has no repository that could be opened, and is
 * listed apart (`unknown`).
 */
export function scanRepositoryRows(db: Database, repos: StoredRepositories): { found: RowRepository[]; missing: RowWithoutRepository[]; unknown: RowOnUnknownStorage[] } {
  const found: RowRepository[] = [];
  const missing: RowWithoutRepository[] = [];
  const unknown: RowOnUnknownStorage[] = [];
  for (const c of containerRows(db)) {
    if (!repos.storages.has(c.storage)) {
      // A wiki's row is its project's or group's: that row is named once, as its project.
      if (c.kind !== 'project_wiki') unknown.push({ kind: c.kind, id: c.id, storage: c.storage });
      continue;
    }
    const path = repositoryPath(c.kind, c.id);
    if (repos.has(c.storage, path)) found.push({ storage: c.storage, path });
    // Written out, not spread: a spread per row was most of the scan's time on 10,000 projects.
    else if (c.kind === 'project' || c.kind === 'snippet') missing.push({ kind: c.kind, id: c.id, storage: c.storage, path });
  }
  return { found, missing, unknown };
}

/** `repositories.storages`: every project, group and snippet row names a storage the instance has. */
export function unknownStorageResult(unknown: readonly RowOnUnknownStorage[], storages: ReadonlySet<string>): CheckResult {
  if (unknown.length === 0) return ok('repositories.storages', 'every row names a configured storage');
  const kindOf = (k: RepositoryKind): string => (k === 'group_wiki' ? 'group' : k);
  const named = unknown.slice(0, 3).map((r) => `${kindOf(r.kind)} ${r.id} (${r.storage})`);
  const more = unknown.length > named.length ? ` and ${unknown.length - named.length} more` : '';
  const have = [...storages].sort().join(', ') || 'none';
  return fail('repositories.storages', `${count(unknown.length, 'row')} naming a storage that is not configured: ${named.join(', ')}${more} (configured: ${have})`, 'add the storage where those repositories are (hostctl storages add NAME DIR)');
}

/** `repositories.rows` of a scan: the rows without their repository, the first few named. */
export function repositoryRowsResult(found: number, missing: readonly RowWithoutRepository[]): CheckResult {
  if (missing.length === 0) return ok('repositories.rows', `${count(found, 'repository', 'repositories')}, one for every row`);
  // Only the rows the message names are put in words (a state may have thousands).
  const named = missing.slice(0, 3).map((r) => `${r.kind} ${r.id} (${r.storage}:${r.path})`);
  const more = missing.length > named.length ? ` and ${missing.length - named.length} more` : '';
  return fail('repositories.rows', `${count(missing.length, 'row')} without its repository: ${named.join(', ')}${more}`, 'restore the repositories from a backup');
}

/** `repositories.rows`, and the repositories found (for the checks that read them). */
export function repositoryRowsCheck(db: Database, repos: StoredRepositories): { results: CheckResult[]; found: RowRepository[] } {
  const { found, missing, unknown } = scanRepositoryRows(db, repos);
  return { results: [repositoryRowsResult(found.length, missing), unknownStorageResult(unknown, repos.storages)], found };
}
