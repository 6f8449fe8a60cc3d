// Tag refs → the platform's Tag entity: the ref's target, the commit it points at, the
// annotation (message and date) of annotated tags, and the release made from the tag.
import type { ProjectRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import type { GitRepository, TagRef } from '../../git/repository.js';
import { presentCommit, projectUrl } from '../../repositories/present-commit.js';
import { placeholders } from '../../db/sql.js';

interface ReleaseSummary {
  tag: string;
  description: string | null;
}

function releasesFor(core: CoreState, projectId: number, names: string[]): Map<string, ReleaseSummary> {
  if (names.length === 0) return new Map();
  const rows = core.db
    .prepare(`SELECT tag, description FROM releases WHERE project_id = ? AND tag IN (${placeholders(names.length)})`)
    .all(projectId, ...names) as ReleaseSummary[];
  return new Map(rows.map((r) => [r.tag, r]));
}

export async function presentTags(core: CoreState, project: ProjectRow, repo: GitRepository, tags: TagRef[]) {
  if (tags.length === 0) return [];
  const [annotations, commits] = await Promise.all([
    repo.tagObjects(tags.filter((t) => t.objectType === 'tag').map((t) => t.target)),
    repo.commits(tags.flatMap((t) => (t.commitId ? [t.commitId] : []))),
  ]);
  const releases = releasesFor(core, project.id, tags.map((t) => t.name));
  const base = projectUrl(core, project);
  return tags.map((t) => {
    const annotation = annotations.get(t.target);
    const commit = t.commitId ? commits.get(t.commitId) : undefined;
    const release = releases.get(t.name);
    return {
      name: t.name,
      message: annotation ? annotation.message.replace(/\n+$/, '') : null,
      target: t.target,
      commit: commit ? presentCommit(base, commit) : null,
      release: release ? { tag_name: release.tag, description: release.description } : null,
      protected: false,
      created_at: annotation?.tagger?.date ?? null,
    };
  });
}
