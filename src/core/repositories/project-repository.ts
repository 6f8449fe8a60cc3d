// A project's repository and its life cycle: created with the project (optionally with a
// README commit), removed with it, HEAD kept on the default branch. Reaching it and the right to
// write to it are in access.ts.
//
// Ordering keeps metadata from pointing at missing git data: the repository is made while the
// project row's transaction is still open (a failure rolls the row back; a crash leaves at most
// an orphan directory, which the next project with that id replaces), and on deletion the row
// goes first and the directory after.
import type { ProjectRow, UserRow } from '../db/rows.js';
import type { CoreState } from '../state.js';
import { validationError } from '../http/errors.js';
import { isValidRefName } from '../git/names.js';
import { protectDefaultBranch } from '../areas/protected-branches/service.js';
import { projectRepository, userSignature } from './access.js';
import { runGitSync } from '../git/exec.js';

export function readmeContent(project: Pick<ProjectRow, 'name' | 'description'>): string {
  return project.description ? `# ${project.name}\n\n${project.description}\n` : `# ${project.name}\n`;
}

/**
 * Creates the bare repository of a new project, inside the transaction that inserts its row.
 * With `withReadme`, the default branch starts with a README.md commit and is protected.
 */
export function createProjectRepositorySync(core: CoreState, project: ProjectRow, options: { withReadme: boolean; creator: UserRow }): void {
  if (!isValidRefName(project.default_branch)) throw validationError({ default_branch: ['is invalid'] });
  const repo = projectRepository(core, project);
  try {
    repo.initSync(project.default_branch);
    if (options.withReadme) {
      const who = userSignature(core, options.creator);
      repo.initialCommitSync(project.default_branch, { path: 'README.md', content: readmeContent(project) }, 'Initial commit', who, who);
      protectDefaultBranch(core, project);
    }
  } catch (error) {
    repo.remove();
    throw error;
  }
}

/** Removes a deleted project's repository (after its row is gone). */
export function removeProjectRepository(core: CoreState, project: Pick<ProjectRow, 'id' | 'repository_storage'>): void {
  projectRepository(core, project).remove();
}

/** Keeps HEAD (what a clone checks out) on the project's default branch. */
export function syncRepositoryHead(core: CoreState, project: ProjectRow): void {
  if (isValidRefName(project.default_branch)) projectRepository(core, project).setHeadSync(project.default_branch);
}

/**
 * Copies a project's branches and tags (or one branch) into another project's new repository,
 * inside the transaction that creates the fork: a failure rolls the fork back. git copies the
 * objects, so the fork is a repository of its own on its own storage.
 */
export function copyRepositorySync(core: CoreState, from: ProjectRow, to: ProjectRow, branch?: string): void {
  const source = projectRepository(core, from);
  const target = projectRepository(core, to);
  if (!source.exists()) return;
  const refspecs = branch ? [`+refs/heads/${branch}:refs/heads/${branch}`] : ['+refs/heads/*:refs/heads/*', '+refs/tags/*:refs/tags/*'];
  try {
    target.writingSync(() => runGitSync(target.path, ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', '--no-auto-gc', source.path, ...refspecs]));
    if (isValidRefName(to.default_branch)) target.setHeadSync(to.default_branch);
  } catch (error) {
    target.remove();
    throw error;
  }
}
