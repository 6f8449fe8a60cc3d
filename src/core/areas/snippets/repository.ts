// A snippet's files live in its own bare repository (`@snippets/<id>.git` on the storage its row
// names), on one branch. Writes refuse while the snippet (or, for a project snippet, its project)
// is read-only: a storage move is copying the repository.
import type { ProjectRow, SnippetRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import type { GitRepository, TreeEntry } from '../../git/repository.js';
import { failure } from '../../http/errors.js';
import { READ_ONLY_MESSAGE } from '../../repositories/access.js';

/** The branch every snippet repository keeps its files on (the platform's default). */
export const SNIPPET_BRANCH = 'main';

export const snippetRepository = (core: CoreState, s: Pick<SnippetRow, 'id' | 'repository_storage'>): GitRepository => core.repos.snippet(s);

/** The platform's refusal while the snippet's repository (or its project's) is read-only. */
export function assertSnippetWritable(core: CoreState, s: Pick<SnippetRow, 'id' | 'project_id'>): void {
  const row = core.db.prepare('SELECT repository_read_only FROM snippets WHERE id = ?').get(s.id) as { repository_read_only: number } | undefined;
  if (row?.repository_read_only === 1) throw failure(400, READ_ONLY_MESSAGE);
  if (s.project_id !== null) {
    const p = core.db.prepare('SELECT repository_read_only FROM projects WHERE id = ?').get(s.project_id) as Pick<ProjectRow, 'repository_read_only'> | undefined;
    if (p?.repository_read_only === 1) throw failure(400, READ_ONLY_MESSAGE);
  }
}

/** The files of the snippet's branch, in git's path order (empty when nothing was committed). */
export async function snippetFiles(core: CoreState, s: SnippetRow): Promise<Map<string, TreeEntry>> {
  const repo = snippetRepository(core, s);
  const out = new Map<string, TreeEntry>();
  if (!repo.exists()) return out;
  // One git process per snippet (lists show many): a missing branch simply lists nothing.
  const entries = await repo.lsTree(`refs/heads/${SNIPPET_BRANCH}`, '', true);
  for (const e of entries ?? []) if (e.type === 'blob') out.set(e.path, { mode: e.mode, type: e.type, sha: e.sha });
  return out;
}

/** One blob's bytes. */
export async function readBlob(repo: GitRepository, sha: string): Promise<Buffer | null> {
  const obj = (await repo.readObjects([sha])).get(sha);
  return obj && obj.type === 'blob' ? obj.data : null;
}

