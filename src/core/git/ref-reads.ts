// Reading a repository's refs: branches and tags, read from the ref files (src/core/git/refs.ts)
// without starting git; whether branches are merged is answered from cached ancestry. Listings
// and what is derived from them are kept while the refs are unchanged.
import { lines } from './exec.js';
import { parseCommit, parseTag, type TagObject } from './objects.js';
import { isValidRefComponentPath } from './names.js';
import { ObjectReads } from './object-reads.js';
import type { BranchRef, TagRef } from './repository-types.js';

interface BranchIndex {
  /** Frozen: handed to every caller as it is. */
  list: readonly BranchRef[];
  byName: Map<string, BranchRef>;
}

/** Branch records of a ref listing, made once per listing (listings are reused while unchanged). */
const branchIndexes = new WeakMap<readonly [string, string][], BranchIndex>();
/** The same indexes by the branch list handed out (`branchIn`). */
const branchIndexOfList = new WeakMap<readonly BranchRef[], BranchIndex>();
function branchIndex(listing: readonly [string, string][]): BranchIndex {
  let index = branchIndexes.get(listing);
  if (!index) {
    const list = listing.map(([ref, target]) => ({ name: ref.slice('refs/heads/'.length), target }));
    index = { list: Object.freeze(list), byName: new Map(list.map((b) => [b.name, b])) };
    branchIndexes.set(listing, index);
    branchIndexOfList.set(index.list, index);
  }
  return index;
}

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

/** Which refs of a listing contain a commit, per listing (history never changes under a ref listing). */
const containing = new WeakMap<readonly [string, string][], Map<string, string[]>>();
const CONTAINING_KEPT = 64;

export class RefReads extends ObjectReads {
  /** Every branch, sorted by name: the listing kept while the refs are unchanged (not a copy). */
  async branches(): Promise<readonly BranchRef[]> {
    // No look for the repository first, as for `branch`: without one there are no ref files and
    // the listing is empty all the same.
    return branchIndex(this.runtime.refs(this.path).list('refs/heads/')).list;
  }

  /**
   * The branch `name` of a listing `branches()` answered (found by name, not by a scan), or null:
   * what `branch(name)` answers as of that listing, without reading its ref file again.
   */
  branchIn(listing: readonly BranchRef[], name: string): BranchRef | null {
    const index = branchIndexOfList.get(listing);
    if (index) return index.byName.get(name) ?? null;
    return listing.find((b) => b.name === name) ?? null;
  }

  async branch(name: string): Promise<BranchRef | null> {
    // No look for the repository first (a stat on every request that reads a branch): without
    // one there is no ref file, loose or packed, and the answer is null all the same.
    if (!isValidRefComponentPath(name)) return null;
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
    return this.runtime.refs(this.path).hasAny('refs/heads/');
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
  protected async tagTargets(ids: readonly string[]): Promise<Map<string, TagTarget>> {
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

  /**
   * What `tag` answers, when that needs no object read (no tag, or a target already known):
   * undefined when it does (then `tag` reads it).
   */
  tagNow(name: string): TagRef | null | undefined {
    if (!this.exists() || !isValidRefComponentPath(name)) return null;
    const target = this.runtime.refs(this.path).get(`refs/tags/${name}`);
    if (!target) return null;
    const info = tagTargets.get(target);
    if (info) return { name, target, objectType: info.objectType, commitId: info.commitId };
    return this.runtime.isKnownCommit(this.path, target) ? { name, target, objectType: 'commit', commitId: target } : undefined;
  }

  /** One tag, read from its ref file and its (cached) target object, without starting git. */
  async tag(name: string): Promise<TagRef | null> {
    if (!this.exists() || !isValidRefComponentPath(name)) return null;
    const target = this.runtime.refs(this.path).get(`refs/tags/${name}`);
    if (!target) return null;
    const info = (await this.tagTargets([target])).get(target);
    // An object missing from the repository names no tag git would list.
    return info ? { name, target, objectType: info.objectType, commitId: info.commitId } : null;
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
}
