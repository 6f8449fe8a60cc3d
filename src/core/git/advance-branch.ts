// Moving a branch to a commit written for it, when other writers may move the same branch at
// the same moment (two wiki pages created at once, two commits to one branch through the API).
// The ref moves only from the tip the commit was built on; when another writer moved it first,
// that is a conflict only if the other writer changed one of the paths this commit changes.
// Otherwise the same change is built again on the new tip (its checks run again there) and the
// move is tried again, so writes to different files of one branch all succeed.
import { ZERO_SHA } from './names.js';
import { RefUpdateError } from './ref-updates.js';
import type { GitRepository, TreeEntry } from './repository.js';

export interface BranchBase {
  /** The tip the commit was built on (null: the branch did not exist). */
  tip: string | null;
  /** The files the commit's checks read at that tip: the whole tree, or the part the change touches. */
  files: Map<string, TreeEntry>;
}

export interface AdvanceRequest {
  branch: string;
  base: BranchBase;
  /** The commit to publish, built on `base`. */
  commit: string;
  /** Every path the change writes, removes or names (a file it leaves unchanged counts too). */
  paths: readonly string[];
  /** The files of another tip, read the way `base.files` was. */
  readFiles(tip: string): Promise<Map<string, TreeEntry>>;
  /** The same change built on a newer base, its checks run again; the new commit. */
  rebuild(base: BranchBase): Promise<string>;
  /** Runs before every attempt to move the ref (re-checks a read-only flag). */
  beforeRefUpdate?: () => void;
}

/** Each failed attempt means another writer's commit landed; this bounds a pathological run. */
const MAX_REBUILDS = 100;

const sameEntry = (a: TreeEntry | undefined, b: TreeEntry | undefined): boolean => a === b || (a !== undefined && b !== undefined && a.sha === b.sha && a.mode === b.mode);

/** Publishes the commit; throws the RefUpdateError of a real conflict. Returns the commit published. */
export async function advanceBranch(repo: GitRepository, req: AdvanceRequest): Promise<string> {
  const ref = `refs/heads/${req.branch}`;
  let { base, commit } = req;
  for (let attempt = 0; ; attempt++) {
    req.beforeRefUpdate?.();
    try {
      await repo.updateRef(ref, commit, base.tip ?? ZERO_SHA);
      return commit;
    } catch (error) {
      if (!(error instanceof RefUpdateError) || (error.reason !== 'stale' && error.reason !== 'exists') || attempt >= MAX_REBUILDS) throw error;
      const moved = await repo.branch(req.branch);
      // Deleted meanwhile, or moved by a change to the same files: the caller's conflict.
      if (!moved) throw error;
      const files = await req.readFiles(moved.target);
      if (req.paths.some((path) => !sameEntry(base.files.get(path), files.get(path)) || !sameEntry(base.files.get(`${path}/\0`), files.get(`${path}/\0`)))) throw error;
      base = { tip: moved.target, files };
      commit = await req.rebuild(base);
    }
  }
}
