// The git repositories that go with rows about to be deleted: a project's repository and wiki,
// a group's wiki, each snippet's repository. They are listed before the rows go (the rows say
// where they live), and removed after the deletion commits, so metadata never points at a
// missing repository; a crash in between leaves only unreferenced directories under ids that are
// never handed out again (AUTOINCREMENT), which nothing will trip over.
import type { CoreState } from '../state.js';
import type { GitRepository } from '../git/repository.js';
import { descendantIds } from '../auth/access.js';

interface Owner {
  id: number;
  repository_storage: string;
}

const marks = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

/** Repositories of these projects: each project's own and its wiki, and its snippets'. */
export function projectRepositories(core: CoreState, projectIds: readonly number[]): GitRepository[] {
  if (projectIds.length === 0) return [];
  const projects = core.db.prepare(`SELECT id, repository_storage FROM projects WHERE id IN (${marks(projectIds.length)})`).all(...projectIds) as Owner[];
  const snippets = core.db.prepare(`SELECT id, repository_storage FROM snippets WHERE project_id IN (${marks(projectIds.length)})`).all(...projectIds) as Owner[];
  return [...projects.flatMap((p) => [core.repos.project(p), core.repos.projectWiki(p)]), ...snippets.map((s) => core.repos.snippet(s))];
}

/** Repositories of a group and everything below it: group wikis and the projects'. */
export function groupRepositories(core: CoreState, groupId: number): GitRepository[] {
  const ids = descendantIds(core, groupId);
  const groups = core.db.prepare(`SELECT id, repository_storage FROM namespaces WHERE id IN (${marks(ids.length)})`).all(...ids) as Owner[];
  const projects = core.db.prepare(`SELECT id FROM projects WHERE namespace_id IN (${marks(ids.length)})`).all(...ids) as { id: number }[];
  return [...groups.map((g) => core.repos.groupWiki(g)), ...projectRepositories(core, projects.map((p) => p.id))];
}

/**
 * Repositories that deleting a user takes with it: everything under the namespaces the user
 * owns (deleted with the user), and the user's personal snippets.
 */
export function userRepositories(core: CoreState, userId: number): GitRepository[] {
  const owned = core.db.prepare('SELECT id FROM namespaces WHERE owner_id = ?').all(userId) as { id: number }[];
  const snippets = core.db.prepare('SELECT id, repository_storage FROM snippets WHERE author_id = ?').all(userId) as Owner[];
  return [...owned.flatMap((ns) => groupRepositories(core, ns.id)), ...snippets.map((s) => core.repos.snippet(s))];
}

/** Removes repositories whose rows are gone; a failure is logged, never raised to the caller. */
export function removeRepositories(core: CoreState, repos: readonly GitRepository[]): void {
  for (const repo of repos) {
    try {
      repo.remove();
    } catch (error) {
      core.log(`could not remove ${repo.path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
