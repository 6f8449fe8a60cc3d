// The package, package file and pipeline entities. Pipelines of a page of packages are read in
// one query per page, never one per package.
import type { PackageFileRow, PackageRow, PipelineRow, ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { placeholders } from '../../db/sql.js';
import { projectFullPath } from '../../resources/find.js';
import { projectWebUrl, userWebUrl } from '../../resources/urls.js';
import { DETAILED_STATUSES, type PackageStatus } from './types.js';

export function pipelineWebUrl(core: CoreState, fullPath: string, pipeline: PipelineRow): string {
  return `${projectWebUrl(core, fullPath)}/-/pipelines/${pipeline.id}`;
}

function usersById(core: CoreState, ids: readonly (number | null)[]): Map<number, UserRow> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = core.db.prepare(`SELECT * FROM users WHERE id IN (${placeholders(wanted.length)})`).all(...wanted) as UserRow[];
  return new Map(rows.map((u) => [u.id, u]));
}

/** The pipeline as the pipelines API shows it (one read). */
export function presentPipeline(core: CoreState, fullPath: string, p: PipelineRow, user: UserRow | undefined, withUser = true) {
  return {
    id: p.id,
    iid: p.iid,
    project_id: p.project_id,
    sha: p.sha,
    ref: p.ref,
    status: p.status,
    source: p.source,
    created_at: p.created_at,
    updated_at: p.updated_at,
    web_url: pipelineWebUrl(core, fullPath, p),
    ...(withUser
      ? { user: user ? { id: user.id, username: user.username, name: user.name, state: user.state, avatar_url: null, web_url: userWebUrl(core, user.username) } : null }
      : {}),
  };
}

export function presentPipelines(core: CoreState, fullPath: string, rows: PipelineRow[], withUser = true) {
  const users = withUser ? usersById(core, rows.map((r) => r.user_id)) : new Map<number, UserRow>();
  return rows.map((p) => presentPipeline(core, fullPath, p, p.user_id === null ? undefined : users.get(p.user_id), withUser));
}

/** The summary embedded in package entities. */
function pipelineSummary(core: CoreState, fullPath: string, p: PipelineRow, user: UserRow | undefined) {
  return {
    id: p.id,
    status: p.status,
    ref: p.ref,
    sha: p.sha,
    web_url: pipelineWebUrl(core, fullPath, p),
    created_at: p.created_at,
    updated_at: p.updated_at,
    user: user ? { name: user.name, avatar_url: null } : null,
  };
}

type Summary = ReturnType<typeof pipelineSummary>;

/** Pipelines that published each package, newest first. */
function pipelinesOf(core: CoreState, packageIds: number[], fullPathOf: (projectId: number) => string): Map<number, Summary[]> {
  const out = new Map<number, Summary[]>();
  if (packageIds.length === 0) return out;
  const rows = core.db
    .prepare(
      `SELECT pp.package_id AS package_id, p.* FROM package_pipelines pp JOIN pipelines p ON p.id = pp.pipeline_id
       WHERE pp.package_id IN (${placeholders(packageIds.length)}) ORDER BY p.id DESC`,
    )
    .all(...packageIds) as (PipelineRow & { package_id: number })[];
  const users = usersById(core, rows.map((r) => r.user_id));
  for (const r of rows) {
    const list = out.get(r.package_id) ?? [];
    list.push(pipelineSummary(core, fullPathOf(r.project_id), r, r.user_id === null ? undefined : users.get(r.user_id)));
    out.set(r.package_id, list);
  }
  return out;
}

function tagsOf(core: CoreState, packageIds: number[]) {
  const out = new Map<number, { id: number; package_id: number; name: string; created_at: string; updated_at: string }[]>();
  if (packageIds.length === 0) return out;
  const rows = core.db
    .prepare(`SELECT id, package_id, name, created_at, updated_at FROM package_tags WHERE package_id IN (${placeholders(packageIds.length)}) ORDER BY id`)
    .all(...packageIds) as { id: number; package_id: number; name: string; created_at: string; updated_at: string }[];
  for (const r of rows) out.set(r.package_id, [...(out.get(r.package_id) ?? []), r]);
  return out;
}

export interface PresentOptions {
  apiBase: string;
  /** Whether the caller may delete this package (role and deletion-protection rules). */
  canDestroy: (project: ProjectRow, pkg: PackageRow) => boolean;
  projectOf: (projectId: number) => ProjectRow;
  /** Group lists add project_id and project_path. */
  group?: boolean;
  /** The single-package read adds last_downloaded_at and versions. */
  detail?: boolean;
}

export function presentPackages(core: CoreState, rows: PackageRow[], opts: PresentOptions): Record<string, unknown>[] {
  const paths = new Map<number, string>();
  const fullPathOf = (projectId: number) => {
    let path = paths.get(projectId);
    if (path === undefined) {
      path = projectFullPath(core, opts.projectOf(projectId));
      paths.set(projectId, path);
    }
    return path;
  };
  const ids = rows.map((r) => r.id);
  const pipelines = pipelinesOf(core, ids, fullPathOf);
  const tags = tagsOf(core, ids);
  return rows.map((row) => {
    const project = opts.projectOf(row.project_id);
    const fullPath = fullPathOf(row.project_id);
    const links: Record<string, string> = {};
    if (DETAILED_STATUSES.includes(row.status as PackageStatus)) {
      links.web_path = row.package_type === 'terraform_module' ? `/${fullPath}/-/infrastructure_registry/${row.id}` : `/${fullPath}/-/packages/${row.id}`;
    }
    if (opts.canDestroy(project, row)) links.delete_api_path = `${opts.apiBase}/projects/${row.project_id}/packages/${row.id}`;
    const own = pipelines.get(row.id) ?? [];
    const out: Record<string, unknown> = { id: row.id, name: row.name };
    if (row.package_type === 'conan') out.conan_package_name = row.conan_package_name;
    Object.assign(out, { version: row.version, package_type: row.package_type, status: row.status, _links: links, created_at: row.created_at });
    if (opts.detail) out.last_downloaded_at = row.last_downloaded_at;
    if (opts.group) Object.assign(out, { project_id: row.project_id, project_path: fullPath });
    out.tags = tags.get(row.id) ?? [];
    if (own.length > 0) Object.assign(out, { pipeline: own[0], pipelines: own });
    if (opts.detail) out.versions = versionsOf(core, row, fullPathOf);
    return out;
  });
}

/** The project's other versions of the package: same name and type, listed statuses, by version. */
function versionsOf(core: CoreState, row: PackageRow, fullPathOf: (projectId: number) => string) {
  const others = core.db
    .prepare(
      `SELECT * FROM packages WHERE project_id = ? AND name = ? AND package_type = ? AND id <> ? AND version IS NOT NULL AND version <> ?
       AND status IN ('default', 'deprecated', 'error') ORDER BY version, id LIMIT 100`,
    )
    .all(row.project_id, row.name, row.package_type, row.id, row.version ?? '') as PackageRow[];
  const pipelines = pipelinesOf(core, others.map((o) => o.id), fullPathOf);
  return others.map((o) => {
    const own = pipelines.get(o.id) ?? [];
    return { id: o.id, version: o.version, created_at: o.created_at, ...(own.length > 0 ? { pipelines: own } : {}) };
  });
}

export function presentPackageFiles(core: CoreState, fullPath: string, rows: PackageFileRow[]) {
  const pipelineIds = [...new Set(rows.map((r) => r.pipeline_id).filter((id): id is number => id !== null))];
  const byId = new Map<number, Summary>();
  if (pipelineIds.length > 0) {
    const found = core.db.prepare(`SELECT * FROM pipelines WHERE id IN (${placeholders(pipelineIds.length)})`).all(...pipelineIds) as PipelineRow[];
    const users = usersById(core, found.map((p) => p.user_id));
    for (const p of found) byId.set(p.id, pipelineSummary(core, fullPath, p, p.user_id === null ? undefined : users.get(p.user_id)));
  }
  return rows.map((f) => presentPackageFile(f, f.pipeline_id === null ? undefined : byId.get(f.pipeline_id)));
}

export function presentPackageFile(f: PackageFileRow, pipeline?: Summary) {
  return {
    id: f.id,
    package_id: f.package_id,
    created_at: f.created_at,
    file_name: f.file_name,
    size: f.size,
    file_md5: f.file_md5,
    file_sha1: f.file_sha1,
    file_sha256: f.file_sha256,
    ...(pipeline ? { pipelines: [pipeline] } : {}),
  };
}
