// One commit of file actions on a branch of a content repository (a snippet's, a wiki's): the
// contents are stored, the actions applied to the branch tip's tree, the commit written, and the
// branch moved only if it still points at the tip the actions were checked against. A concurrent
// writer therefore makes this one fail with a stale-ref error instead of being overwritten, and
// a failure at any step leaves the branch where it was (unreferenced objects are harmless).
import { applyActions, resolveChanges, type FileAction } from './tree-actions.js';
import { ZERO_SHA } from './names.js';
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
}

/** Applies the actions and commits; throws ActionError (bad action) or RefUpdateError (stale). */
export async function commitActions(repo: GitRepository, req: CommitRequest): Promise<string> {
  const applied = applyActions(req.base.files, req.actions);
  const blobIds = await repo.writeBlobs(req.contents);
  const changes = resolveChanges(applied, blobIds);
  const parent = req.base.tip ?? req.startTip ?? null;
  const baseTree = parent ? `${parent}^{tree}` : null;
  const tree = await repo.writeTree(baseTree, changes);
  const commit = await repo.commitTree(tree, parent ? [parent] : [], req.message, req.author, req.author);
  req.beforeRefUpdate?.();
  await repo.updateRef(`refs/heads/${req.branch}`, commit, req.base.tip ?? ZERO_SHA);
  return commit;
}
