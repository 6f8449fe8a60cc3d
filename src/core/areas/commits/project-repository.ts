// A project's repository and its life cycle: created with the project (optionally with a
// README commit), removed with it, HEAD kept on the default branch. Writes refuse while the
// repository is read-only (a storage move in progress) or the project is archived.
//
// Ordering keeps metadata from pointing at missing git data: the repository is made while the
// project row's transaction is still open (a failure rolls the row back; a crash leaves at most
// an orphan directory, which the next project with that id replaces), and on deletion the row
// goes first and the directory after.
import type { ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { failure, forbidden, validationError } from '../../http/errors.js';
import { isValidRefName } from '../../git/names.js';
import type { GitRepository, Signature } from '../../git/repository.js';
import { protectDefaultBranch } from '../protected-branches/service.js';

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

export const userSignature = (core: CoreState, user: UserRow): Signature => ({
  name: user.name,
  email: user.commit_email || user.email,
  time: core.clock.now(),
});

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
