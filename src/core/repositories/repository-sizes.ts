// The bytes each repository holds on disk, kept in `repository_sizes` (migration 46) as the
// platform keeps ProjectStatistics: measured by walking the directory once, then read from the
// row until a write to the repository forgets it. Every write reaches `forgetRepositorySize`
// through the repository store's one write hook (RepositoryStore's listener, called by
// RepositoryBase.writing) BEFORE it touches the files, once it is registered as a writer
// (git/recovery.ts), in whichever process writes: a process killed in the middle of a write has
// already forgotten what was kept, and a reader that starts after it finds the row empty.
//
// A reader may measure while a write is under way (in this process or another). So a reader
// first claims the rows it will measure (`claim`, in one transaction), then looks whether a write
// may be under way there (a write of this process running, or another live process's writer
// record: git/recovery.ts's writeUnderWay), walks, and stores each size only where its claim
// still stands and no write was under way. A write that starts after the claim clears it (the
// row holds something), so its half-written state is never stored; one that started before has
// its record there, and a killed writer's record (its process gone) no longer stops anything, as
// it writes nothing more. Nothing is written after a write, so a busy database can never turn a
// write that happened into an error, and a killed writer leaves nothing to do. A write checks the
// row first and writes only when there is something to clear: a run of commits to a repository
// nobody measures costs one read each, not a transaction.
import { readdirSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { RepositoryStore, type RepositoryKind } from '../git/store.js';
import type { CoreState } from '../state.js';
import { isReadOnlyState, type Database } from '../db/connection.js';
import { WRITERS_DIR, writeUnderWay } from '../git/recovery.js';
import { namesIn } from '../fs/names-in.js';

/** One repository to measure: its container, the storage it is on and its directory. */
export interface SizedRepository {
  kind: RepositoryKind;
  id: number;
  storage: string;
  path: string;
}

/**
 * Directories walked to measure a repository (tests read it to see a stored size was used), and
 * a test hook called after each walk, before the size is stored (a write landing just then).
 */
export const sizeWalks: { count: number; walked?: (path: string) => void } = { count: 0 };

/** Bytes of the files below a directory (0 when it does not exist). */
export function directorySize(dir: string): number {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  return entriesSize(dir, entries);
}

/** Bytes of the files at and below `entries`, as read from `dir`. */
function entriesSize(dir: string, entries: readonly Dirent[]): number {
  let total = 0;
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) total += directorySize(path);
    else if (e.isFile()) total += statSync(path).size;
  }
  return total;
}

/**
 * A repository's size, and whether no write may be under way there as the walk starts (see the
 * file's comment): the writer records are read first, by the walk's own look at their directory,
 * so telling costs no extra look at the disk.
 */
function measureSettled(repo: string): { bytes: number; settled: boolean } {
  let entries;
  try {
    entries = readdirSync(repo, { withFileTypes: true });
  } catch {
    return { bytes: 0, settled: !writeUnderWay(repo, []) };
  }
  const records = entries.find((e) => e.name === WRITERS_DIR && e.isDirectory());
  let bytes = 0;
  // Gone since it was listed: nobody's record.
  const names = records ? namesIn(join(repo, WRITERS_DIR)) : [];
  for (const name of names) bytes += statSync(join(repo, WRITERS_DIR, name), { throwIfNoEntry: false })?.size ?? 0;
  const settled = !writeUnderWay(repo, names);
  bytes += entriesSize(repo, records ? entries.filter((e) => e !== records) : entries);
  return { bytes, settled };
}

export const KEY = 'kind = ? AND container_id = ? AND storage = ?';

/** SQL that holds when the container of kind `kind` and id `id` (SQL expressions) is on storage `storage` now. */
export const onStorageNow = (kind: string, id: string, storage: string): string => `CASE ${kind}
  WHEN 'project' THEN EXISTS (SELECT 1 FROM projects c WHERE c.id = ${id} AND c.repository_storage = ${storage})
  WHEN 'project_wiki' THEN EXISTS (SELECT 1 FROM projects c WHERE c.id = ${id} AND c.repository_storage = ${storage})
  WHEN 'snippet' THEN EXISTS (SELECT 1 FROM snippets c WHERE c.id = ${id} AND c.repository_storage = ${storage})
  WHEN 'group_wiki' THEN EXISTS (SELECT 1 FROM namespaces c WHERE c.id = ${id} AND c.kind = 'group' AND c.repository_storage = ${storage})
  ELSE 0 END`;

/**
 * Holds when the container of kind `@kind` and id `@id` is on storage `@storage` now. A claim
 * inserts a missing row only then: a reader that read a container before it was deleted or moved
 * must not put back the row its delete or move removed (migration 49).
 */
export const ON_STORAGE_NOW = onStorageNow('@kind', '@id', '@storage');

/** What a write forgets: the size and the commit count (src/core/repositories/commit-counts.ts), and their claims. */
const FORGET = 'bytes = NULL, claim = NULL, commit_count = NULL, count_claim = NULL';

/**
 * The write hook, before a write: forgets the size and count of the repository at `relative` in
 * `storage`. A database that stays busy throws here, before anything was written.
 */
export function forgetRepositorySize(core: CoreState, storage: string, relative: string): void {
  const container = RepositoryStore.containerOf(relative);
  if (!container || isReadOnlyState(core.db)) return;
  const key = [container.kind, container.id, storage];
  const row = core.db.prepare(`SELECT bytes, claim, commit_count, count_claim FROM repository_sizes WHERE ${KEY}`).get(...key) as
    | { bytes: number | null; claim: string | null; commit_count: number | null; count_claim: string | null }
    | undefined;
  // No row: no reader has claimed it yet, and one that does will measure after this write.
  if (!row || (row.bytes === null && row.claim === null && row.commit_count === null && row.count_claim === null)) return;
  core.tx(() => core.db.prepare(`UPDATE repository_sizes SET ${FORGET} WHERE ${KEY}`).run(...key));
}

/**
 * The write hook after a write that no writer record covered (a directory created or replaced
 * whole): forgets again what a reader may have stored since the write started. It never
 * throws: the write is done, and a failure here only leaves the figure a reader measured in the
 * moment between the hook before and the rename (see docs/architecture.md).
 */
export function forgetAfterWrite(core: CoreState, storage: string, relative: string): void {
  try {
    forgetRepositorySize(core, storage, relative);
  } catch {
    // A busy database: the write it follows has happened, and must not be reported failed.
  }
}

/**
 * The same for a process that holds only the database (doctor --fix removing a killed writer's
 * locks): the row is cleared outright. A state from before sizes (or counts) were kept has nothing to clear;
 * a connection opened read-only (doctor's own) cannot, and the repository's next write will.
 */
export function forgetStoredSize(db: Database, storage: string, relative: string): void {
  const container = RepositoryStore.containerOf(relative);
  if (!container || isReadOnlyState(db)) return;
  try {
    db.prepare(`UPDATE repository_sizes SET ${FORGET} WHERE ${KEY}`).run(container.kind, container.id, storage);
  } catch (error) {
    if (!/no such (table|column)/.test(String(error))) throw error;
  }
}

/**
 * Forgets every size and count kept under storage names that now name another directory or none
 * (the instance's storage list rewritten): a row is keyed by the storage's name, and what it
 * measured was the directory the name named then. Rows are emptied, not deleted: every project
 * keeps its rows (migration 47).
 */
export function forgetStorages(db: Database, names: readonly string[]): void {
  if (names.length === 0) return;
  db.prepare(`UPDATE repository_sizes SET ${FORGET} WHERE storage IN (SELECT value FROM json_each(?))`).run(JSON.stringify(names));
}

/**
 * Forgets every size and count (a restored state's repositories may be newer than its database).
 * Only rows that hold something are written: every project has its rows, most of them empty, and
 * rewriting 20,000 empty rows (and their index entries) was a sixth of a restore of 10,000
 * projects.
 */
export function forgetAllSizes(db: Database): void {
  try {
    db.prepare(`UPDATE repository_sizes SET ${FORGET} WHERE bytes IS NOT NULL OR claim IS NOT NULL OR commit_count IS NOT NULL OR count_claim IS NOT NULL`).run();
  } catch (error) {
    // A state from before counts were kept: its sizes only (migration 47 adds the rest, empty).
    if (!/no such column/.test(String(error))) throw error;
    db.prepare('UPDATE repository_sizes SET bytes = NULL, claim = NULL WHERE bytes IS NOT NULL OR claim IS NOT NULL').run();
  }
}

const keyOf = (kind: string, id: number, storage: string): string => `${kind}\0${id}\0${storage}`;

let claims = 0;

/** A claim no other reader (in this process or another) holds. */
export const newClaim = (): string => `${process.pid}-${Date.now().toString(36)}-${(claims++).toString(36)}`;

/** A failed write of a size or count (a busy or read-only database) only means it is measured again next time. */
export function tryWrite(core: CoreState, fn: () => void): boolean {
  try {
    core.tx(fn);
    return true;
  } catch {
    return false;
  }
}

/**
 * The size of each repository (in the order given): stored ones read in one query, the others
 * measured and stored.
 */
export function repositorySizes(core: CoreState, repos: readonly SizedRepository[]): number[] {
  if (repos.length === 0) return [];
  const known = new Map<string, number>();
  const rows = core.db
    .prepare(
      `SELECT s.kind, s.container_id AS id, s.storage, s.bytes FROM json_each(?) j JOIN repository_sizes s
       ON s.kind = json_extract(j.value, '$[0]') AND s.container_id = json_extract(j.value, '$[1]') AND s.storage = json_extract(j.value, '$[2]')
       WHERE s.bytes IS NOT NULL`,
    )
    .all(JSON.stringify(repos.map((r) => [r.kind, r.id, r.storage]))) as { kind: string; id: number; storage: string; bytes: number }[];
  for (const r of rows) known.set(keyOf(r.kind, r.id, r.storage), r.bytes);
  const missing = repos.filter((r) => !known.has(keyOf(r.kind, r.id, r.storage)));
  if (missing.length > 0) measure(core, missing, known);
  return repos.map((r) => known.get(keyOf(r.kind, r.id, r.storage)) as number);
}

/** Measures repositories, storing each size where no write came between the claim and the store. */
function measure(core: CoreState, repos: readonly SizedRepository[], into: Map<string, number>): void {
  const claim = newClaim();
  const claimed =
    !isReadOnlyState(core.db) &&
    tryWrite(core, () => {
      const put = core.db.prepare(
        `INSERT INTO repository_sizes (kind, container_id, storage, bytes, claim) SELECT @kind, @id, @storage, NULL, @claim WHERE ${ON_STORAGE_NOW}
         ON CONFLICT (kind, container_id, storage) DO UPDATE SET claim = excluded.claim WHERE bytes IS NULL`,
      );
      for (const r of repos) put.run({ kind: r.kind, id: r.id, storage: r.storage, claim });
    });
  // Each walk looks whether a write may be under way after the claim: a write starting later
  // clears it (see the file's comment).
  const settled: boolean[] = [];
  const sizes = repos.map((r) => {
    sizeWalks.count++;
    const measured = measureSettled(r.path);
    settled.push(measured.settled);
    sizeWalks.walked?.(r.path);
    return measured.bytes;
  });
  repos.forEach((r, i) => into.set(keyOf(r.kind, r.id, r.storage), sizes[i] as number));
  if (!claimed) return;
  tryWrite(core, () => {
    const store = core.db.prepare(`UPDATE repository_sizes SET bytes = ?, claim = NULL WHERE ${KEY} AND claim = ?`);
    repos.forEach((r, i) => {
      if (settled[i]) store.run(sizes[i], r.kind, r.id, r.storage, claim);
    });
  });
}
