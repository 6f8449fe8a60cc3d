// Commit objects → the platform's Commit and CommitDetail entities.
import type { ProjectRow } from '../db/rows.js';
import type { CoreState } from '../state.js';
import { commitTitle, parseTrailers, type CommitObject } from '../git/objects.js';
import type { DiffStats } from '../git/repository.js';
import { projectFullPath } from '../resources/find.js';
import { projectWebUrl } from '../resources/urls.js';

/** `<project web_url>`, computed once per request and passed to the presenters. */
export const projectUrl = (core: CoreState, project: ProjectRow): string => projectWebUrl(core, projectFullPath(core, project));

/** `withTrailers: false` leaves both trailer maps empty, as the platform's list without `trailers=true`. */
export function presentCommit(projectUrlBase: string, c: CommitObject, withTrailers = true) {
  const trailers = withTrailers ? parseTrailers(c.message) : { single: {}, all: {} };
  return {
    id: c.id,
    short_id: c.id.slice(0, 8),
    created_at: c.committer.date,
    parent_ids: c.parentIds,
    title: commitTitle(c.message),
    message: c.message,
    author_name: c.author.name,
    author_email: c.author.email,
    authored_date: c.author.date,
    committer_name: c.committer.name,
    committer_email: c.committer.email,
    committed_date: c.committer.date,
    trailers: trailers.single,
    extended_trailers: trailers.all,
    web_url: `${projectUrlBase}/-/commit/${c.id}`,
  };
}

export function presentCommitDetail(projectUrlBase: string, project: ProjectRow, c: CommitObject, stats: DiffStats | null) {
  return Object.assign(presentCommit(projectUrlBase, c), stats ? { stats } : {}, { status: null, project_id: project.id, last_pipeline: null });
}
