// Project statistics (`statistics=true`), as the platform's ProjectStatistics counts them: the
// repository's and wiki's sizes on disk and the default branch's commit count, the sizes of the
// project's package files (their rows, until the destroy job deletes them) and of its snippets'
// repositories; storage_size is the sum of the size fields. A repository's size and the default
// branch's commit count are kept in the database once measured, until a write to the repository
// (src/core/repositories/repository-sizes.ts, commit-counts.ts). Only
// administrators and members from Reporter up see them; sizes of things this instance does not
// store (LFS, artifacts, uploads, container registry) are 0.
import type { ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { can, isAdmin } from '../../auth/policy.js';
import { RepositoryStore } from '../../git/store.js';
import { repositorySizes, type SizedRepository } from '../../repositories/repository-sizes.js';
import { defaultBranchCommitCounts } from '../../repositories/commit-counts.js';

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

/** The stored (or measured) sizes of one repository of each project. */
function projectRepositoryBytes(core: CoreState, projects: readonly ProjectRow[], kind: 'project' | 'project_wiki'): Map<number, number> {
  const relative = kind === 'project' ? RepositoryStore.projectRelativePath : RepositoryStore.projectWikiRelativePath;
  const repos: SizedRepository[] = projects.map((p) => ({ kind, id: p.id, storage: p.repository_storage, path: core.repos.at(p.repository_storage, relative(p.id)).path }));
  const bytes = repositorySizes(core, repos);
  return new Map(projects.map((p, i) => [p.id, bytes[i] as number]));
}

/**
 * Bytes of package files per project, one query for all of them. The platform adds a file's size
 * when the file is created and subtracts it when the file row is destroyed, so files of a package
 * marked pending_destruction still count (their bytes are kept until the job removes them).
 */
function packageBytes(core: CoreState, projects: readonly ProjectRow[]): Map<number, number> {
  const rows = core.db
    .prepare(
      `SELECT p.project_id AS id, SUM(f.size) AS n FROM packages p JOIN package_files f ON f.package_id = p.id
       WHERE p.project_id IN (SELECT value FROM json_each(?)) GROUP BY p.project_id`,
    )
    .all(JSON.stringify(projects.map((p) => p.id))) as { id: number; n: number }[];
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Bytes of the project snippets' repositories per project (the platform sums each snippet's repository size). */
function snippetBytes(core: CoreState, projects: readonly ProjectRow[]): Map<number, number> {
  const rows = core.db
    .prepare('SELECT id, project_id, repository_storage FROM snippets WHERE project_id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(projects.map((p) => p.id))) as { id: number; project_id: number; repository_storage: string }[];
  const sizes = repositorySizes(
    core,
    rows.map((s) => ({ kind: 'snippet', id: s.id, storage: s.repository_storage, path: core.repos.snippet(s).path })),
  );
  const bytes = new Map<number, number>();
  rows.forEach((s, i) => bytes.set(s.project_id, (bytes.get(s.project_id) ?? 0) + (sizes[i] as number)));
  return bytes;
}

export type StoragePart = (typeof STORAGE_PARTS)[number];
export type SizeField = keyof StorageSizes;

const none = (): Map<number, number> => new Map();

/**
 * How each part is read for a set of projects at once (a project missing from the answer has 0
 * bytes of it). Parts this instance does not store are always 0 and read nothing.
 */
const PART_READERS: Record<StoragePart, (core: CoreState, projects: readonly ProjectRow[]) => Map<number, number>> = {
  repository_size: (core, projects) => projectRepositoryBytes(core, projects, 'project'),
  wiki_size: (core, projects) => projectRepositoryBytes(core, projects, 'project_wiki'),
  lfs_objects_size: none,
  job_artifacts_size: none,
  pipeline_artifacts_size: none,
  packages_size: packageBytes,
  snippets_size: snippetBytes,
  uploads_size: none,
};

/** A repository size of the project `p` as stored (NULL where none is stored). */
const storedSql = (kind: string, id: string, storage: string): string =>
  `(SELECT s.bytes FROM repository_sizes s WHERE s.kind = '${kind}' AND s.container_id = ${id} AND s.storage = ${storage})`;

/** SQL of each part of `p` that the database answers, from the rows and the stored sizes. */
const PART_SQL: Partial<Record<StoragePart, { value: string; unknown: string }>> = {
  repository_size: { value: storedSql('project', 'p.id', 'p.repository_storage'), unknown: `${storedSql('project', 'p.id', 'p.repository_storage')} IS NULL` },
  wiki_size: { value: storedSql('project_wiki', 'p.id', 'p.repository_storage'), unknown: `${storedSql('project_wiki', 'p.id', 'p.repository_storage')} IS NULL` },
  packages_size: {
    value: '(SELECT COALESCE(SUM(f.size), 0) FROM packages pk JOIN package_files f ON f.package_id = pk.id WHERE pk.project_id = p.id)',
    unknown: '0',
  },
  snippets_size: {
    value: `(SELECT COALESCE(SUM(${storedSql('snippet', 'sn.id', 'sn.repository_storage')}), 0) FROM snippets sn WHERE sn.project_id = p.id)`,
    unknown: `EXISTS (SELECT 1 FROM snippets sn WHERE sn.project_id = p.id AND ${storedSql('snippet', 'sn.id', 'sn.repository_storage')} IS NULL)`,
  },
};

/**
 * A page of the projects `p` matching `condition` in the order of a size field that is one
 * repository's kept size, walked from the kept sizes' index (migration 47) rather than sorting
 * every matching project, and the matching projects whose size is not kept; null for a field
 * that sums parts. The page is exact once there are none.
 */
export function keptSizePageSql(field: SizeField, ctes: string, condition: string, dir: 'ASC' | 'DESC'): { page: string; missing: string } | null {
  const kind = field === 'repository_size' ? 'project' : field === 'wiki_size' ? 'project_wiki' : null;
  if (!kind) return null;
  // CROSS JOIN keeps the sizes' index as the outer loop, so the walk stops at the page's end.
  const rows = `FROM repository_sizes rs CROSS JOIN projects p ON p.id = rs.container_id AND p.repository_storage = rs.storage WHERE rs.kind = '${kind}'`;
  return {
    page: `${ctes}SELECT p.* ${rows} AND rs.bytes IS NOT NULL AND ${condition} ORDER BY rs.bytes ${dir}, rs.container_id ${dir} LIMIT @limit OFFSET @offset`,
    // Every project has its row (migration 47): one whose size is not kept has NULL bytes, and
    // the index holds those apart, so finding them costs the projects written since, not all of them.
    missing: `${ctes}SELECT p.* ${rows} AND rs.bytes IS NULL AND ${condition}`,
  };
}

const partsOf = (field: SizeField): StoragePart[] => (field === 'storage_size' ? STORAGE_PARTS.filter((k) => PART_SQL[k]) : [field]);

/**
 * SQL for a size field of the project `p`, in bytes, from what is stored: exact once
 * `unknownSizeSql` holds for none of the projects (the parts this instance does not store are 0).
 */
export const sizeFieldSql = (field: SizeField): string => `(${partsOf(field).map((k) => (PART_SQL[k] as { value: string }).value).join(' + ')})`;

/** SQL that holds for a project `p` when some repository a size field counts has no stored size. */
export const unknownSizeSql = (field: SizeField): string => `(${partsOf(field).map((k) => (PART_SQL[k] as { unknown: string }).unknown).join(' OR ')})`;

/**
 * The size fields of projects within one request. Each part is read only when a caller needs it
 * and at most once per project, from the stored sizes; a repository whose size is not stored is
 * measured (and its size stored). The figures read stay only for the request.
 */
export class ProjectSizes {
  private readonly known = new Map<number, Partial<Record<StoragePart, number>>>();

  constructor(private readonly core: CoreState) {}

  /** Reads the parts among `parts` that some of `projects` do not have yet. */
  private read(projects: readonly ProjectRow[], parts: readonly StoragePart[]): void {
    for (const part of parts) {
      const missing = projects.filter((p) => this.known.get(p.id)?.[part] === undefined);
      if (missing.length === 0) continue;
      const bytes = PART_READERS[part](this.core, missing);
      for (const p of missing) {
        let parts = this.known.get(p.id);
        if (!parts) this.known.set(p.id, (parts = {}));
        parts[part] = bytes.get(p.id) ?? 0;
      }
    }
  }

  /** One size field of each project: a part, or storage_size (which needs all of them). */
  field(projects: readonly ProjectRow[], field: SizeField): Map<number, number> {
    if (field === 'storage_size') {
      const all = this.all(projects);
      return new Map(projects.map((p) => [p.id, (all.get(p.id) as StorageSizes).storage_size]));
    }
    this.read(projects, [field]);
    return new Map(projects.map((p) => [p.id, this.known.get(p.id)?.[field] as number]));
  }

  /**
   * Measures (and stores) a size field of the projects `missing` selects (`SELECT p.* …` with its
   * arguments: those the field's stored sizes do not answer for yet).
   */
  storeMissing(missing: string, args: Record<string, unknown>, field: SizeField): void {
    const rows = this.core.db.prepare(missing).all(args) as ProjectRow[];
    if (rows.length === 0) return;
    if (field === 'storage_size') this.all(rows);
    else this.field(rows, field);
  }

  /** Every size field of each project. */
  all(projects: readonly ProjectRow[]): Map<number, StorageSizes> {
    this.read(projects, STORAGE_PARTS);
    return new Map(projects.map((p) => [p.id, sumSizes([this.known.get(p.id) as Omit<StorageSizes, 'storage_size'>])]));
  }
}

/** Every size field of each project (a one-off set: a group page's projects). */
export function storageSizes(core: CoreState, projects: readonly ProjectRow[]): Map<number, StorageSizes> {
  return new ProjectSizes(core).all(projects);
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

/**
 * Adds `statistics` to presented projects the viewer may see them for; `sizes` holds what the
 * request already read (the parts an order by size sorted on), so no part is read twice.
 */
export async function withStatistics<T extends { id: number }>(
  core: CoreState,
  viewer: UserRow | null,
  rows: readonly ProjectRow[],
  presented: T[],
  sizes: ProjectSizes = new ProjectSizes(core),
): Promise<(T & { statistics?: ProjectStatistics })[]> {
  const readable = rows.filter((r) => mayReadStatistics(core, viewer, r));
  const all = sizes.all(readable);
  const counts = await defaultBranchCommitCounts(core, readable);
  const commits = new Map(readable.map((r, i) => [r.id, counts[i] as number]));
  return presented.map((item) => {
    const size = all.get(item.id);
    const commit_count = commits.get(item.id);
    if (!size || commit_count === undefined) return item;
    const statistics: ProjectStatistics = { commit_count, ...size, container_registry_size: 0 };
    return Object.assign(item, { statistics });
  });
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
