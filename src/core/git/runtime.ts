// What the repositories of one core share while it runs: the pool of object readers, a ref
// reader per repository, and the sets of commits reachable from recent branch tips (ancestry
// never changes, so a set computed for a commit id stays true; a walk from a newer tip stops at
// an older tip whose set is known). Closed with the core.
import { CatFilePool, type CatFilePoolOptions } from './cat-file.js';
import { RefReader } from './refs.js';
import type { CommitObject } from './objects.js';

/** Histories longer than this are walked by git itself instead of through the reader. */
const MAX_WALK = 200_000;
/** Reachable sets kept at once (over all repositories). */
const MAX_SETS = 8;

function parentsOf(data: Buffer): string[] {
  const out: string[] = [];
  // Header lines: `tree <id>`, then `parent <id>` lines, then the rest.
  let pos = data.indexOf(10) + 1;
  while (pos > 0 && data[pos] === 0x70 && data.toString('latin1', pos, pos + 7) === 'parent ') {
    out.push(data.toString('latin1', pos + 7, pos + 47));
    pos = data.indexOf(10, pos) + 1;
  }
  return out;
}

/** Parsed commits kept at once (over all repositories). */
const MAX_COMMITS = 4096;
/** Commit ids remembered at once (over all repositories). */
const MAX_COMMIT_IDS = 65_536;

export class GitRuntime {
  readonly objects: CatFilePool;
  private readonly refReaders = new Map<string, RefReader>();
  private readonly reach = new Map<string, Set<string>>();
  /**
   * Parsed commits by repository and id. An object never changes under its id, so a branch
   * page shows its tips' commits without asking the object reader again; a repository that is
   * removed or replaced forgets its own.
   */
  private commitCache = new Map<string, Readonly<CommitObject>>();

  /**
   * Object ids known to be commits of a repository (read or written through this runtime), so
   * that a ref naming one resolves without asking git; an id's type never changes.
   */
  private commitIds = new Set<string>();

  rememberCommitId(gitDir: string, id: string): void {
    if (this.commitIds.size >= MAX_COMMIT_IDS) this.commitIds = new Set();
    this.commitIds.add(`${gitDir}\0${id}`);
  }

  isKnownCommit(gitDir: string, id: string): boolean {
    return this.commitIds.has(`${gitDir}\0${id}`) || this.commitCache.has(`${gitDir}\0${id}`);
  }

  cachedCommit(gitDir: string, id: string): Readonly<CommitObject> | undefined {
    return this.commitCache.get(`${gitDir}\0${id}`);
  }

  rememberCommit(gitDir: string, commit: CommitObject): Readonly<CommitObject> {
    if (this.commitCache.size >= MAX_COMMITS) this.commitCache = new Map();
    Object.freeze(commit.parentIds);
    Object.freeze(commit.author);
    Object.freeze(commit.committer);
    const frozen = Object.freeze(commit);
    this.commitCache.set(`${gitDir}\0${commit.id}`, frozen);
    this.rememberCommitId(gitDir, commit.id);
    return frozen;
  }

  constructor(options: CatFilePoolOptions = {}) {
    this.objects = new CatFilePool(options);
  }

  refs(gitDir: string): RefReader {
    let reader = this.refReaders.get(gitDir);
    if (!reader) {
      if (this.refReaders.size >= 256) this.refReaders.clear();
      reader = new RefReader(gitDir);
      this.refReaders.set(gitDir, reader);
    }
    return reader;
  }

  /** Forgets a repository that is being removed or replaced. */
  release(gitDir: string): void {
    this.objects.release(gitDir);
    this.refReaders.delete(gitDir);
    for (const key of [...this.reach.keys()]) if (key.startsWith(`${gitDir}\0`)) this.reach.delete(key);
    for (const key of [...this.commitCache.keys()]) if (key.startsWith(`${gitDir}\0`)) this.commitCache.delete(key);
    for (const key of [...this.commitIds]) if (key.startsWith(`${gitDir}\0`)) this.commitIds.delete(key);
  }

  /** Every commit reachable from `head` (itself included), or null when the history is too long to walk here. */
  async reachable(gitDir: string, head: string): Promise<Set<string> | null> {
    const key = `${gitDir}\0${head}`;
    const known = this.reach.get(key);
    if (known) {
      this.reach.delete(key);
      this.reach.set(key, known);
      return known;
    }
    const seen = new Set<string>([head]);
    let frontier = [head];
    while (frontier.length > 0) {
      const objects = await Promise.all(frontier.map((id) => this.objects.read(gitDir, id)));
      const next: string[] = [];
      for (let i = 0; i < frontier.length; i++) {
        const id = frontier[i] as string;
        const cached = id === head ? undefined : this.reach.get(`${gitDir}\0${id}`);
        if (cached) {
          for (const c of cached) seen.add(c);
          continue;
        }
        const obj = objects[i];
        if (!obj || obj.type !== 'commit') continue;
        for (const p of parentsOf(obj.data)) {
          if (seen.has(p)) continue;
          seen.add(p);
          next.push(p);
        }
      }
      if (seen.size > MAX_WALK) return null;
      frontier = next;
    }
    this.reach.set(key, seen);
    while (this.reach.size > MAX_SETS) this.reach.delete(this.reach.keys().next().value as string);
    return seen;
  }

  close(): void {
    this.objects.close();
    this.refReaders.clear();
    this.reach.clear();
    this.commitIds.clear();
  }
}

let shared: GitRuntime | null = null;

/** For repositories opened outside a core (tools and tests); made on first use. */
export const sharedRuntime = (): GitRuntime => (shared ??= new GitRuntime());
