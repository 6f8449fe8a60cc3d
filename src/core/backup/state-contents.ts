// What a state directory holds, read from a (snapshot) database: the repositories its rows
// own, the package blobs its file rows name, and the files beside them that no row names.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { storageDirIn } from '../../shared/state-layout.js';
import type { Database } from '../db/connection.js';
import type { ManifestRepository, RepositoryKind } from './manifest.js';
import { namesIn } from '../fs/names-in.js';

export interface StateRepository extends ManifestRepository {
  /** Absolute directory in the source state. */
  abs: string;
}

export function storageDirs(db: Database, stateDir: string): Record<string, string> {
  const row = db.prepare("SELECT value FROM settings WHERE key = 'storages'").get() as { value: string } | undefined;
  const configured = row ? (JSON.parse(row.value) as Record<string, string>) : { default: 'storages/default' };
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, dir] of Object.entries(configured)) out[name] = storageDirIn(stateDir, dir);
  return out;
}

export function settingValue(db: Database, key: string): unknown {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as unknown) : undefined;
}

const PATHS: Record<RepositoryKind, (id: number) => string> = {
  project: (id) => `@projects/${id}.git`,
  project_wiki: (id) => `@projects/${id}.wiki.git`,
  group_wiki: (id) => `@groups/${id}.wiki.git`,
  snippet: (id) => `@snippets/${id}.git`,
};

export const repositoryPath = (kind: RepositoryKind, id: number): string => PATHS[kind](id);

/** The container rows that own repositories, with the storage each row names. */
export function containerRows(db: Database): { kind: RepositoryKind; id: number; storage: string }[] {
  const out: { kind: RepositoryKind; id: number; storage: string }[] = [];
  // Objects written out, not spread from the row: a spread per row cost more than the query.
  for (const { id, storage } of db.prepare('SELECT id, repository_storage AS storage FROM projects ORDER BY id').all() as { id: number; storage: string }[]) {
    out.push({ kind: 'project', id, storage }, { kind: 'project_wiki', id, storage });
  }
  for (const { id, storage } of db.prepare("SELECT id, repository_storage AS storage FROM namespaces WHERE kind = 'group' ORDER BY id").all() as { id: number; storage: string }[]) {
    out.push({ kind: 'group_wiki', id, storage });
  }
  for (const { id, storage } of db.prepare('SELECT id, repository_storage AS storage FROM snippets ORDER BY id').all() as { id: number; storage: string }[]) {
    out.push({ kind: 'snippet', id, storage });
  }
  return out;
}

/**
 * The repositories that exist for the database's rows. Wikis (and the repositories of
 * containers that never got content) are made on first use, so a row without one is normal.
 */
export function stateRepositories(db: Database, stateDir: string): StateRepository[] {
  const dirs = storageDirs(db, stateDir);
  // Each storage's container directories are listed once, so that the many rows without a
  // repository cost a set look-up each, not a file system call.
  const present = new Map<string, Set<string>>();
  const listed = (base: string, path: string): boolean => {
    const slash = path.indexOf('/');
    const key = `${base}\0${path.slice(0, slash)}`;
    let names = present.get(key);
    if (!names) {
      try {
        names = new Set(readdirSync(join(base, path.slice(0, slash))));
      } catch {
        names = new Set();
      }
      present.set(key, names);
    }
    return names.has(path.slice(slash + 1));
  };
  const out: StateRepository[] = [];
  for (const c of containerRows(db)) {
    const base = dirs[c.storage];
    if (base === undefined) continue;
    const path = repositoryPath(c.kind, c.id);
    if (!listed(base, path)) continue;
    const abs = join(base, path);
    if (existsSync(join(abs, 'HEAD'))) out.push({ ...c, path, abs });
  }
  return out;
}

/** Whether the database holds small package bytes itself (migration 041; an older state does not). */
export const holdsBlobs = (db: Database): boolean => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'package_blobs'").get() !== undefined;

/**
 * The contents that file rows name and that are files under `blobs/sha256/`, in order: bytes held
 * in the database (small ones) travel with it.
 */
export const referencedBlobs = (db: Database): string[] =>
  (
    db
      .prepare(
        holdsBlobs(db)
          ? 'SELECT DISTINCT file_sha256 AS sha FROM package_files f WHERE NOT EXISTS (SELECT 1 FROM package_blobs b WHERE b.sha256 = f.file_sha256) ORDER BY file_sha256'
          : 'SELECT DISTINCT file_sha256 AS sha FROM package_files ORDER BY file_sha256',
      )
      .all() as { sha: string }[]
  ).map((r) => r.sha);

/** How many distinct contents the database holds itself. */
export const heldBlobCount = (db: Database): number => (holdsBlobs(db) ? (db.prepare('SELECT count(*) AS n FROM package_blobs').get() as { n: number }).n : 0);

/**
 * Entries of the state directory that are neither the database, storages, blobs nor scratch space.
 * (A running serve's record, serve.json, belongs to that process, not to the state: a backup leaves
 * it out, so a restored copy never points at a server of the original.)
 */
export const OWN_ENTRIES = new Set(['state.db', 'state.db-wal', 'state.db-shm', 'state.db-journal', 'storages', 'blobs', 'tmp', 'serve.json']);

export function otherStateFiles(stateDir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const e of readdirSync(join(stateDir, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (!rel && OWN_ENTRIES.has(e.name)) continue;
      if (e.name.endsWith('.lock') || e.name.startsWith('.tmp') || (!rel && /^serve\.json\.\d+\.tmp$/.test(e.name))) continue;
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push(p);
    }
  };
  walk('');
  return out;
}

export function countRows(db: Database): Record<string, number> {
  const counts: Record<string, number> = {};
  const tables = ['users', 'projects', 'snippets', 'releases', 'packages', 'package_files', 'personal_access_tokens', 'members'];
  for (const t of tables) counts[t] = (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n;
  counts.groups = (db.prepare("SELECT count(*) AS n FROM namespaces WHERE kind = 'group'").get() as { n: number }).n;
  return counts;
}

/**
 * Visits each blob file of a live state (`<state>/blobs/sha256/aa/bb/<sha>`) by its digest and
 * path, until `visit` returns false. A directory that cannot be read counts as empty.
 */
export function forEachBlobFile(stateDir: string, visit: (sha: string, path: string) => boolean | void): void {
  const root = join(stateDir, 'blobs', 'sha256');
  for (const a of namesIn(root))
    for (const b of namesIn(join(root, a)))
      for (const sha of namesIn(join(root, a, b))) if (visit(sha, join(root, a, b, sha)) === false) return;
}
