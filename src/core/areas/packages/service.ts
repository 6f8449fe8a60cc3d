// Writing packages: find-or-create by (project, type, name, version), add a file whose bytes
// were received already, delete a package (marked pending_destruction; a job removes its files
// and then the row) or one file. Bytes whose last file row goes are removed in the same write
// transaction (a file here, bytes held in the database by a trigger), so a concurrent upload of
// the same content either finds them or stores them anew.
import { auditRow } from '../../audit/subjects.js';
import type { PackageFileRow, PackageRow, ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { accessLevelOf, isAdmin } from '../../auth/policy.js';
import { releaseBlob, storeBlob, type ReceivedBlob } from './blobs.js';
import { PACKAGE_TYPE_RANKS, type PackageStatus, type PackageType } from './types.js';

export const DESTROY_JOB = 'packages.destroy';

export interface PackageDraft {
  projectId: number;
  name: string;
  version: string | null;
  type: PackageType;
  status?: PackageStatus;
  conanPackageName?: string;
  tags?: string[];
  pipelineId?: number | null;
}

/** The live package of that identity (anything but pending_destruction), or a new one. Call in a transaction. */
export function findOrCreatePackage(core: CoreState, draft: PackageDraft, statusOnExisting?: PackageStatus): PackageRow {
  const now = core.nowIso();
  const existing = core.db
    .prepare(
      `SELECT * FROM packages WHERE project_id = ? AND package_type = ? AND name = ? AND version IS ? AND status <> 'pending_destruction'
       ORDER BY id DESC LIMIT 1`,
    )
    .get(draft.projectId, draft.type, draft.name, draft.version) as PackageRow | undefined;
  let row = existing;
  if (row && statusOnExisting && row.status !== statusOnExisting) {
    core.db.prepare('UPDATE packages SET status = ?, updated_at = ? WHERE id = ?').run(statusOnExisting, now, row.id);
    row = { ...row, status: statusOnExisting, updated_at: now };
  }
  if (!row) {
    // RETURNING: the new row as stored (defaults included), without reading it again.
    row = core.db
      .prepare(
        `INSERT INTO packages (project_id, name, version, package_type, type_rank, status, conan_package_name, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
      )
      .get(draft.projectId, draft.name, draft.version, draft.type, PACKAGE_TYPE_RANKS[draft.type], draft.status ?? 'default', draft.conanPackageName ?? null, now, now) as PackageRow;
    for (const tag of draft.tags ?? []) core.db.prepare('INSERT INTO package_tags (package_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(row.id, tag, now, now);
  }
  if (draft.pipelineId) core.db.prepare('INSERT OR IGNORE INTO package_pipelines (package_id, pipeline_id) VALUES (?, ?)').run(row.id, draft.pipelineId);
  return row;
}

/** Records a received file and moves its bytes into place; both or neither. */
export function addPackageFile(core: CoreState, pkg: PackageRow, fileName: string, blob: ReceivedBlob, pipelineId: number | null): PackageFileRow {
  const now = core.nowIso();
  const row = core.db
    .prepare(
      `INSERT INTO package_files (package_id, file_name, size, file_md5, file_sha1, file_sha256, pipeline_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    )
    .get(pkg.id, fileName, blob.size, blob.md5, blob.sha1, blob.sha256, pipelineId, now, now) as PackageFileRow;
  // Last: a failed rename (or insert of small bytes) throws and rolls the row back with the transaction.
  storeBlob(core, blob);
  return row;
}

/** Marks the package for destruction; the job removes it. Call in a transaction. */
export function markForDestruction(core: CoreState, pkg: PackageRow): void {
  core.db.prepare("UPDATE packages SET status = 'pending_destruction', updated_at = ? WHERE id = ?").run(core.nowIso(), pkg.id);
  auditRow(core, { type: 'Project', id: pkg.project_id }, 'package_registry_package_deleted', { type: 'Packages::Package', id: pkg.id, details: `${pkg.name} ${pkg.version ?? ''}`.trim() }, `Deleted package ${pkg.name}`);
  core.jobs.enqueue(DESTROY_JOB, { packageId: pkg.id });
}

/** Removes one file row, and its bytes when nothing else names them. Call in a transaction. */
export function removePackageFile(core: CoreState, file: PackageFileRow): void {
  core.db.prepare('DELETE FROM package_files WHERE id = ?').run(file.id);
  releaseBlob(core, file.file_sha256);
}

/** The destroy job: every file (and unshared bytes), then the package. Safe to run twice. */
export function destroyPackageJob(core: CoreState, payload: unknown): void {
  const { packageId } = payload as { packageId: number };
  core.tx(() => {
    const pkg = core.db.prepare("SELECT * FROM packages WHERE id = ? AND status = 'pending_destruction'").get(packageId) as PackageRow | undefined;
    if (!pkg) return;
    const files = core.db.prepare('SELECT * FROM package_files WHERE package_id = ?').all(pkg.id) as PackageFileRow[];
    for (const f of files) removePackageFile(core, f);
    core.db.prepare('DELETE FROM packages WHERE id = ?').run(pkg.id);
  });
}

/** The actor's level for protection rules: administrators count as level 60. */
export function ruleLevel(core: CoreState, actor: UserRow, project: ProjectRow): number {
  return isAdmin(actor) ? 60 : accessLevelOf(core, actor, { project });
}

const patternRegex = (pattern: string): RegExp =>
  new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 'i');

type RuleColumn = 'minimum_access_level_for_push' | 'minimum_access_level_for_delete';

/** The rules of one project and package type that set `column`, as patterns and levels. */
export type ProtectionRules = readonly { pattern: RegExp; level: number }[];

export function protectionRules(core: CoreState, projectId: number, type: string, column: RuleColumn): ProtectionRules {
  const rows = core.db
    .prepare(`SELECT package_name_pattern, ${column} AS level FROM package_protection_rules WHERE project_id = ? AND package_type = ? AND ${column} IS NOT NULL`)
    .all(projectId, type) as { package_name_pattern: string; level: number }[];
  return rows.map((r) => ({ pattern: patternRegex(r.package_name_pattern), level: r.level }));
}

/** The highest minimum level `rules` set on a package of that name, or null. */
export function levelFor(rules: ProtectionRules, name: string): number | null {
  let need: number | null = null;
  for (const r of rules) if (r.pattern.test(name) && (need === null || r.level > need)) need = r.level;
  return need;
}

/** The highest minimum level the project's rules set for `column` on a package of that type and name. */
export function requiredLevel(core: CoreState, projectId: number, type: string, name: string, column: RuleColumn): number | null {
  return levelFor(protectionRules(core, projectId, type, column), name);
}
