// Snippet rows → the platform's Snippet entity. URLs follow the web routes: a personal snippet
// under `<base>/-/snippets/<id>`, a project snippet under its project's web URL; repository URLs
// appear only once the repository exists.
import type { ProjectRow, SnippetRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { projectFullPath } from '../../resources/find.js';
import { projectWebUrl } from '../../resources/urls.js';
import { userBasicById } from '../users/present.js';
import { SNIPPET_BRANCH, snippetFiles, snippetRepository } from './repository.js';

export interface SnippetPresentOptions {
  /** Adds `repository_storage` (the administrators' all-snippets listing). */
  withStorage?: boolean;
}

const encodePath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

/** A snippet's web and repository URLs (also shown in storage move records). */
export function snippetLocations(core: CoreState, s: Pick<SnippetRow, 'id'>, project: ProjectRow | undefined) {
  const base = core.settings.externalUrl;
  const host = new URL(base).hostname;
  if (project) {
    const full = projectFullPath(core, project);
    const web = `${projectWebUrl(core, full)}/-/snippets/${s.id}`;
    return { web, ssh: `git@${host}:${full}/snippets/${s.id}.git`, http: `${projectWebUrl(core, full)}/snippets/${s.id}.git` };
  }
  return { web: `${base}/-/snippets/${s.id}`, ssh: `git@${host}:snippets/${s.id}.git`, http: `${base}/snippets/${s.id}.git` };
}

export async function presentSnippet(core: CoreState, s: SnippetRow, options: SnippetPresentOptions = {}) {
  const project = s.project_id === null ? undefined : (core.db.prepare('SELECT * FROM projects WHERE id = ?').get(s.project_id) as ProjectRow | undefined);
  const where = snippetLocations(core, s, project);
  const files = [...(await snippetFiles(core, s)).keys()];
  const repoExists = snippetRepository(core, s).exists();
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    visibility: s.visibility,
    author: userBasicById(core, s.author_id),
    created_at: s.created_at,
    updated_at: s.updated_at,
    project_id: s.project_id,
    web_url: where.web,
    raw_url: `${where.web}/raw`,
    ...(repoExists ? { ssh_url_to_repo: where.ssh, http_url_to_repo: where.http } : {}),
    file_name: files[0] ?? null,
    files: files.map((path) => ({ path, raw_url: `${where.web}/raw/${SNIPPET_BRANCH}/${encodePath(path)}` })),
    imported: s.imported === 1,
    imported_from: s.imported_from,
    ...(s.project_id === null ? { expires_at: s.expires_at } : {}),
    ...(options.withStorage ? { repository_storage: s.repository_storage } : {}),
  };
}

export const presentSnippets = (core: CoreState, rows: readonly SnippetRow[], options: SnippetPresentOptions = {}) =>
  Promise.all(rows.map((r) => presentSnippet(core, r, options)));

export const presentUserAgentDetail = (s: SnippetRow) => ({ user_agent: s.user_agent ?? '', ip_address: s.ip_address ?? '', spamcheck_submitted: false });
