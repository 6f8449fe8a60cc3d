// One commit of file actions on a branch of a content repository (a snippet's, a wiki's): the
// contents are stored, the actions applied to the branch tip's tree, the commit written, and the
// branch moved only if it still points at the tip the actions were checked against. A concurrent
// writer of the same files therefore makes this one fail with a stale-ref error instead of being
// overwritten (one of other files does not: the change is built again on its commit), and a
// failure at any step leaves the branch where it was (unreferenced objects are harmless).
import { applyActions, resolveChanges, type FileAction } from './tree-actions.js';
import { advanceBranch } from './advance-branch.js';
import type { GitRepository, Signature, TreeEntry } from './repository.js';

export interface BranchState {
  /** Tip of the branch, or null when it does not exist yet. */
  tip: string | null;
  /** Files of the tip's tree (empty for a new branch). */
  files: Map<string, TreeEntry>;
}

/** The branch's tip and files, read once so that checks and the commit agree on one state. */
export async function readBranch(repo: GitRepository, branch: string): Promise<BranchState> {
  const ref = await repo.branch(branch);
  if (!ref) return { tip: null, files: new Map() };
  return { tip: ref.target, files: await repo.listTree(ref.target) };
}

export interface CommitRequest {
  branch: string;
  /** The state the actions were validated against; `tip` is the expected old value of the ref. */
  base: BranchState;
  actions: readonly FileAction[];
  /** Contents referenced by the actions' `content` indexes. */
  contents: readonly Uint8Array[];
  message: string;
  author: Signature;
  /** Runs just before the ref moves (re-checks a read-only flag a storage move may have set). */
  beforeRefUpdate?: () => void;
  /** A branch to start from when `branch` does not exist (its tip becomes the parent). */
  startTip?: string | null;
  /**
   * The caller's own checks, run again when another writer moved the branch first and the
   * change is built again on its new tip (a wiki's duplicate title, say); throws to refuse.
   */
  recheck?: (base: BranchState) => void;
}

/**
 * Applies the actions and commits; throws ActionError (bad action) or RefUpdateError (another
 * writer changed the same files meanwhile). A writer that moved the branch by changing other
 * files is no conflict: the change is built again on the new tip (src/core/git/advance-branch.ts).
 */
export async function commitActions(repo: GitRepository, req: CommitRequest): Promise<string> {
  const blobIds = await repo.writeBlobs(req.contents);
  const build = async (base: BranchState, parent: string | null): Promise<{ commit: string; paths: string[] }> => {
    const applied = applyActions(base.files, req.actions);
    const changes = resolveChanges(applied, blobIds);
    const tree = await repo.writeTree(parent ? `${parent}^{tree}` : null, changes);
    const commit = await repo.commitTree(tree, parent ? [parent] : [], req.message, req.author, req.author);
    return { commit, paths: changes.map((c) => c.path) };
  };
  const first = await build(req.base, req.base.tip ?? req.startTip ?? null);
  const named = req.actions.flatMap((a) => (a.previousPath !== undefined ? [a.filePath, a.previousPath] : [a.filePath]));
  return advanceBranch(repo, {
    branch: req.branch,
    base: req.base,
    commit: first.commit,
    paths: [...new Set([...first.paths, ...named])],
    readFiles: (tip) => repo.listTree(tip),
    rebuild: async (base) => {
      req.recheck?.(base);
      return (await build(base, base.tip)).commit;
    },
    ...(req.beforeRefUpdate ? { beforeRefUpdate: req.beforeRefUpdate } : {}),
  });
}
