// Reading refs without running git: the `packed-refs` file and the loose ref files under a
// prefix, merged as git merges them (a loose ref wins over its packed value). What is parsed is
// cached per file or directory and reused while its modification time, size and inode stay the
// same. git replaces ref files by renaming a lock file into place, so any change gives the
// directory (or packed-refs) a new modification time; a listing is only cached once its
// directory has been quiet for a moment, so two changes within one tick of the file system's
// clock are never mistaken for one.
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeSync, type BigIntStats } from 'node:fs';
import { dirname, join } from 'node:path';

const HEX40 = /^[0-9a-f]{40}$/;
/** A listing younger than this (file system time) is read again next time. */
const QUIET_NS = 200_000_000n;

interface Stamp {
  mtime: bigint;
  size: bigint;
  ino: bigint;
}

const stampOf = (st: BigIntStats): Stamp => ({ mtime: st.mtimeNs, size: st.size, ino: st.ino });
const sameStamp = (a: Stamp, b: Stamp): boolean => a.mtime === b.mtime && a.size === b.size && a.ino === b.ino;
const settled = (st: BigIntStats): boolean => BigInt(Date.now()) * 1_000_000n - st.mtimeNs > QUIET_NS;

/** A missing file answers null without an exception (each costs more than the stat). */
function statOrNull(path: string): BigIntStats | null {
  try {
    return statSync(path, { bigint: true, throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

/**
 * The buffer files are read into by `readShared`. A packed-refs file younger than the quiet time
 * is read again on every look-up (a burst of ref writes packs every few dozen writes, so the
 * file is young much of the time): a new buffer of its size each time (hundreds of KiB at a few
 * thousand refs) made hundreds of MiB of garbage in a few seconds of writes, and the process
 * kept the memory the allocator had handed out for it. One buffer, as large as the largest file
 * read, is kept instead (the parsed map of such a file takes more).
 */
let shared = Buffer.alloc(0);

/** The whole file, as a view of the shared buffer, valid until the next call (copy what is kept). */
function readShared(path: string, sizeHint: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    let length = 0;
    for (;;) {
      // Room for the expected size and one byte more, so the read that finds the end needs no growth.
      const want = Math.max(sizeHint + 1, length + 1);
      if (shared.length < want) {
        const grown = Buffer.allocUnsafe(Math.max(want, shared.length * 2, 64 * 1024));
        shared.copy(grown, 0, 0, length);
        shared = grown;
      }
      const n = readSync(fd, shared, length, shared.length - length, null);
      if (n === 0) return shared.subarray(0, length);
      length += n;
    }
  } finally {
    closeSync(fd);
  }
}

/** Code point order, which is the byte order of the UTF-8 names git sorts by. */
export function refNameOrder(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x < 0xd800 && y < 0xd800) return x - y;
    return (a.codePointAt(i) as number) - (b.codePointAt(i) as number);
  }
  return a.length - b.length;
}

/** A file's stamp when it was read; `trusted`: it was already quiet then. */
interface FileStamp extends Stamp {
  trusted: boolean;
}

interface DirCache {
  stamp: Stamp;
  /** Loose refs directly in the directory: full name → file content (trimmed). */
  files: Map<string, string>;
  /** Each loose ref file's stamp when it was read. */
  stamps: Map<string, FileStamp>;
  subdirs: string[];
  /** Quiet long enough for its own stamp to show every later change. */
  trusted: boolean;
}

interface BuiltListing {
  /** The packed refs it was made from (the parsed map itself: a new parse is a new map). */
  packed: Map<string, string>;
  /** The loose refs it was made from: full name → file content. */
  loose: Map<string, string>;
  sorted: [string, string][];
}

/** Loose ref files `get` keeps per repository at most; a full set starts over. */
const LOOSE_FILES_KEPT = 1024;

/** More loose refs changed than this since the last listing: it is made again from all refs. */
const MAX_UPDATES = 256;

/** What an in-process ref write did; `fallback` leaves the case to `git update-ref`. */
export type RefWriteOutcome = 'ok' | 'exists' | 'stale' | 'fallback';

export class RefReader {
  /** `raw`: the bytes parsed, kept while the file is too young for its stamp to be trusted. */
  private packed: { stamp: Stamp; refs: Map<string, string>; raw: Buffer | null; parents?: Set<string> } | null = null;
  private readonly dirs = new Map<string, DirCache>();
  /** Sorted listings, reused while every file they came from is unchanged. */
  private readonly lists = new Map<string, [string, string][]>();
  /** The last listing made per prefix and what it was made from, the base of the next one. */
  private readonly built = new Map<string, BuiltListing>();
  /** Set when a listing had to read something again. */
  private reread = false;
  /** Loose ref files read by `get`, by full name, with their stamps when read. */
  private readonly looseFiles = new Map<string, FileStamp & { content: string }>();

  constructor(readonly gitDir: string) {}

  /** Every ref under `prefix` (e.g. `refs/heads/`) to the object it names, sorted by name. */
  list(prefix: string): [string, string][] {
    this.reread = false;
    const packed = this.packedRefs();
    // Every directory is checked (one stat each); the loose refs are gathered only when the
    // listing has to be made again, so an unchanged listing costs the same at any size.
    const seen: DirCache[] = [];
    this.walk(prefix.replace(/\/$/, ''), seen);
    const cached = this.lists.get(prefix);
    if (cached && !this.reread) return cached;
    const loose = new Map<string, string>();
    for (const dir of seen) for (const [name, content] of dir.files) loose.set(name, content);
    // Symbolic refs may point anywhere: such a listing is never reused, nor updated.
    let symbolic = false;
    for (const c of loose.values()) if (c.startsWith('ref: ')) symbolic = true;
    const last = this.built.get(prefix);
    const sorted = (!symbolic && last?.packed === packed && this.updated(last, loose, packed)) || this.rebuilt(prefix, packed, loose);
    if (symbolic) this.built.delete(prefix);
    else this.built.set(prefix, { packed, loose, sorted });
    if (!this.reread && !symbolic) this.lists.set(prefix, sorted);
    else this.lists.delete(prefix);
    return sorted;
  }

  /** The listing made from every packed and loose ref: merged, then sorted. */
  private rebuilt(prefix: string, packed: Map<string, string>, loose: Map<string, string>): [string, string][] {
    const out = new Map<string, string>();
    for (const [name, target] of packed) if (name.startsWith(prefix)) out.set(name, target);
    for (const [name, content] of loose) {
      const target = this.resolve(content, packed, 0);
      if (target) out.set(name, target);
      else out.delete(name);
    }
    return [...out].sort((a, b) => refNameOrder(a[0], b[0]));
  }

  /**
   * The last listing made, with the loose refs that changed since put in their places (binary
   * search): a write between two listings costs the listing a copy, not a merge and a sort of
   * every ref. Null when so much changed that making it again is cheaper.
   */
  private updated(last: BuiltListing, loose: Map<string, string>, packed: Map<string, string>): [string, string][] | null {
    const changed: string[] = [];
    for (const [name, content] of loose) if (last.loose.get(name) !== content) changed.push(name);
    for (const name of last.loose.keys()) if (!loose.has(name)) changed.push(name);
    if (changed.length > MAX_UPDATES) return null;
    const out = last.sorted.slice();
    for (const name of changed) {
      const content = loose.get(name);
      const target = content !== undefined ? this.resolve(content, packed, 0) : (packed.get(name) ?? null);
      let lo = 0;
      let hi = out.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (refNameOrder((out[mid] as [string, string])[0], name) < 0) lo = mid + 1;
        else hi = mid;
      }
      const here = out[lo]?.[0] === name;
      if (target === null) {
        if (here) out.splice(lo, 1);
      } else if (here) out[lo] = [name, target];
      else out.splice(lo, 0, [name, target]);
    }
    return out;
  }

  /**
   * Moves a branch or tag the way git does with one loose ref: take `<ref>.lock` exclusively, check
   * the current value (loose, else packed) against `expected` (all zeros: must not exist),
   * write, rename into place. Anything unusual (a directory or file in the way, a name that
   * clashes with another ref's hierarchy, a lock held by someone else) is left to git.
   */
  write(name: string, target: string, expected: string): RefWriteOutcome {
    if (!(name.startsWith('refs/heads/') || name.startsWith('refs/tags/')) || !HEX40.test(target) || !HEX40.test(expected)) return 'fallback';
    const path = join(this.gitDir, name);
    const packed = this.packedRefs();
    // Another ref above or below this name: git reports the clash.
    const parts = name.split('/');
    for (let i = 3; i < parts.length; i++) if (packed.has(parts.slice(0, i).join('/'))) return 'fallback';
    if (this.packedParents().has(name)) return 'fallback';
    const lock = `${path}.lock`;
    let fd: number;
    try {
      fd = openSync(lock, 'wx', 0o666);
    } catch (error) {
      // Its directory is made only when missing (the usual name's directory is there).
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return 'fallback';
      try {
        mkdirSync(dirname(path), { recursive: true });
        fd = openSync(lock, 'wx', 0o666);
      } catch {
        return 'fallback';
      }
    }
    let done = false;
    try {
      let current: string | null;
      if (statSync(path, { throwIfNoEntry: false })) {
        current = readFileSync(path, 'latin1').trim();
        if (!HEX40.test(current)) return 'fallback';
      } else {
        // Read again under the lock, as git does: a pack may have run since.
        current = this.packedRefs().get(name) ?? null;
      }
      const zero = /^0{40}$/.test(expected);
      if (zero && current !== null) return 'exists';
      if (!zero && current !== expected) return 'stale';
      writeSync(fd, `${target}\n`);
      closeSync(fd);
      fd = -1;
      renameSync(lock, path);
      done = true;
      return 'ok';
    } catch {
      return 'fallback';
    } finally {
      if (fd !== -1) closeSync(fd);
      if (!done) rmSync(lock, { force: true });
    }
  }

  /**
   * Whether any ref under `prefix` names an object — usually answered by the first packed ref
   * there, so a repository of many refs is not listed (and sorted) to say it is not empty.
   */
  hasAny(prefix: string): boolean {
    for (const name of this.packedRefs().keys()) if (name.startsWith(prefix) && this.get(name) !== null) return true;
    return this.list(prefix).length > 0;
  }

  /** How many refs the packed-refs file holds (0 without one). */
  packedCount(): number {
    return this.packedRefs().size;
  }

  /**
   * Every name that is a directory of some packed ref (`refs/heads/a` for `refs/heads/a/b`),
   * made once per packed-refs file, so that a write checks for refs below its name at once.
   */
  private packedParents(): Set<string> {
    const refs = this.packedRefs();
    if (this.packed?.refs === refs && this.packed.parents) return this.packed.parents;
    const parents = new Set<string>();
    for (const key of refs.keys()) {
      for (let i = key.lastIndexOf('/'); i > 0; i = key.lastIndexOf('/', i - 1)) {
        const dir = key.slice(0, i);
        if (parents.has(dir)) break;
        parents.add(dir);
      }
    }
    if (this.packed?.refs === refs) this.packed.parents = parents;
    return parents;
  }

  /**
   * The object one full ref name points at, or null. A loose ref naming an object answers
   * without a look at `packed-refs` (a loose ref wins over its packed value).
   */
  get(name: string): string | null {
    const content = this.loose(name);
    if (content !== null && HEX40.test(content)) return content;
    const packed = this.packedRefs();
    if (content !== null) return this.resolve(content, packed, 0);
    return packed.get(name) ?? null;
  }

  private resolve(content: string, packed: Map<string, string>, depth: number): string | null {
    if (HEX40.test(content)) return content;
    if (!content.startsWith('ref: ') || depth > 4) return null;
    const target = content.slice(5).trim();
    const next = this.loose(target);
    return next !== null ? this.resolve(next, packed, depth + 1) : (packed.get(target) ?? null);
  }

  /**
   * A loose ref file's content (trimmed), or null when there is none: one stat when the file
   * is the one last read. A ref file is replaced (renamed into place), never rewritten, so a
   * file that was already quiet when read and still has its stamp holds what was read (the
   * rule the directory walk follows); a younger one is read again each time.
   */
  private loose(name: string): string | null {
    const path = join(this.gitDir, name);
    const st = statOrNull(path);
    if (!st?.isFile()) {
      this.looseFiles.delete(name);
      return null;
    }
    const stamp = stampOf(st);
    const known = this.looseFiles.get(name);
    if (known?.trusted && sameStamp(known, stamp)) return known.content;
    let content: string;
    try {
      content = readFileSync(path, 'latin1').trim();
    } catch {
      return null;
    }
    if (this.looseFiles.size >= LOOSE_FILES_KEPT) this.looseFiles.clear();
    this.looseFiles.set(name, Object.assign(stamp, { trusted: settled(st), content }));
    return content;
  }

  /**
   * The packed refs. A file that has been quiet for a moment is trusted while its stamp stays;
   * a younger one is read again each time, but parsed again only when its bytes differ from
   * those last parsed (kept only while the file is young), so the writes that follow a pack
   * do not each parse every packed ref.
   */
  private packedRefs(): Map<string, string> {
    const path = join(this.gitDir, 'packed-refs');
    const st = statOrNull(path);
    if (!st) {
      if (this.packed) this.reread = true;
      this.packed = null;
      return new Map();
    }
    const stamp = stampOf(st);
    const known = this.packed;
    if (known && known.raw === null && sameStamp(known.stamp, stamp)) return known.refs;
    let raw: Buffer;
    try {
      raw = readShared(path, Number(st.size));
    } catch {
      return new Map();
    }
    const quiet = settled(st);
    if (known?.raw && known.raw.equals(raw)) {
      known.stamp = stamp;
      if (quiet) known.raw = null;
      return known.refs;
    }
    const refs = new Map<string, string>();
    for (const line of raw.toString('utf8').split('\n')) {
      if (line.length < 42 || line[0] === '#' || line[0] === '^') continue;
      const sha = line.slice(0, 40);
      if (line[40] === ' ' && HEX40.test(sha)) refs.set(line.slice(41), sha);
    }
    this.packed = { stamp, refs, raw: quiet ? null : Buffer.from(raw) };
    this.reread = true;
    return refs;
  }

  private walk(rel: string, seen: DirCache[]): void {
    const abs = join(this.gitDir, rel);
    const st = statOrNull(abs);
    if (!st || !st.isDirectory()) {
      if (this.dirs.delete(rel)) this.reread = true;
      return;
    }
    const stamp = stampOf(st);
    let cached = this.dirs.get(rel);
    if (!cached || !cached.trusted || !sameStamp(cached.stamp, stamp)) {
      const before = cached?.stamps;
      const files = new Map<string, string>();
      const stamps = new Map<string, FileStamp>();
      const subdirs: string[] = [];
      let entries: import('node:fs').Dirent[] = [];
      try {
        entries = readdirSync(abs, { withFileTypes: true });
      } catch {
        entries = [];
      }
      for (const e of entries) {
        if (e.name.endsWith('.lock') || e.name.startsWith('.')) continue;
        const name = `${rel}/${e.name}`;
        if (e.isDirectory()) subdirs.push(name);
        else if (e.isFile()) {
          // A ref file is replaced (a new file renamed into place), never rewritten: one that
          // was already quiet when it was read (so no later file can share its stamp) and kept
          // its stamp since still holds what was read. Only the others are read again.
          const path = join(this.gitDir, name);
          const fst = statOrNull(path);
          if (!fst) continue;
          const fstamp = stampOf(fst);
          const known = before?.get(name);
          const reuse = known?.trusted && sameStamp(known, fstamp) ? cached?.files.get(name) : undefined;
          if (reuse !== undefined) {
            files.set(name, reuse);
            stamps.set(name, known as FileStamp);
            continue;
          }
          try {
            files.set(name, readFileSync(path, 'latin1').trim());
            stamps.set(name, Object.assign(fstamp, { trusted: settled(fst) }));
          } catch {
            // Deleted between the listing and the read: not there.
          }
        }
      }
      cached = { stamp, files, stamps, subdirs, trusted: settled(st) };
      this.reread = true;
      this.dirs.set(rel, cached);
    }
    seen.push(cached);
    for (const sub of cached.subdirs) this.walk(sub, seen);
  }
}
