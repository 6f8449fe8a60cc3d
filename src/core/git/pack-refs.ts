// Packing a repository's loose refs into `packed-refs` in this process, the way `git pack-refs
// --all` does it, so that the housekeeping after a batch of ref writes starts no git process
// (starting one stops this process's event loop while it forks, longer the more memory the
// process holds, and its work competes for the same cores as the requests).
//
// The steps and locks are git's, so git processes writing refs at the same time stay safe:
// 1. take `packed-refs.lock` (created exclusively; someone else holding it: skip this time);
// 2. read `packed-refs` under that lock, and every loose ref under `refs/`;
// 3. write the merged, sorted list to the lock file and rename it over `packed-refs`;
// 4. delete each loose ref that was packed, under its own lock and only while it still holds the
//    value that was packed (a ref moved meanwhile stays loose, and a loose ref wins over its
//    packed value), then remove the directories that were left empty.
// A reader therefore finds every ref at every moment: loose (as before), or packed with the same
// value once its loose file is gone.
//
// Peeled values (`^` lines) that the file already holds are kept for the refs whose value did
// not change; the header claims no peeling, so git peels the others itself when it needs to
// (it honours every `^` line whatever the header says). Anything this does not handle as git
// would — a symbolic or unreadable loose ref, a name git would refuse, a line of `packed-refs`
// it cannot read — leaves everything as it was and answers 'fallback' (git packs instead).
//
// Only a small batch is packed here: each loose ref costs three journaled file operations (its
// lock made, the ref and the lock removed), which a loaded disk makes slow, and this thread
// would wait for all of them (about 1 ms a ref at 30,000 refs on the loaded 2-core machine).
// A larger batch (a repository of many refs packs every few hundred writes) goes to git, whose
// run the request awaits without stopping the event loop.
import { closeSync, fstatSync, futimesSync, openSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { refNameOrder } from './refs.js';

/** 'packed': done (or nothing to pack); 'busy': another writer holds packed-refs.lock; 'fallback': leave it to git. */
export type PackOutcome = 'packed' | 'busy' | 'fallback';

const HEX40 = /^[0-9a-f]{40}$/;
/** What git never allows in a ref name (and would break a `packed-refs` line). */
const BAD_NAME = /[\x00-\x20\x7f~^:?*[\\]|\.\.|@\{|\/\/|\/\.|\.lock(\/|$)|\/$/;
/** Per-worktree refs, which git never packs. */
const PER_WORKTREE = ['refs/bisect/', 'refs/worktree/', 'refs/rewritten/'];

class Unusual extends Error {}

interface Packed {
  sha: string;
  peeled?: string;
}

/** More loose refs than this: left to git (see the top of this file). */
export const MAX_LOOSE_IN_PROCESS = 64;

class TooMany extends Error {}

/** Every loose ref under `rel` (a directory of the repository): name → value. */
function looseRefs(gitDir: string, rel: string, out: Map<string, string>): void {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(join(gitDir, rel), { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const name = `${rel}/${e.name}`;
    if (e.name.endsWith('.lock')) continue;
    if (e.isDirectory()) {
      looseRefs(gitDir, name, out);
      continue;
    }
    if (PER_WORKTREE.some((p) => name.startsWith(p))) continue;
    if (!e.isFile() || e.name.startsWith('.') || BAD_NAME.test(name)) throw new Unusual(name);
    let content: string;
    try {
      content = readFileSync(join(gitDir, name), 'latin1').trim();
    } catch {
      // Deleted since the listing: not a ref any more.
      continue;
    }
    if (!HEX40.test(content)) throw new Unusual(name);
    out.set(name, content);
    if (out.size > MAX_LOOSE_IN_PROCESS) throw new TooMany();
  }
}

/** The refs of a `packed-refs` file with their peeled values. */
function parsePacked(raw: string): Map<string, Packed> {
  const refs = new Map<string, Packed>();
  let last: Packed | undefined;
  for (const line of raw.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      if (refs.size > 0) throw new Unusual('packed-refs');
      continue;
    }
    if (line.startsWith('^')) {
      const peeled = line.slice(1);
      if (!last || !HEX40.test(peeled)) throw new Unusual('packed-refs');
      last.peeled = peeled;
      continue;
    }
    const sha = line.slice(0, 40);
    const name = line.slice(41);
    if (!HEX40.test(sha) || line[40] !== ' ' || name === '') throw new Unusual('packed-refs');
    last = { sha };
    refs.set(name, last);
  }
  return refs;
}

/** Deletes loose ref `name` if it still holds `sha`, under its lock as git does. */
function prune(gitDir: string, name: string, sha: string): boolean {
  const path = join(gitDir, name);
  const lock = `${path}.lock`;
  let fd: number;
  try {
    fd = openSync(lock, 'wx', 0o666);
  } catch {
    // Being written by someone else: it stays loose (its loose value wins).
    return false;
  }
  try {
    if (readFileSync(path, 'latin1').trim() !== sha) return false;
    unlinkSync(path);
    return true;
  } catch {
    return false;
  } finally {
    closeSync(fd);
    try {
      unlinkSync(lock);
    } catch {
      // Already gone.
    }
  }
}

/** Removes the directories below `refs/<kind>/` that pruning left empty, deepest first. */
function removeEmptyDirs(gitDir: string, names: Iterable<string>): void {
  const dirs = new Set<string>();
  for (const name of names) {
    for (let dir = dirname(name); dir.split('/').length > 2; dir = dirname(dir)) dirs.add(dir);
  }
  for (const dir of [...dirs].sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(join(gitDir, dir));
    } catch {
      // Not empty (or already gone): kept.
    }
  }
}

/** Packs every loose ref of `gitDir` (see the top of this file). */
export function packRefs(gitDir: string): PackOutcome {
  const target = join(gitDir, 'packed-refs');
  const lock = `${target}.lock`;
  let fd: number;
  try {
    fd = openSync(lock, 'wx', 0o666);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EEXIST' ? 'busy' : 'fallback';
  }
  let renamed = false;
  let pruneList: [string, string][] = [];
  try {
    const loose = new Map<string, string>();
    looseRefs(gitDir, 'refs', loose);
    if (loose.size === 0) return 'packed';
    let raw = '';
    try {
      raw = readFileSync(target, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return 'fallback';
    }
    const packed = parsePacked(raw);
    for (const [name, sha] of loose) {
      const known = packed.get(name);
      // A peeled value belongs to the value it was computed from.
      if (known?.sha !== sha) packed.set(name, { sha });
    }
    pruneList = [...loose];
    let text = '# pack-refs with: sorted \n';
    for (const name of [...packed.keys()].sort(refNameOrder)) {
      const ref = packed.get(name) as Packed;
      text += `${ref.sha} ${name}\n`;
      if (ref.peeled) text += `^${ref.peeled}\n`;
    }
    writeSync(fd, text);
    // Dated a second back (and never at the replaced file's time): a reader trusts a cached
    // packed-refs only once its time is that far behind, since two files written within one
    // tick of the file system's clock may share a time, size and (reused) inode. Every later
    // file is dated later, so this one is told apart from all others at once and is not read
    // again on each look-up for the next moment, as a file just written would be.
    const backdated = Date.now() / 1000 - 1;
    const replaced = statSync(target, { throwIfNoEntry: false, bigint: true });
    const mtime = replaced && Math.abs(Number(replaced.mtimeNs / 1_000_000n) / 1000 - backdated) < 0.002 ? backdated - 0.01 : backdated;
    futimesSync(fd, fstatSync(fd).atime, mtime);
    closeSync(fd);
    fd = -1;
    renameSync(lock, target);
    renamed = true;
  } catch (error) {
    if (error instanceof Unusual || error instanceof TooMany) return 'fallback';
    throw error;
  } finally {
    if (fd !== -1) closeSync(fd);
    if (!renamed) rmSync(lock, { force: true });
  }
  const pruned: string[] = [];
  for (const [name, sha] of pruneList) if (prune(gitDir, name, sha)) pruned.push(name);
  removeEmptyDirs(gitDir, pruned);
  return 'packed';
}
