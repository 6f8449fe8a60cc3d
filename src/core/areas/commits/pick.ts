// Reverting a commit on a branch and cherry-picking one onto a branch, as the platform's commits
// API does: a new commit on the branch's tip whose tree is a three-way merge (for a revert the
// commit's changes undone, for a cherry-pick its changes applied). A merge that conflicts or
// changes nothing is refused with the platform's message and `error_code`; `dry_run` checks
// without writing.
import type { ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { failureWith, forbidden, notFound, type ApiError } from '../../http/errors.js';
import { isSafeRevision, isValidRefName } from '../../git/names.js';
import { EMPTY_TREE } from '../../git/object-writer.js';
import { commitTitle, type CommitObject } from '../../git/objects.js';
import { assertCanPush, assertStillWritable, assertWritable, moveBranch, projectRepository, userSignature } from '../../repositories/access.js';
import { auditGitChange } from '../../audit/subjects.js';

export type PickKind = 'revert' | 'cherry_pick';

export interface PickInput {
  sha: string;
  branch: string;
  dryRun: boolean;
  /** Cherry-pick only: the new commit's message instead of the generated one. */
  message?: string;
}

const REFUSALS: Record<PickKind, string> = {
  revert: 'Sorry, we cannot revert this commit automatically. This commit may already have been reverted, or a more recent commit may have updated some of its content.',
  cherry_pick:
    'Sorry, we cannot cherry-pick this commit automatically. This commit may already have been cherry-picked, or a more recent commit may have updated some of its content.',
};

/** The platform's structured 400: `{"message", "error_code"}` (and `dry_run: "error"` on a dry run). */
const refusal = (kind: PickKind, code: 'conflict' | 'empty', dryRun: boolean): ApiError =>
  failureWith(400, REFUSALS[kind], { error_code: code, ...(dryRun ? { dry_run: 'error' } : {}) });

function messageFor(kind: PickKind, commit: CommitObject, custom?: string): string {
  if (kind === 'revert') return `Revert "${commitTitle(commit.message).trim()}"\n\nThis reverts commit ${commit.id}`;
  if (custom !== undefined && custom !== '') return custom;
  return `${commit.message.trimEnd()}\n\n(cherry picked from commit ${commit.id})`;
}

/**
 * Reverts or cherry-picks `input.sha` onto `input.branch`. Returns the new tip commit, or null
 * for a successful dry run.
 */
export async function pickCommit(core: CoreState, project: ProjectRow, user: UserRow, kind: PickKind, input: PickInput): Promise<CommitObject | null> {
  // The platform checks the push right first, then the commit, then the branch.
  if (!isValidRefName(input.branch)) throw forbidden('You are not allowed to push into this branch');
  assertCanPush(core, project, user, input.branch);
  const repo = projectRepository(core, project);
  const id = isSafeRevision(input.sha) ? await repo.resolveCommit(input.sha) : null;
  const commit = id ? await repo.commit(id) : null;
  if (!commit) throw notFound('Commit');
  const branch = await repo.branch(input.branch);
  if (!branch) throw notFound('Branch');
  assertWritable(project);
  const tip = (await repo.commit(branch.target)) as CommitObject;
  const parent = commit.parentIds[0] ? await repo.commit(commit.parentIds[0]) : null;
  const parentTree = parent?.tree ?? EMPTY_TREE;
  const [base, theirs] = kind === 'revert' ? [commit.tree, parentTree] : [parentTree, commit.tree];
  const merged = await repo.mergeTrees(base, tip.tree, theirs);
  if (!merged.clean) throw refusal(kind, 'conflict', input.dryRun);
  if (merged.tree === tip.tree) throw refusal(kind, 'empty', input.dryRun);
  if (input.dryRun) return null;

  assertStillWritable(core, project);
  const committer = userSignature(core, user);
  // A cherry-pick keeps the original author; a revert is the user's own change.
  const author =
    kind === 'cherry_pick' ? { name: commit.author.name, email: commit.author.email, time: new Date(commit.author.epoch * 1000) } : committer;
  const newId = await repo.commitTree(merged.tree, [tip.id], messageFor(kind, commit, input.message), author, committer);
  // The branch exists (checked above), so only a concurrent move can make this fail.
  await moveBranch(repo, input.branch, newId, tip.id);
  await auditGitChange(core, {
    name: kind === 'revert' ? 'commit_reverted' : 'commit_cherry_picked',
    entity: { type: 'Project', id: project.id },
    target: { type: 'Commit', id: newId, details: input.branch },
    message: `${kind === 'revert' ? 'Reverted' : 'Cherry-picked'} ${commit.id.slice(0, 8)} on ${input.branch}`,
  });
  return (await repo.commit(newId)) as CommitObject;
}
