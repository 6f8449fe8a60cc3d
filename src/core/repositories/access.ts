// Reaching a project's repository and the right to write to it: the one place areas ask. A
// write needs push permission on the branch (protected-branch rules), a repository that is not
// read-only (a storage move in progress) and a project that is not archived; the checks run
// again just before the write, since a storage move may start meanwhile. Ref moves that fail are
// answered with the platform's words for a branch that could not be updated.
import type { ProjectRow, UserRow } from '../db/rows.js';
import type { CoreState } from '../state.js';
import { failure, forbidden } from '../http/errors.js';
import { RefUpdateError, type GitRepository, type Signature } from '../git/repository.js';
import { advanceBranch, type AdvanceRequest } from '../git/advance-branch.js';
import { BranchProtection } from '../areas/protected-branches/rules.js';

/** The platform's answer to writes while a repository is read-only. */
export const READ_ONLY_MESSAGE = 'The repository is temporarily read-only. Please try again later.';

export const projectRepository = (core: CoreState, project: Pick<ProjectRow, 'id' | 'repository_storage'>): GitRepository => core.repos.project(project);

/** Refuses a repository write on a read-only repository or an archived project. */
export function assertWritable(project: ProjectRow): void {
  if (project.archived === 1) throw forbidden();
  if (project.repository_read_only === 1) throw failure(400, READ_ONLY_MESSAGE);
}

/** Re-reads the flags just before writing: a storage move may have started meanwhile. */
export function assertStillWritable(core: CoreState, project: ProjectRow): void {
  const row = core.db.prepare('SELECT archived, repository_read_only FROM projects WHERE id = ?').get(project.id) as
    | Pick<ProjectRow, 'archived' | 'repository_read_only'>
    | undefined;
  assertWritable({ ...project, ...(row ?? {}) });
}

/** Refuses a user who may not push to `branch` (protected-branch rules and the user's role). */
export function assertCanPush(core: CoreState, project: ProjectRow, user: UserRow, branch: string): void {
  if (!new BranchProtection(core, project, user).canPush(branch)) throw forbidden('You are not allowed to push into this branch');
}

/** Committer (and default author) of a commit made on the user's behalf, dated by the core clock. */
export const userSignature = (core: CoreState, user: UserRow): Signature => ({
  name: user.name,
  email: user.commit_email || user.email,
  time: core.clock.now(),
});

/**
 * Moves `refs/heads/<branch>` to `commit` only from `expected` (ZERO_SHA: the branch must not
 * exist yet), answering a failed move as the platform's commit endpoints do: a name clashing
 * with existing branches, or a branch that moved meanwhile.
 */
export async function moveBranch(repo: GitRepository, branch: string, commit: string, expected: string, rebase?: Omit<AdvanceRequest, 'branch' | 'commit'>): Promise<string> {
  try {
    // With `rebase`, another writer's commit to other files is no conflict: the change is built
    // again on it (src/core/git/advance-branch.ts).
    if (rebase) return await advanceBranch(repo, { ...rebase, branch, commit });
    await repo.updateRef(`refs/heads/${branch}`, commit, expected);
    return commit;
  } catch (error) {
    if (!(error instanceof RefUpdateError)) throw error;
    if (error.reason === 'hierarchy') throw failure(400, `Something went wrong when we tried to create '${branch}' for you: Branch name conflicts with existing branch hierarchy.`);
    throw failure(400, `Could not update refs/heads/${branch}. Please refresh and try again.`);
  }
}
