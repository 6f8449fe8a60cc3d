// Project statistics (`statistics=true`), read from the repositories themselves: sizes on disk
// and the default branch's commit count. Only administrators and members from Reporter up see
// them; sizes of things this instance does not store (LFS, artifacts, packages…) are 0.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { can, isAdmin } from '../../auth/policy.js';

export interface ProjectStatistics {
  commit_count: number;
  storage_size: number;
  repository_size: number;
  wiki_size: number;
  lfs_objects_size: number;
  job_artifacts_size: number;
  pipeline_artifacts_size: number;
  packages_size: number;
  snippets_size: number;
  uploads_size: number;
  container_registry_size: number;
}

/** Bytes of the files below a directory (0 when it does not exist). */
export function directorySize(dir: string): number {
  let total = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) total += directorySize(path);
    else if (e.isFile()) total += statSync(path).size;
  }
  return total;
}

/** Repository and wiki sizes, without asking git (enough to sort by). */
export function projectSizes(core: CoreState, p: ProjectRow): { repository_size: number; wiki_size: number; storage_size: number } {
  const repository_size = directorySize(core.repos.project(p).path);
  const wiki_size = directorySize(core.repos.projectWiki(p).path);
  return { repository_size, wiki_size, storage_size: repository_size + wiki_size };
}

export const mayReadStatistics = (core: CoreState, viewer: UserRow | null, p: ProjectRow): boolean => isAdmin(viewer) || (viewer !== null && can(core, viewer, 'read_statistics', { project: p }));

export async function projectStatistics(core: CoreState, p: ProjectRow): Promise<ProjectStatistics> {
  const repo = core.repos.project(p);
  let commit_count = 0;
  if (repo.exists() && (await repo.branch(p.default_branch))) commit_count = await repo.count({ rev: p.default_branch });
  return {
    commit_count,
    ...projectSizes(core, p),
    lfs_objects_size: 0,
    job_artifacts_size: 0,
    pipeline_artifacts_size: 0,
    packages_size: 0,
    snippets_size: 0,
    uploads_size: 0,
    container_registry_size: 0,
  };
}

/** Adds `statistics` to presented projects the viewer may see them for. */
export async function withStatistics<T extends { id: number }>(core: CoreState, viewer: UserRow | null, rows: readonly ProjectRow[], presented: T[]): Promise<(T & { statistics?: ProjectStatistics })[]> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return Promise.all(
    presented.map(async (item) => {
      const row = byId.get(item.id);
      return row && mayReadStatistics(core, viewer, row) ? { ...item, statistics: await projectStatistics(core, row) } : item;
    }),
  );
}

/**
 * What the repository itself says, for one project's entity: whether it has any branch, and the
 * README at the root of the default branch (readme_url only for callers who may read the code).
 */
export async function repositoryFacts(core: CoreState, p: ProjectRow, webUrl: string): Promise<{ empty_repo: boolean; readme_url: string | null }> {
  const repo = core.repos.project(p);
  if (!(await repo.hasBranches())) return { empty_repo: true, readme_url: null };
  const root = (await repo.lsTree(p.default_branch, '', false)) ?? [];
  const readme = root.filter((e) => e.type === 'blob' && /^readme(\.[a-z0-9]+)?$/i.test(e.path)).sort((a, b) => a.path.length - b.path.length)[0];
  return { empty_repo: false, readme_url: readme ? `${webUrl}/-/blob/${p.default_branch}/${readme.path}` : null };
}
