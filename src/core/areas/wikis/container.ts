// What owns a wiki: a project (wiki beside its repository, `@projects/<id>.wiki.git` on the
// project's storage) or a group (`@groups/<id>.wiki.git` on the group's storage). Writes refuse
// while the owner is read-only (a storage move copies the repository) and, for projects, while
// the project is archived.
import type { NamespaceRow, ProjectRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import type { GitRepository } from '../../git/repository.js';
import { failure } from '../../http/errors.js';
import { assertWritable, READ_ONLY_MESSAGE } from '../../repositories/access.js';
import type { AuditEntity } from '../../audit/record.js';

/** The branch wiki repositories keep their pages on. */
export const WIKI_BRANCH = 'main';

export interface WikiContainer {
  repo: GitRepository;
  /** Whose audit list shows the wiki's changes. */
  entity: AuditEntity;
  /** Throws the platform's refusal when the wiki may not be written now (re-read from the row). */
  assertWritable(): void;
}

export function projectWiki(core: CoreState, project: ProjectRow): WikiContainer {
  return {
    repo: core.repos.projectWiki(project),
    entity: { type: 'Project', id: project.id },
    assertWritable: () => {
      const row = core.db.prepare('SELECT * FROM projects WHERE id = ?').get(project.id) as ProjectRow | undefined;
      assertWritable(row ?? project);
    },
  };
}

export function groupWiki(core: CoreState, group: NamespaceRow): WikiContainer {
  return {
    repo: core.repos.groupWiki(group),
    entity: { type: 'Group', id: group.id, path: group.full_path },
    assertWritable: () => {
      const row = core.db.prepare('SELECT repository_read_only FROM namespaces WHERE id = ?').get(group.id) as { repository_read_only: number } | undefined;
      if ((row?.repository_read_only ?? group.repository_read_only) === 1) throw failure(400, READ_ONLY_MESSAGE);
    },
  };
}

