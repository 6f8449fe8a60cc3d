// Who may see and change a snippet. A personal snippet is public (anyone), internal (signed-in
// non-external users) or private (its author); administrators read everything. A project snippet
// is seen only by those who see its project, and within it private snippets need membership
// (Guest and up). Personal snippets are changed by their author alone; project snippets by
// their author or a Maintainer; creating a project snippet needs Reporter. The lists apply the
// same rules as SQL conditions (list.ts): a change here is a change there.
import type { ProjectRow, SnippetRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { accessLevelOf, canSee, isAdmin } from '../../auth/policy.js';

export const projectOfSnippet = (core: CoreState, s: Pick<SnippetRow, 'project_id'>): ProjectRow | undefined =>
  s.project_id === null ? undefined : (core.db.prepare('SELECT * FROM projects WHERE id = ?').get(s.project_id) as ProjectRow | undefined);

export function canReadSnippet(core: CoreState, actor: UserRow | null, s: SnippetRow, project?: ProjectRow): boolean {
  if (isAdmin(actor)) return true;
  const isAuthor = !!actor && actor.id === s.author_id;
  if (s.project_id === null) {
    if (s.visibility === 'public' || isAuthor) return true;
    return !!actor && s.visibility === 'internal' && actor.external !== 1;
  }
  const p = project ?? projectOfSnippet(core, s);
  if (!p || !canSee(core, actor, { project: p })) return false;
  if (s.visibility === 'public' || isAuthor) return true;
  if (!actor) return false;
  const level = accessLevelOf(core, actor, { project: p });
  if (s.visibility === 'internal') return actor.external !== 1 || level >= 10;
  return level >= 10;
}

/** Project snippets: the author (still a member) or a Maintainer changes and deletes. */
export function canAdminProjectSnippet(core: CoreState, actor: UserRow | null, s: SnippetRow, project: ProjectRow): boolean {
  if (!actor) return false;
  if (isAdmin(actor)) return true;
  const level = accessLevelOf(core, actor, { project });
  if (level >= 40) return true;
  return actor.id === s.author_id && level >= 10;
}

export function canCreateProjectSnippet(core: CoreState, actor: UserRow | null, project: ProjectRow): boolean {
  if (!actor) return false;
  return isAdmin(actor) || accessLevelOf(core, actor, { project }) >= 20;
}

/** External users may not create snippets (the platform's global policy). */
export const canCreatePersonalSnippet = (actor: UserRow): boolean => isAdmin(actor) || actor.external !== 1;
