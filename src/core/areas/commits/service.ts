// Committing several file changes as one commit, the way the platform's commits API does: onto
// an existing branch, or onto a new branch started from another branch or a commit. Checks run
// in the platform's order and with its messages; the commit is then written without a work
// tree and the branch moved only if nobody moved it meanwhile.
import type { ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { failure } from '../../http/errors.js';
import { FULL_SHA_RE, isValidRefName, ZERO_SHA } from '../../git/names.js';
import type { TreeEntry } from '../../git/repository.js';
import type { CommitObject } from '../../git/objects.js';
import { ActionError, applyActions, resolveChanges, type FileAction, type FileActionKind } from '../../git/tree-actions.js';
import { protectDefaultBranch } from '../protected-branches/service.js';
import { assertCanPush, assertStillWritable, assertWritable, moveBranch, projectRepository, userSignature } from '../../repositories/access.js';
import { auditGitChange } from '../../audit/subjects.js';

export interface ActionInput {
  action: FileActionKind;
  filePath: string;
  previousPath?: string;
  content?: string;
  encoding: 'text' | 'base64';
  lastCommitId?: string;
  executeFilemode?: boolean;
}

export interface CreateCommitInput {
  branch: string;
  message: string;
  actions: ActionInput[];
  startBranch?: string;
  startSha?: string;
  authorName?: string;
  authorEmail?: string;
  force?: boolean;
}

const refused = (message: string) => failure(400, message);

/** Actions whose `last_commit_id` is compared with the file's last commit. */
const LOCKED_ACTIONS: FileActionKind[] = ['update', 'move', 'delete', 'chmod'];

export async function createCommit(core: CoreState, project: ProjectRow, user: UserRow, input: CreateCommitInput): Promise<CommitObject> {
  const { branch } = input;
  if (!isValidRefName(branch)) throw refused(`Something went wrong when we tried to create '${branch}' for you: Branch name is invalid`);
  assertCanPush(core, project, user, branch);
  assertWritable(project);
  // git refuses a commit message holding a NUL byte; say so instead of failing on the write.
  if (input.message.includes('\0')) throw refused('Commit message must not contain NUL bytes');

  const repo = projectRepository(core, project);
  await repo.ensure(project.default_branch);
  const empty = !(await repo.hasBranches());

  let startCommit: string | null = null;
  if (input.startSha !== undefined) {
    if (!FULL_SHA_RE.test(input.startSha)) throw refused(`Invalid start_sha '${input.startSha}'`);
    startCommit = await repo.resolveCommit(input.startSha);
    if (!startCommit) throw refused(`Cannot find start_sha '${input.startSha}'`);
  }
  const startBranch = input.startSha !== undefined ? undefined : (input.startBranch ?? branch);
  const different = startBranch !== branch;
  const current = await repo.branch(branch);

  if (startBranch !== undefined) {
    const start = isValidRefName(startBranch) ? await repo.branch(startBranch) : null;
    if (!empty && !start) throw refused('You can only create or edit files when you are on a branch');
    startCommit = start?.target ?? null;
  }
  if (!empty && different && current && !input.force) {
    throw refused(`A branch called '${branch}' already exists. Switch to that branch in order to make changes`);
  }

  for (const a of input.actions) {
    if (!LOCKED_ACTIONS.includes(a.action) || !a.lastCommitId || !startCommit) continue;
    const path = a.action === 'move' && a.previousPath ? a.previousPath : a.filePath;
    const last = await repo.lastCommitForPath(startCommit, path);
    if (last && last !== a.lastCommitId) throw refused(`The file has changed since you started editing it: ${path}`);
  }

  // Only the directories on the way to the changed paths are read, not the whole tree.
  const touched = input.actions.flatMap((a) => (a.previousPath !== undefined ? [a.filePath, a.previousPath] : [a.filePath]));
  const contents: Buffer[] = [];
  const actions: FileAction[] = input.actions.map((a) => {
    const stored = a.content ?? (a.action === 'create' ? '' : undefined);
    let content: number | undefined;
    if (stored !== undefined) content = contents.push(Buffer.from(stored, a.encoding === 'base64' ? 'base64' : 'utf8')) - 1;
    return {
      action: a.action,
      filePath: a.filePath,
      ...(a.previousPath !== undefined ? { previousPath: a.previousPath } : {}),
      ...(content !== undefined ? { content } : {}),
      ...(a.executeFilemode !== undefined ? { executeFilemode: a.executeFilemode } : {}),
    };
  });
  const author = {
    name: input.authorName || user.name,
    email: input.authorEmail || user.commit_email || user.email,
    time: core.clock.now(),
  };
  const committer = userSignature(core, user);
  const filesAt = async (tip: string | null): Promise<Map<string, TreeEntry>> => {
    const commit = tip ? await repo.commit(tip) : null;
    return commit ? repo.partialTree(commit.tree, touched) : new Map();
  };
  let blobIds: string[] | undefined;
  // The commit of the actions on `parent`, whose files (the touched part) are `tree`.
  const build = async (parent: string | null, tree: Map<string, TreeEntry>): Promise<{ commitId: string; paths: string[] }> => {
    let applied;
    try {
      applied = applyActions(tree, actions);
    } catch (error) {
      if (error instanceof ActionError) throw refused(error.message);
      throw error;
    }
    assertStillWritable(core, project);
    blobIds ??= await repo.writeBlobs(contents);
    const changes = resolveChanges(applied, blobIds);
    const parentTree = parent ? ((await repo.commit(parent))?.tree ?? null) : null;
    const treeId = await repo.writeTree(parentTree, changes);
    const commitId = await repo.commitTree(treeId, parent ? [parent] : [], input.message, author, committer);
    return { commitId, paths: changes.map((c) => c.path) };
  };
  const base = { tip: startCommit, files: await filesAt(startCommit) };
  const first = await build(base.tip, base.files);
  // The branch moves only from the value it had when the checks ran. Onto the branch itself,
  // another writer's commit to other files is no conflict: the change is built again on it (a
  // `last_commit_id` still guards the files it names). A new branch, or one forced over, is not
  // rebuilt.
  const expected = different ? (input.force && current ? current.target : ZERO_SHA) : (current?.target ?? ZERO_SHA);
  const rebase = different
    ? undefined
    : { base, paths: [...new Set([...first.paths, ...touched])], readFiles: filesAt, rebuild: async (b: { tip: string | null; files: Map<string, TreeEntry> }) => (await build(b.tip, b.files)).commitId };
  const commitId = await moveBranch(repo, branch, first.commitId, expected, rebase);
  const files = input.actions.length;
  await auditGitChange(core, {
    name: 'commit_created',
    entity: { type: 'Project', id: project.id },
    target: { type: 'Commit', id: commitId, details: branch },
    message: `Committed ${commitId.slice(0, 8)} to ${branch} (${files} file ${files === 1 ? 'change' : 'changes'})`,
  });
  if (!current && branch === project.default_branch) protectDefaultBranch(core, project);
  return (await repo.commit(commitId)) as CommitObject;
}
