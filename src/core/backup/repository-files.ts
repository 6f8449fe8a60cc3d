// The files of a bare repository that make it whole, listed so that a copy is consistent while
// writers go on: references are read into memory first (loose ones, then packed-refs, so a ref
// moving into packed-refs meanwhile is seen in one place or the other), objects are listed
// after, and objects are only ever added — so every object the copied refs reach is copied.
// Lock files, writer records, temporary indexes and quarantine directories are left out.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface RepositoryFile {
  /** Path inside the repository, `/`-separated. */
  path: string;
  size: number;
  /** Bytes read at listing time (references), or read from `abs` when archived (objects). */
  data?: Buffer;
  abs: string;
}

const SKIPPED = /(^|\/)(hostctl-writers|hostctl-index-[^/]*|incoming-[^/]*|tmp_objdir[^/]*)(\/|$)|\.lock$|(^|\/)tmp_[^/]*$/;

function walk(root: string, rel: string, out: string[]): void {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(join(root, rel), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const e of entries) {
    const p = rel ? `${rel}/${e.name}` : e.name;
    if (SKIPPED.test(p)) continue;
    if (e.isDirectory()) walk(root, p, out);
    else if (e.isFile()) out.push(p);
  }
}

function readSmall(root: string, path: string): RepositoryFile | undefined {
  try {
    const data = readFileSync(join(root, path));
    return { path, size: data.length, data, abs: join(root, path) };
  } catch (error) {
    // A loose ref deleted (or packed) after it was listed.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Lists a repository's files (see above); throws ENOENT when the repository itself is gone. */
export function listRepositoryFiles(repo: string): RepositoryFile[] {
  statSync(join(repo, 'HEAD'));
  const refs: string[] = [];
  walk(repo, 'refs', refs);
  const out: RepositoryFile[] = [];
  for (const path of ['HEAD', 'config', ...refs, 'packed-refs']) {
    const file = readSmall(repo, path);
    if (file) out.push(file);
  }
  const objects: string[] = [];
  walk(repo, 'objects', objects);
  for (const path of objects) {
    try {
      out.push({ path, size: statSync(join(repo, path)).size, abs: join(repo, path) });
    } catch (error) {
      // Removed by a repack between listing and stat: the caller copies the repository again.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const gone = new Error(`${path} vanished`) as NodeJS.ErrnoException;
      gone.code = 'ENOENT';
      throw gone;
    }
  }
  return out;
}
