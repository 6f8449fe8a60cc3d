// One bare repository on disk. Hot reads start no process: refs are read from the ref files
// (src/core/git/refs.ts) and objects through the core's long-lived `cat-file` reader
// (src/core/git/cat-file.ts); whether branches are merged is answered from cached ancestry.
// Writes never use a work tree: blobs, trees (only the directories that change) and commits are
// stored directly as loose objects (src/core/git/object-writer.ts), and refs move with
// `update-ref` given the value they are expected to have, so a concurrent change is detected
// instead of overwritten. Walks over history (log, counts, diffs) still run git.
import { existsSync, mkdirSync, rmSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GitCommandError, lines, runGit, runGitSync, text, type GitResult, type GitRunOptions } from './exec.js';
import { commitText, parseTree, writeObject, writeTreeChanges } from './object-writer.js';
import { sharedRuntime, type GitRuntime } from './runtime.js';
import { treeLineStats } from './diff-stats.js';
import { parseCommit, parseTag, type CommitObject, type TagObject } from './objects.js';
import { isValidRefComponentPath, ZERO_SHA } from './names.js';
import { guardedWrite, guardedWriteSync } from './recovery.js';
import { isStorageFailure } from '../http/failures.js';

/**
 * A suffix for temporary names beside a repository. Only uniqueness matters (names also carry
 * the process id where processes could collide), so no CSPRNG: loading node:crypto would cost
 * every command that merely opens the core.
 */
let tempSeq = 0;
const uniqueSuffix = (): string => `${Date.now().toString(36)}-${(tempSeq++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export interface BranchRef {
  name: string;
  /** Commit id at the tip. */
  target: string;
}

export interface TagRef {
  name: string;
  /** Object the ref points at: a commit (lightweight tag) or a tag object (annotated). */
  target: string;
  objectType: string;
  /** The commit the tag finally points at, when it points at one. */
  commitId: string | null;
}

export interface TreeEntry {
  mode: string;
  type: string;
  sha: string;
}

export type TreeChange = { path: string; mode: string; sha: string } | { path: string; remove: true };

/** Author or committer of a new commit or tag. */
export interface Signature {
  name: string;
  email: string;
  /** When; written in UTC. */
  time: Date;
}

export interface LogQuery {
  rev: string;
  path?: string;
  since?: string;
  until?: string;
  skip?: number;
  limit?: number;
  firstParent?: boolean;
  /** Every ref instead of `rev`. */
  all?: boolean;
  /** A pattern matched against `Name <email>` of the author (git's --author). */
  author?: string;
  /** Topological order instead of date order. */
  topoOrder?: boolean;
}

export interface DiffStats {
  additions: number;
  deletions: number;
  total: number;
}

/** Why a ref could not be moved. */
export type RefFailure = 'stale' | 'exists' | 'hierarchy' | 'missing' | 'other';

export class RefUpdateError extends Error {
  /**
   * What went wrong, fit to show a caller: the last clause of git's message (the operating
   * system's reason, such as "File name too long"), never the paths on disk it also names.
   */
  readonly publicReason: string;

  constructor(
    readonly ref: string,
    readonly reason: RefFailure,
    detail: string,
  ) {
    super(`could not update ${ref}: ${detail}`);
    const last = detail.split(': ').pop()?.trim() ?? '';
    this.publicReason = last === '' || last.includes('/') ? 'the reference could not be written' : last;
  }
}

/** Ref writes per repository (in this process) since its refs were last packed. */
const looseWrites = new Map<string, number>();
const PACK_REFS_EVERY = 32;

const clean = (s: string): string => s.replace(/[<>\n\r\0]/g, '').trim();

/** GIT_AUTHOR_* / GIT_COMMITTER_* variables; dates come from the caller (the core clock). */
export function identityEnv(author: Signature, committer: Signature): Record<string, string> {
  const date = (d: Date) => `${Math.floor(d.getTime() / 1000)} +0000`;
  return {
    GIT_AUTHOR_NAME: clean(author.name) || clean(author.email) || 'unknown',
    GIT_AUTHOR_EMAIL: clean(author.email),
    GIT_AUTHOR_DATE: date(author.time),
    GIT_COMMITTER_NAME: clean(committer.name) || clean(committer.email) || 'unknown',
    GIT_COMMITTER_EMAIL: clean(committer.email),
    GIT_COMMITTER_DATE: date(committer.time),
  };
}

/**
 * Why a ref write failed, as the caller's problem (RefUpdateError) — unless the disk is at
 * fault (full, read-only, permission denied): that error goes on as it is and answers 5xx.
 */
function refFailure(ref: string, error: unknown): Error {
  if (isStorageFailure(error)) return error as Error;
  const stderr = error instanceof GitCommandError ? error.stderr : String(error);
  let reason: RefFailure = 'other';
  if (/exists; cannot create|cannot process .* and .* at the same time|is a prefix of|unable to resolve reference.*Not a directory|there are still refs under/i.test(stderr)) reason = 'hierarchy';
  else if (/reference already exists/i.test(stderr)) reason = 'exists';
  else if (/but expected|is at .* but expected/i.test(stderr)) reason = 'stale';
  else if (/unable to resolve reference|does not exist|missing/i.test(stderr)) reason = 'missing';
  return new RefUpdateError(ref, reason, stderr.trim().split('\n')[0] ?? '');
}

interface BranchIndex {
  /** Frozen: handed to every caller as it is. */
  list: readonly BranchRef[];
  byName: Map<string, BranchRef>;
}

/** Branch records of a ref listing, made once per listing (listings are reused while unchanged). */
const branchIndexes = new WeakMap<readonly [string, string][], BranchIndex>();
function branchIndex(listing: readonly [string, string][]): BranchIndex {
  let index = branchIndexes.get(listing);
  if (!index) {
    const list = listing.map(([ref, target]) => ({ name: ref.slice('refs/heads/'.length), target }));
    index = { list: Object.freeze(list), byName: new Map(list.map((b) => [b.name, b])) };
    branchIndexes.set(listing, index);
  }
  return index;
}

/** A full object id (SHA-1 or SHA-256), in the lower case git prints. */
const FULL_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** What a tag's target object resolves to. Objects never change, so this is kept per object id. */
interface TagTarget {
  objectType: string;
  commitId: string | null;
  /** The tagger date of an annotated tag, else the commit's date (epoch seconds; 0 if neither). */
  updated: number;
}
const tagTargets = new Map<string, TagTarget>();
const TAG_TARGETS_KEPT = 500_000;

/**
 * The tags of one ref listing, made once per listing (listings are reused while unchanged), with
 * each tag's update time and the orderings asked of it, so that a page of 10,000 tags neither
 * starts git nor sorts again.
 */
export interface TagListing {
  /** In git's ref order (byte order of names). */
  readonly tags: readonly TagRef[];
  /** The tagger date of an annotated tag, else its commit's date (epoch seconds). */
  updated(tag: TagRef): number;
  /** `make(tags)` for this listing, remembered under `key` (a few dozen keys are kept). */
  ordered(key: string, make: (tags: readonly TagRef[]) => TagRef[]): readonly TagRef[];
}
const ORDERINGS_KEPT = 32;

function tagListingOf(tags: TagRef[], updated: Map<TagRef, number>): TagListing {
  const orderings = new Map<string, readonly TagRef[]>();
  return {
    tags,
    updated: (tag) => updated.get(tag) ?? 0,
    ordered(key, make) {
      let out = orderings.get(key);
      if (!out) {
        out = make(tags);
        if (orderings.size >= ORDERINGS_KEPT) orderings.delete(orderings.keys().next().value as string);
        orderings.set(key, out);
      }
      return out;
    },
  };
}
const tagListings = new WeakMap<readonly [string, string][], TagListing>();

/**
 * Listings of a commit's trees (`ls-tree` of a commit id, a path, recursive or not) never change:
 * kept, up to a number of entries in all, so that paging through a large directory reads it once.
 */
const treeListings = new Map<string, { path: string; mode: string; type: string; sha: string }[]>();
let treeEntriesKept = 0;
const TREE_ENTRIES_KEPT = 200_000;
const COMMIT_ID = /^[0-9a-f]{40}$/;

/** Which refs of a listing contain a commit, per listing (history never changes under a ref listing). */
const containing = new WeakMap<readonly [string, string][], Map<string, string[]>>();
const CONTAINING_KEPT = 64;

export class GitRepository {
  private readonly runtime: GitRuntime;

  constructor(
    readonly path: string,
    runtime?: GitRuntime,
  ) {
    this.runtime = runtime ?? sharedRuntime();
  }

  private run(args: readonly string[], options?: GitRunOptions): Promise<GitResult> {
    return runGit(this.path, args, options);
  }

  exists(): boolean {
    return existsSync(join(this.path, 'HEAD'));
  }

  /** Creates the bare repository (replacing any leftover at the path) with HEAD on `branch`. */
  initSync(defaultBranch: string): void {
    this.runtime.release(this.path);
    if (existsSync(this.path)) rmSync(this.path, { recursive: true, force: true });
    mkdirSync(dirname(this.path), { recursive: true });
    runGitSync(this.path, ['init', '--bare', '--quiet', '--template=', `--initial-branch=${defaultBranch}`]);
  }

  async init(defaultBranch: string): Promise<void> {
    this.runtime.release(this.path);
    if (existsSync(this.path)) rmSync(this.path, { recursive: true, force: true });
    mkdirSync(dirname(this.path), { recursive: true });
    await this.run(['init', '--bare', '--quiet', '--template=', `--initial-branch=${defaultBranch}`]);
  }

  /** Creates the repository when it is not there yet (a project made before it had one). */
  async ensure(defaultBranch: string): Promise<void> {
    if (!this.exists()) await this.init(defaultBranch);
  }

  /**
   * Removes the repository. It is first renamed aside so that a crash part-way through never
   * leaves a half-deleted repository at the live path.
   */
  remove(): void {
    this.runtime.release(this.path);
    if (!existsSync(this.path)) return;
    const aside = `${this.path}.deleting-${uniqueSuffix()}`;
    renameSync(this.path, aside);
    rmSync(aside, { recursive: true, force: true });
  }

  /** Points HEAD (what a clone checks out) at `branch`. */
  async setHead(branch: string): Promise<void> {
    if (!this.exists()) return;
    await guardedWrite(this.path, () => this.run(['symbolic-ref', 'HEAD', `refs/heads/${branch}`]));
  }

  setHeadSync(branch: string): void {
    if (this.exists()) guardedWriteSync(this.path, () => runGitSync(this.path, ['symbolic-ref', 'HEAD', `refs/heads/${branch}`]));
  }

  // ---- refs -------------------------------------------------------------------------------

  /** All branches in git's ref order (byte order of names). */
  /** Every branch, sorted by name: the listing kept while the refs are unchanged (not a copy). */
  async branches(): Promise<readonly BranchRef[]> {
    if (!this.exists()) return [];
    return branchIndex(this.runtime.refs(this.path).list('refs/heads/')).list;
  }

  async branch(name: string): Promise<BranchRef | null> {
    if (!this.exists() || !isValidRefComponentPath(name)) return null;
    const target = this.runtime.refs(this.path).get(`refs/heads/${name}`);
    return target ? { name, target } : null;
  }

  /** Targets of the named refs (full names, e.g. `refs/heads/main`) that exist. */
  async refTargets(fullNames: readonly string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(fullNames.filter((n) => isValidRefComponentPath(n)))];
    const out = new Map<string, string>();
    if (wanted.length === 0 || !this.exists()) return out;
    const refs = this.runtime.refs(this.path);
    for (const ref of wanted) {
      const target = refs.get(ref);
      if (target) out.set(ref, target);
    }
    return out;
  }

  async hasBranches(): Promise<boolean> {
    if (!this.exists()) return false;
    return this.runtime.refs(this.path).list('refs/heads/').length > 0;
  }

  /** Names of branches (all, or those named) whose tips are reachable from `commit`. */
  async branchesMergedInto(commit: string, only?: readonly string[]): Promise<Set<string>> {
    if (!this.exists()) return new Set();
    const reachable = await this.runtime.reachable(this.path, commit);
    if (reachable) {
      // A few names are looked up one by one; more are picked from the (cached) listing.
      let refs: readonly BranchRef[];
      if (only && only.length <= 3) refs = (await Promise.all(only.map((n) => this.branch(n)))).filter((b): b is BranchRef => b !== null);
      else if (!this.exists()) refs = [];
      else {
        const index = branchIndex(this.runtime.refs(this.path).list('refs/heads/'));
        refs = only ? only.flatMap((n) => index.byName.get(n) ?? []) : index.list;
      }
      return new Set(refs.filter((b) => reachable.has(b.target)).map((b) => b.name));
    }
    const patterns = only ? only.filter((n) => isValidRefComponentPath(n)).map((n) => `refs/heads/${n}`) : ['refs/heads/'];
    if (patterns.length === 0) return new Set();
    const res = await this.run(['for-each-ref', `--merged=${commit}`, '--format=%(refname)', ...patterns]);
    const names = new Set(lines(res).map((r) => r.slice('refs/heads/'.length)));
    if (only) for (const n of names) if (!only.includes(n)) names.delete(n);
    return names;
  }

  /** Names of branches whose history contains `commit`. */
  async branchesContaining(commit: string): Promise<Set<string>> {
    if (!this.exists()) return new Set();
    const res = await this.run(['for-each-ref', `--contains=${commit}`, '--format=%(refname)', 'refs/heads/']);
    return new Set(lines(res).map((r) => r.slice('refs/heads/'.length)));
  }

  async tags(): Promise<TagRef[]> {
    return [...(await this.tagListing()).tags];
  }

  /** Every tag, read from the ref files; targets are resolved once per object. */
  async tagListing(): Promise<TagListing> {
    if (!this.exists()) return tagListingOf([], new Map());
    const listing = this.runtime.refs(this.path).list('refs/tags/');
    const known = tagListings.get(listing);
    if (known) return known;
    const resolved = await this.tagTargets(listing.map(([, target]) => target));
    const tags: TagRef[] = [];
    const updated = new Map<TagRef, number>();
    for (const [ref, target] of listing) {
      const info = resolved.get(target);
      // An object missing from the repository names no tag git would list.
      if (!info) continue;
      const tag = { name: ref.slice('refs/tags/'.length), target, objectType: info.objectType, commitId: info.commitId };
      tags.push(tag);
      updated.set(tag, info.updated);
    }
    const index = tagListingOf(tags, updated);
    tagListings.set(listing, index);
    return index;
  }

  /** Type, peeled commit and date of each object a tag ref names (cached per object id). */
  private async tagTargets(ids: readonly string[]): Promise<Map<string, TagTarget>> {
    const out = new Map<string, TagTarget>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const known = tagTargets.get(id);
      if (known) out.set(id, known);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const objects = await this.readObjects(missing);
    const annotated: [string, TagObject][] = [];
    for (const [id, obj] of objects) {
      if (obj.type === 'commit') out.set(id, { objectType: 'commit', commitId: id, updated: parseCommit(id, obj.data.toString('utf8')).committer.epoch });
      else if (obj.type === 'tag') annotated.push([id, parseTag(id, obj.data.toString('utf8'))]);
      else out.set(id, { objectType: obj.type, commitId: null, updated: 0 });
    }
    const peeled = new Map<string, string | null>();
    for (const [id, tag] of annotated) {
      // A tag of a tag is followed to its commit, as `<tag>^{commit}` does.
      peeled.set(id, tag.type === 'commit' ? tag.object : tag.type === 'tag' ? await this.resolveCommit(id) : null);
    }
    const undated = annotated.filter(([id, tag]) => !tag.tagger && peeled.get(id)).map(([id]) => peeled.get(id) as string);
    const commits = await this.commits(undated);
    for (const [id, tag] of annotated) {
      const commitId = peeled.get(id) ?? null;
      out.set(id, { objectType: 'tag', commitId, updated: tag.tagger?.epoch ?? (commitId ? (commits.get(commitId)?.committer.epoch ?? 0) : 0) });
    }
    if (tagTargets.size + missing.length > TAG_TARGETS_KEPT) tagTargets.clear();
    for (const id of missing) {
      const info = out.get(id);
      if (info) tagTargets.set(id, info);
    }
    return out;
  }

  async tag(name: string): Promise<TagRef | null> {
    if (!this.exists() || !isValidRefComponentPath(name)) return null;
    return (await this.readTagRefs(`refs/tags/${name}`, name))[0] ?? null;
  }

  private async readTagRefs(pattern: string, exact: string | null): Promise<TagRef[]> {
    const res = await this.run(['for-each-ref', '--format=%(objectname)%00%(objecttype)%00%(*objectname)%00%(*objecttype)%00%(refname)', pattern]);
    const out: TagRef[] = [];
    for (const line of lines(res)) {
      const [target, objectType, peeled, peeledType, ref] = line.split('\0') as [string, string, string, string, string];
      const name = ref.slice('refs/tags/'.length);
      if (exact !== null && name !== exact) continue;
      let commitId: string | null = null;
      if (objectType === 'commit') commitId = target;
      else if (objectType === 'tag' && peeledType === 'commit') commitId = peeled;
      else if (objectType === 'tag' && peeled) commitId = await this.resolveCommit(`${target}`);
      out.push({ name, target, objectType, commitId });
    }
    return out;
  }

  /** The commit a safe revision (already validated by the caller) names, or null. */
  async resolveCommit(rev: string): Promise<string | null> {
    if (!this.exists()) return null;
    const info = await this.runtime.objects.info(this.path, `${rev}^{commit}`);
    return info && info.type === 'commit' ? info.id : null;
  }

  /** Moves `ref` to `target` only if it currently is `expected` (ZERO_SHA: must not exist). */
  async updateRef(ref: string, target: string, expected: string): Promise<void> {
    // Registered as a writer (so a crash's stale locks are cleaned before the next write); the
    // usual case is written here, and git handles (and words) everything else.
    await guardedWrite(this.path, async () => {
      const outcome = this.runtime.refs(this.path).write(ref, target, expected);
      if (outcome === 'exists') throw new RefUpdateError(ref, 'exists', `cannot lock ref '${ref}': reference already exists`);
      if (outcome === 'stale') throw new RefUpdateError(ref, 'stale', `cannot lock ref '${ref}': is at another commit but expected ${expected}`);
      if (outcome !== 'ok') {
        try {
          await this.run(['update-ref', ref, target, expected]);
        } catch (error) {
          throw refFailure(ref, error);
        }
      }
      await this.afterRefWrites(1);
    });
  }

  /**
   * Every ref write leaves a loose ref file, and reading many loose refs is slow; after a batch
   * of writes the refs are packed into one file (as git's own housekeeping would).
   */
  private async afterRefWrites(count: number): Promise<void> {
    const n = (looseWrites.get(this.path) ?? 0) + count;
    if (n < PACK_REFS_EVERY) {
      looseWrites.set(this.path, n);
      return;
    }
    looseWrites.set(this.path, 0);
    await this.run(['pack-refs', '--all'], { okCodes: [1, 128] });
    // The same housekeeping keeps history walks (logs, counts) cheap: new commits join the
    // commit-graph in a small incremental layer.
    await this.run(['commit-graph', 'write', '--reachable', '--split', '--no-progress'], { okCodes: [1, 128] });
  }

  updateRefSync(ref: string, target: string, expected: string): void {
    guardedWriteSync(this.path, () => {
      try {
        runGitSync(this.path, ['update-ref', ref, target, expected]);
      } catch (error) {
        throw refFailure(ref, error);
      }
    });
  }

  /** Deletes refs in one all-or-nothing transaction, each only if still at its expected value. */
  async deleteRefs(refs: { ref: string; expected: string }[]): Promise<void> {
    if (refs.length === 0) return;
    const input = refs.map((r) => `delete ${r.ref}\0${r.expected}\0`).join('');
    await guardedWrite(this.path, async () => {
      try {
        await this.run(['update-ref', '-z', '--stdin'], { input });
      } catch (error) {
        throw refFailure(refs[0]?.ref ?? '', error);
      }
      await this.afterRefWrites(refs.length);
    });
  }

  // ---- objects ------------------------------------------------------------------------------

  /** Raw objects by id, through one `cat-file --batch`. Missing ids are absent from the map. */
  async readObjects(ids: readonly string[]): Promise<Map<string, { type: string; data: Buffer }>> {
    const unique = [...new Set(ids)];
    const out = new Map<string, { type: string; data: Buffer }>();
    if (unique.length === 0 || !this.exists()) return out;
    // Sent together: the reader answers them in one stream.
    const objects = await Promise.all(unique.map((id) => this.runtime.objects.read(this.path, id)));
    unique.forEach((id, i) => {
      const obj = objects[i];
      if (obj) out.set(id, { type: obj.type, data: obj.data });
    });
    return out;
  }

  async commits(ids: readonly string[]): Promise<Map<string, CommitObject>> {
    const out = new Map<string, CommitObject>();
    const unknown: string[] = [];
    for (const id of ids) {
      const known = FULL_ID.test(id) ? this.runtime.cachedCommit(this.path, id) : undefined;
      if (known) out.set(id, known);
      else unknown.push(id);
    }
    if (unknown.length === 0) return out;
    const raw = await this.readObjects(unknown);
    for (const [id, obj] of raw) {
      if (obj.type !== 'commit') continue;
      const commit = parseCommit(id, obj.data.toString('utf8'));
      // Only a full object id names one commit forever (a ref or short id may mean another later).
      out.set(id, FULL_ID.test(id) ? this.runtime.rememberCommit(this.path, commit) : commit);
    }
    return out;
  }

  async commit(id: string): Promise<CommitObject | null> {
    return (await this.commits([id])).get(id) ?? null;
  }

  async tagObjects(ids: readonly string[]): Promise<Map<string, TagObject>> {
    const raw = await this.readObjects(ids);
    const out = new Map<string, TagObject>();
    for (const [id, obj] of raw) if (obj.type === 'tag') out.set(id, parseTag(id, obj.data.toString('utf8')));
    return out;
  }

  /** Commit ids from `rev` backwards (newest first), filtered and windowed. */
  async log(q: LogQuery): Promise<string[]> {
    if (!this.exists()) return [];
    const args = ['rev-list', ...this.logArgs(q)];
    if (q.skip) args.splice(1, 0, `--skip=${q.skip}`);
    if (q.limit !== undefined) args.splice(1, 0, `--max-count=${q.limit}`);
    const res = await this.run(args, { okCodes: [128] });
    return res.code === 0 ? lines(res) : [];
  }

  async count(q: LogQuery): Promise<number> {
    if (!this.exists()) return 0;
    const res = await this.run(['rev-list', '--count', ...this.logArgs(q)], { okCodes: [128] });
    return res.code === 0 ? Number(text(res).trim()) || 0 : 0;
  }

  private logArgs(q: LogQuery): string[] {
    const args: string[] = [];
    if (q.firstParent) args.push('--first-parent');
    if (q.topoOrder) args.push('--topo-order');
    if (q.author) args.push(`--author=${q.author}`);
    if (q.since) args.push(`--since=${q.since}`);
    if (q.until) args.push(`--until=${q.until}`);
    if (q.all) args.push('--all', '--end-of-options');
    else args.push('--end-of-options', q.rev);
    if (q.path) args.push('--', q.path);
    return args;
  }

  /** The last commit reachable from `rev` that touched `path`. */
  async lastCommitForPath(rev: string, path: string): Promise<string | null> {
    const ids = await this.log({ rev, path, limit: 1 });
    return ids[0] ?? null;
  }

  /** Every file of a commit's tree: path → mode, type, blob id. */
  async listTree(rev: string): Promise<Map<string, TreeEntry>> {
    const out = new Map<string, TreeEntry>();
    if (!this.exists()) return out;
    const res = await this.run(['ls-tree', '-r', '-z', '--full-tree', '--end-of-options', rev]);
    for (const record of res.stdout.toString('utf8').split('\0')) {
      if (!record) continue;
      const tab = record.indexOf('\t');
      const [mode, type, sha] = record.slice(0, tab).split(' ') as [string, string, string];
      out.set(record.slice(tab + 1), { mode, type, sha });
    }
    return out;
  }

  /**
   * The part of a tree that changes to `paths` can touch: the entries of every directory on the
   * way to each path, files by path. A subdirectory that is not on any of those ways is not
   * read: it stands as one entry `<dir>/\0` (a name no file can have), enough to know that the
   * directory exists and is not empty.
   */
  async partialTree(treeId: string, paths: readonly string[]): Promise<Map<string, TreeEntry>> {
    const wanted = new Set<string>();
    for (const p of paths) {
      const parts = p.split('/');
      for (let i = 1; i < parts.length; i++) wanted.add(parts.slice(0, i).join('/'));
    }
    const out = new Map<string, TreeEntry>();
    let level: [string, string][] = [['', treeId]];
    while (level.length > 0) {
      const objects = await Promise.all(level.map(([, id]) => this.runtime.objects.read(this.path, id)));
      const next: [string, string][] = [];
      level.forEach(([dir, id], i) => {
        const obj = objects[i];
        if (!obj || obj.type !== 'tree') throw new Error(`tree ${id} is missing`);
        for (const [name, e] of parseTree(obj.data)) {
          const full = dir === '' ? name : `${dir}/${name}`;
          if (e.mode === '40000' || e.mode === '040000') {
            if (wanted.has(full)) next.push([full, e.sha]);
            else out.set(`${full}/\0`, { mode: '040000', type: 'tree', sha: e.sha });
          } else out.set(full, { mode: e.mode, type: e.mode === '160000' ? 'commit' : 'blob', sha: e.sha });
        }
      });
      level = next;
    }
    return out;
  }

  /**
   * Entries of a directory (`path`, '' for the root) of a commit's tree, or of everything below
   * it with `recursive` (directories included). Null when `path` is not a directory there.
   */
  async lsTree(rev: string, path: string, recursive: boolean): Promise<{ path: string; mode: string; type: string; sha: string }[] | null> {
    if (!this.exists()) return null;
    if (path !== '') {
      const kind = await this.runtime.objects.info(this.path, `${rev}:${path}`);
      if (kind?.type !== 'tree') return null;
    }
    const key = COMMIT_ID.test(rev) ? `${rev}\0${path}\0${recursive ? 1 : 0}` : null;
    const known = key === null ? undefined : treeListings.get(key);
    if (known) return known;
    const args = ['ls-tree', '-z', '--full-tree', ...(recursive ? ['-r', '-t'] : []), '--end-of-options', rev];
    if (path !== '') args.push('--', `${path}/`);
    const res = await this.run(args, { okCodes: [128] });
    if (res.code !== 0) return null;
    const out: { path: string; mode: string; type: string; sha: string }[] = [];
    for (const record of res.stdout.toString('utf8').split('\0')) {
      if (!record) continue;
      const tab = record.indexOf('\t');
      const [mode, type, sha] = record.slice(0, tab).split(' ') as [string, string, string];
      const entryPath = record.slice(tab + 1);
      // `-t` also names the directory that was asked for.
      if (entryPath !== path) out.push({ path: entryPath, mode, type, sha });
    }
    if (key !== null && out.length <= TREE_ENTRIES_KEPT) {
      if (treeEntriesKept + out.length > TREE_ENTRIES_KEPT) {
        treeListings.clear();
        treeEntriesKept = 0;
      }
      treeListings.set(key, out);
      treeEntriesKept += out.length;
    }
    return out;
  }

  /** Names of the refs under `prefix` whose history contains `commit`, in name order. */
  async refsContaining(prefix: 'refs/heads/' | 'refs/tags/', commit: string): Promise<string[]> {
    if (!this.exists()) return [];
    const listing = this.runtime.refs(this.path).list(prefix);
    let memo = containing.get(listing);
    if (!memo) {
      memo = new Map();
      containing.set(listing, memo);
    }
    let names = memo.get(commit);
    if (!names) {
      const res = await this.run(['for-each-ref', `--contains=${commit}`, '--sort=refname', '--format=%(refname)', prefix]);
      names = lines(res).map((ref) => ref.slice(prefix.length));
      if (memo.size >= CONTAINING_KEPT) memo.delete(memo.keys().next().value as string);
      memo.set(commit, names);
    }
    return names;
  }

  async diffStats(commit: CommitObject): Promise<DiffStats> {
    const parent = commit.parentIds[0];
    const parentTree = parent ? ((await this.commit(parent))?.tree ?? null) : null;
    if (!parent || parentTree) {
      const stats = await treeLineStats(parentTree, commit.tree, (id) => this.runtime.objects.read(this.path, id));
      if (stats) return { ...stats, total: stats.additions + stats.deletions };
    }
    const args = parent
      ? ['diff-tree', '--numstat', '-r', '--no-renames', '--no-commit-id', parent, commit.id]
      : ['diff-tree', '--numstat', '-r', '--no-renames', '--no-commit-id', '--root', commit.id];
    const res = await this.run(args);
    let additions = 0;
    let deletions = 0;
    for (const line of lines(res)) {
      const [a, d] = line.split('\t');
      additions += Number(a) || 0;
      deletions += Number(d) || 0;
    }
    return { additions, deletions, total: additions + deletions };
  }

  // ---- writing ------------------------------------------------------------------------------

  /** Stores blobs; returns their ids in order. */
  async writeBlobs(contents: readonly Uint8Array[]): Promise<string[]> {
    return Promise.all(contents.map((data) => writeObject(this.path, 'blob', data)));
  }

  /** Applies changes to `baseTree` (null: empty), rewriting only the directories that change. */
  async writeTree(baseTree: string | null, changes: readonly TreeChange[]): Promise<string> {
    return guardedWrite(this.path, () =>
      writeTreeChanges(this.path, baseTree, changes, async (id) => {
        const obj = await this.runtime.objects.read(this.path, id);
        return obj && obj.type === 'tree' ? obj.data : null;
      }),
    );
  }

  async commitTree(tree: string, parents: readonly string[], message: string, author: Signature, committer: Signature): Promise<string> {
    return writeObject(this.path, 'commit', Buffer.from(commitText(tree, parents, message, author, committer), 'utf8'));
  }

  /** An annotated tag object for `commit`. */
  async writeTagObject(name: string, commit: string, message: string, tagger: Signature): Promise<string> {
    const env = identityEnv(tagger, tagger);
    const ident = `${env.GIT_COMMITTER_NAME} <${env.GIT_COMMITTER_EMAIL}> ${env.GIT_COMMITTER_DATE}`;
    const body = `object ${commit}\ntype commit\ntag ${name}\ntagger ${ident}\n\n${message.endsWith('\n') ? message : `${message}\n`}`;
    const res = await this.run(['mktag'], { input: body });
    return text(res).trim();
  }

  /**
   * The whole of a first commit, synchronously (used while a project row is being created):
   * one file on a new branch.
   */
  initialCommitSync(branch: string, file: { path: string; content: string }, message: string, author: Signature, committer: Signature): string {
    const blob = text(runGitSync(this.path, ['hash-object', '-w', '--no-filters', '--stdin'], { input: file.content })).trim();
    const tree = text(runGitSync(this.path, ['mktree', '-z'], { input: `100644 blob ${blob}\t${file.path}\0` })).trim();
    const commit = text(runGitSync(this.path, ['commit-tree', tree], { input: message, env: identityEnv(author, committer) })).trim();
    this.updateRefSync(`refs/heads/${branch}`, commit, ZERO_SHA);
    return commit;
  }
}
