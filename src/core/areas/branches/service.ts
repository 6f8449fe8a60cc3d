// Creating and deleting branches with the platform's checks and messages, and deleting every
// branch merged into the default branch (run by a job). Branches live only in git: a change is
// one `update-ref` that also checks the value the ref had when the checks ran. Each branch made or
// deleted records its event once the ref has moved (auditGitChange): a change git refused records
// nothing. The merged-branch job records one event per branch it deletes, for the user who asked.
import type { ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { failure } from '../../http/errors.js';
import { can } from '../../auth/policy.js';
import { isHexBranchName, isSafeRevision, isValidRefName, ZERO_SHA } from '../../git/names.js';
import { RefUpdateError, type BranchRef, type GitRepository } from '../../git/repository.js';
import { BranchProtection } from '../protected-branches/rules.js';
import { protectDefaultBranch } from '../protected-branches/service.js';
import { assertStillWritable, assertWritable, projectRepository, READ_ONLY_MESSAGE, userSignature } from '../../repositories/access.js';
import { mergedTester } from './present.js';
import { withAuditor, type Auditor } from '../../audit/record.js';
import { auditGitChange } from '../../audit/subjects.js';

const refused = (message: string) => failure(400, message);

export const DELETE_DEFAULT_MESSAGE = 'The default branch of a project cannot be deleted.';
export const DELETE_PROTECTED_MESSAGE =
  'You are not allowed to delete protected branches from this project. Only a project maintainer or owner can delete a protected branch.';

/**
 * A branch in an empty repository starts the default branch first, with an empty README.md,
 * so that the new branch has a commit to point at. Returns the default branch's tip.
 */
async function createDefaultBranch(core: CoreState, project: ProjectRow, user: UserRow, repo: GitRepository): Promise<string> {
  const who = userSignature(core, user);
  const blob = (await repo.writeBlobs([Buffer.alloc(0)]))[0] as string;
  const tree = await repo.writeTree(null, [{ path: 'README.md', mode: '100644', sha: blob }]);
  const commit = await repo.commitTree(tree, [], 'Add README.md', who, who);
  await repo.updateRef(`refs/heads/${project.default_branch}`, commit, ZERO_SHA);
  protectDefaultBranch(core, project);
  return commit;
}

export interface CreatedBranch {
  branch: BranchRef;
  /** The default branch's tip after the creation. */
  head: string | null;
}

export async function createBranch(core: CoreState, project: ProjectRow, user: UserRow, name: string, ref: string): Promise<CreatedBranch> {
  assertWritable(project);
  if (!isValidRefName(name)) throw refused('Branch name is invalid');
  if (isHexBranchName(name)) throw refused('You cannot create a branch with a 40-character hexadecimal branch name.');
  const repo = projectRepository(core, project);
  await repo.ensure(project.default_branch);
  // One lookup answers: does the branch exist, where is the default branch (if anywhere), and
  // usually what `ref` names.
  const refCandidates = isValidRefName(ref) ? [`refs/${ref}`, `refs/tags/${ref}`, `refs/heads/${ref}`] : [];
  const known = await repo.refTargets([`refs/heads/${name}`, `refs/heads/${project.default_branch}`, ...refCandidates]);
  let head = known.get(`refs/heads/${project.default_branch}`) ?? null;
  if (!head && !(await repo.hasBranches())) {
    head = await createDefaultBranch(core, project, user, repo);
    if (name === project.default_branch) throw refused('Branch already exists');
  }
  if (known.has(`refs/heads/${name}`)) throw refused('Branch already exists');
  // A plain branch name (no tag or other ref of that name to take precedence) is its tip;
  // anything else is resolved by git.
  const branchTip = refCandidates.length > 0 && !known.has(`refs/${ref}`) && !known.has(`refs/tags/${ref}`) ? known.get(`refs/heads/${ref}`) : undefined;
  const target = branchTip ?? (isSafeRevision(ref) ? await repo.resolveCommit(ref) : null);
  if (!target) throw refused(`Failed to create branch '${name}': invalid reference name '${ref}'`);

  const protection = new BranchProtection(core, project, user);
  if (protection.isProtected(name) && !protection.canPush(name)) {
    if (!protection.canMerge(name)) throw refused('You are not allowed to create protected branches on this project.');
    const containing = await repo.branchesContaining(target);
    if (![...containing].some((b) => protection.isProtected(b))) {
      throw refused('You can only use an existing protected branch ref as the basis of a new protected branch.');
    }
  }

  assertStillWritable(core, project);
  try {
    await repo.updateRef(`refs/heads/${name}`, target, ZERO_SHA, { existingHistory: true });
  } catch (error) {
    if (!(error instanceof RefUpdateError)) throw error;
    if (error.reason === 'hierarchy') throw refused(`Failed to create branch '${name}': Branch name conflicts with existing branch hierarchy.`);
    if (error.reason === 'exists' || error.reason === 'stale') throw refused('Branch already exists');
    throw refused(`Failed to create branch '${name}': ${error.publicReason}`);
  }
  await auditGitChange(core, {
    name: 'branch_created',
    entity: { type: 'Project', id: project.id },
    target: { type: 'Branch', id: name, details: name },
    message: `Created branch ${name} from ${ref} at ${target.slice(0, 8)}`,
  });
  if (name === project.default_branch) {
    protectDefaultBranch(core, project);
    head = target;
  }
  return { branch: { name, target }, head };
}

/** Deletes one branch after the platform's checks (existence and name are checked by the caller). */
export async function deleteBranch(core: CoreState, project: ProjectRow, user: UserRow, branch: BranchRef): Promise<void> {
  assertWritable(project);
  if (branch.name === project.default_branch) throw refused(DELETE_DEFAULT_MESSAGE);
  const protection = new BranchProtection(core, project, user);
  if (!protection.canDelete(branch.name)) {
    throw refused(protection.isProtected(branch.name) ? DELETE_PROTECTED_MESSAGE : 'You are not allowed to push code to this project.');
  }
  assertStillWritable(core, project);
  try {
    await projectRepository(core, project).deleteRefs([{ ref: `refs/heads/${branch.name}`, expected: branch.target }]);
  } catch (error) {
    if (error instanceof RefUpdateError) throw refused('Failed to remove branch');
    throw error;
  }
  await auditBranchDeleted(core, project, branch, 'Deleted branch');
}

function auditBranchDeleted(core: CoreState, project: ProjectRow, branch: BranchRef, what: string): Promise<number> {
  return auditGitChange(core, {
    name: 'branch_deleted',
    entity: { type: 'Project', id: project.id },
    target: { type: 'Branch', id: branch.name, details: branch.name },
    message: `${what} ${branch.name} (was ${branch.target.slice(0, 8)})`,
  });
}

export const DELETE_MERGED_JOB = 'branches.delete_merged';

export interface DeleteMergedPayload {
  projectId: number;
  userId: number;
  /** Who asked, and from where: the job's events name them (absent in jobs queued before it was carried). */
  auditor?: Auditor;
}

/**
 * The merged-branch job: deletes every branch merged into the default branch except protected
 * ones and the default branch itself. Safe to run again after an interruption: it recomputes
 * what is left, and each ref is deleted only if it still points where it did.
 */
export async function deleteMergedBranches(core: CoreState, payload: DeleteMergedPayload): Promise<number> {
  const project = core.db.prepare('SELECT * FROM projects WHERE id = ?').get(payload.projectId) as ProjectRow | undefined;
  const user = core.db.prepare('SELECT * FROM users WHERE id = ?').get(payload.userId) as UserRow | undefined;
  if (!project || !user || !can(core, user, 'push_code', { project })) return 0;
  if (project.repository_read_only === 1) throw new Error(READ_ONLY_MESSAGE);
  const repo = projectRepository(core, project);
  const merged = await mergedTester(repo, project);
  const protection = new BranchProtection(core, project, user);
  const victims = (await repo.branches()).filter((b) => merged(b) && !protection.isProtected(b.name));
  if (victims.length === 0) return 0;
  const acting = payload.auditor ? withAuditor(core, payload.auditor) : withAuditor(core, { authorId: user.id, authorName: user.name, authorClass: 'User', ipAddress: null });
  const recorded = async (gone: BranchRef[]) => {
    for (const b of gone) await auditBranchDeleted(acting, project, b, 'Deleted merged branch');
    return gone.length;
  };
  try {
    await repo.deleteRefs(victims.map((b) => ({ ref: `refs/heads/${b.name}`, expected: b.target })));
    return await recorded(victims);
  } catch (error) {
    if (!(error instanceof RefUpdateError)) throw error;
  }
  // One of them moved meanwhile: delete the others one by one, leaving the moved one alone.
  const deleted: BranchRef[] = [];
  for (const b of victims) {
    try {
      await repo.deleteRefs([{ ref: `refs/heads/${b.name}`, expected: b.target }]);
      deleted.push(b);
    } catch (error) {
      if (!(error instanceof RefUpdateError)) throw error;
    }
  }
  return recorded(deleted);
}
