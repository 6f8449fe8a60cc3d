// Project statistics (`statistics=true`), as the platform's ProjectStatistics counts them: the
// repository's and wiki's sizes on disk and the default branch's commit count, the sizes of the
// project's package files (their rows, until the destroy job deletes them) and of its snippets'
// repositories; storage_size is the sum of the size fields. Only administrators and members from
// Reporter up see them; sizes of things this instance does not store (LFS, artifacts, uploads,
// container registry) are 0.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { can, isAdmin } from '../../auth/policy.js';

/** The fields whose sum is storage_size (the platform's `update_storage_size`). */
export const STORAGE_PARTS = [
  'repository_size',
  'wiki_size',
  'lfs_objects_size',
  'job_artifacts_size',
  'pipeline_artifacts_size',
  'packages_size',
  'snippets_size',
  'uploads_size',
] as const;

export type StorageSizes = Record<'storage_size' | (typeof STORAGE_PARTS)[number], number>;

export interface ProjectStatistics extends StorageSizes {
  commit_count: number;
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

/**
 * Bytes of package files per project, one query for all of them. The platform adds a file's size
 * when the file is created and subtracts it when the file row is destroyed, so files of a package
 * marked pending_destruction still count (their bytes are kept until the job removes them).
 */
function packageBytes(core: CoreState, ids: string): Map<number, number> {
  const rows = core.db
    .prepare(
      `SELECT p.project_id AS id, SUM(f.size) AS n FROM packages p JOIN package_files f ON f.package_id = p.id
       WHERE p.project_id IN (SELECT value FROM json_each(?)) GROUP BY p.project_id`,
    )
    .all(ids) as { id: number; n: number }[];
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Bytes of the project snippets' repositories per project (the platform sums each snippet's repository size). */
function snippetBytes(core: CoreState, ids: string): Map<number, number> {
  const rows = core.db
    .prepare('SELECT id, project_id, repository_storage FROM snippets WHERE project_id IN (SELECT value FROM json_each(?))')
    .all(ids) as { id: number; project_id: number; repository_storage: string }[];
  const bytes = new Map<number, number>();
  for (const s of rows) bytes.set(s.project_id, (bytes.get(s.project_id) ?? 0) + directorySize(core.repos.snippet(s).path));
  return bytes;
}

/**
 * The size fields of each project: repositories and wikis read from disk, package and snippet
 * sizes gathered for all the projects at once.
 */
export function storageSizes(core: CoreState, projects: readonly ProjectRow[]): Map<number, StorageSizes> {
  const ids = JSON.stringify(projects.map((p) => p.id));
  const packages = projects.length ? packageBytes(core, ids) : new Map<number, number>();
  const snippets = projects.length ? snippetBytes(core, ids) : new Map<number, number>();
  const sizes = new Map<number, StorageSizes>();
  for (const p of projects) {
    const parts: Omit<StorageSizes, 'storage_size'> = {
      repository_size: directorySize(core.repos.project(p).path),
      wiki_size: directorySize(core.repos.projectWiki(p).path),
      lfs_objects_size: 0,
      job_artifacts_size: 0,
      pipeline_artifacts_size: 0,
      packages_size: packages.get(p.id) ?? 0,
      snippets_size: snippets.get(p.id) ?? 0,
      uploads_size: 0,
    };
    sizes.set(p.id, sumSizes([parts]));
  }
  return sizes;
}

/** Field-by-field sums, storage_size being the sum of the parts (a group's statistics, or one project's). */
export function sumSizes(items: readonly Omit<StorageSizes, 'storage_size'>[]): StorageSizes {
  const total = { storage_size: 0 } as StorageSizes;
  for (const k of STORAGE_PARTS) total[k] = 0;
  for (const item of items) for (const k of STORAGE_PARTS) total[k] += item[k];
  for (const k of STORAGE_PARTS) total.storage_size += total[k];
  return total;
}

export const mayReadStatistics = (core: CoreState, viewer: UserRow | null, p: ProjectRow): boolean => isAdmin(viewer) || (viewer !== null && can(core, viewer, 'read_statistics', { project: p }));

async function commitCount(core: CoreState, p: ProjectRow): Promise<number> {
  const repo = core.repos.project(p);
  return repo.exists() && (await repo.branch(p.default_branch)) ? repo.count({ rev: p.default_branch }) : 0;
}

/** Adds `statistics` to presented projects the viewer may see them for. */
export async function withStatistics<T extends { id: number }>(core: CoreState, viewer: UserRow | null, rows: readonly ProjectRow[], presented: T[]): Promise<(T & { statistics?: ProjectStatistics })[]> {
  const readable = rows.filter((r) => mayReadStatistics(core, viewer, r));
  const sizes = storageSizes(core, readable);
  const byId = new Map(readable.map((r) => [r.id, r]));
  return Promise.all(
    presented.map(async (item) => {
      const row = byId.get(item.id);
      const size = sizes.get(item.id);
      if (!row || !size) return item;
      const statistics: ProjectStatistics = { commit_count: await commitCount(core, row), ...size, container_registry_size: 0 };
      return { ...item, statistics };
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
