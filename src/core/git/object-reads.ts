// Reading a repository's objects: commits, tags, trees and history. Hot reads start no process:
// objects come through the core's long-lived `cat-file` reader (src/core/git/cat-file.ts), and
// listings of a commit's trees are kept (they never change). Walks over history (log, counts,
// diffs) still run git.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { lines, text } from './exec.js';
import { isValidRefComponentPath } from './names.js';
import { parseTree } from './object-writer.js';
import { treeLineStats } from './diff-stats.js';
import { parseCommit, parseTag, type CommitObject, type TagObject } from './objects.js';
import { RepositoryBase } from './repository-base.js';
import type { DiffStats, LogQuery, TreeEntry } from './repository-types.js';

/** A full object id (SHA-1 or SHA-256), in the lower case git prints. */
const FULL_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * Listings of a commit's trees (`ls-tree` of a commit id, a path, recursive or not) never change:
 * kept, up to a number of entries in all, so that paging through a large directory reads it once.
 */
const treeListings = new Map<string, { path: string; mode: string; type: string; sha: string }[]>();
let treeEntriesKept = 0;
const TREE_ENTRIES_KEPT = 200_000;
const COMMIT_ID = /^[0-9a-f]{40}$/;

export class ObjectReads extends RepositoryBase {
  /** Sizes of objects by id (from the long-lived reader, no process); ids it does not find are left out. */
  async objectSizes(ids: readonly string[]): Promise<Map<string, number>> {
    const infos = await Promise.all(ids.map((id) => this.runtime.objects.info(this.path, id)));
    const out = new Map<string, number>();
    ids.forEach((id, i) => {
      const info = infos[i];
      if (info) out.set(id, info.size);
    });
    return out;
  }

  /** The commit a safe revision (already validated by the caller) names, or null. */
  async resolveCommit(rev: string): Promise<string | null> {
    if (!this.exists()) return null;
    const named = this.commitByRefName(rev);
    if (named) return named;
    const info = await this.runtime.objects.info(this.path, `${rev}^{commit}`);
    if (!info || info.type !== 'commit') return null;
    this.runtime.rememberCommitId(this.path, info.id);
    return info.id;
  }

  /** What `resolveCommit` answers when the ref files tell it at once; undefined when git must be asked. */
  resolveCommitNow(rev: string): string | null | undefined {
    if (!this.exists()) return null;
    return this.commitByRefName(rev) ?? undefined;
  }

  /**
   * The commit a plain ref name names, read from the ref files without a round trip to git —
   * when git would read it the same way: the name expands in git's order (`refs/<name>`,
   * `refs/tags/<name>`, `refs/heads/<name>`, `refs/remotes/<name>`, `…/HEAD`; the first that
   * exists wins) and the ref's object is already known to be a commit of this repository.
   * Anything else (a full object id, which git reads before any ref; a name git would also look
   * for as a file of the repository directory, such as `HEAD` or `config`; a ref at a tag
   * object; an unknown object) is left to git.
   */
  private commitByRefName(rev: string): string | null {
    if (FULL_ID.test(rev) || !isValidRefComponentPath(rev)) return null;
    const full = rev.startsWith('refs/');
    if (!full && existsSync(join(this.path, rev))) return null;
    const refs = this.runtime.refs(this.path);
    const candidates = [`refs/${rev}`, `refs/tags/${rev}`, `refs/heads/${rev}`, `refs/remotes/${rev}`, `refs/remotes/${rev}/HEAD`];
    if (full) candidates.unshift(rev);
    for (const name of candidates) {
      const id = refs.get(name);
      if (id !== null) return this.runtime.isKnownCommit(this.path, id) ? id : null;
    }
    return null;
  }

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

  protected logArgs(q: LogQuery): string[] {
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


  async diffStats(commit: CommitObject): Promise<DiffStats> {
    const parent = commit.parentIds[0];
    const parentTree = parent ? ((await this.commit(parent))?.tree ?? null) : null;
    if (!parent || parentTree) {
      const stats = await treeLineStats(parentTree, commit.tree, (id) => this.runtime.objects.read(this.path, id));
      if (stats) return Object.assign(stats, { total: stats.additions + stats.deletions });
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
}
