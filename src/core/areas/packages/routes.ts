// The package registry: project and group package lists, one package, its files and pipelines,
// deletion (a package is marked pending_destruction and a job removes its files), protection
// rules, and the generic package registry whose upload and download stream their bodies.
import { auditRow } from '../../audit/subjects.js';
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { ApiError, badRequest, forbidden, notFound, paramError, recordNotFound, unauthorized } from '../../http/errors.js';
import { cappedCount, paginate } from '../../http/pagination.js';
import { OrderedList } from '../../db/page-starts.js';
import { keptCount } from '../../db/list-counts.js';
import { readTx, tryWriteTx } from '../../db/connection.js';
import { fragmentsOf, jsonArrayBytes, keptTexts } from '../../resources/fragments.js';
import { contentDisposition, created, jsonBytesReply, noContent, ok, streamReply, Reply } from '../../http/reply.js';
import { idParam, squishedSearchParam, type ParamDecl } from '../../http/params.js';
import { can, canSee } from '../../auth/policy.js';
import { descendantIds } from '../../auth/access.js';
import type { PackageFileRow, PackageRow, ProjectRow } from '../../db/rows.js';
import { registerJob } from '../../jobs/registry.js';
import { findGroup, findProject, projectByRef, projectFullPath } from '../../resources/find.js';
import { patternSearch, placeholders } from '../../db/sql.js';
import { BlobTooLargeError, discardBlob, openBlob, receiveBlob, receiveMultipartBlob, type ReceivedBlob } from './blobs.js';
import { presentPackageFiles, presentPackages, presentPipelines, type PresentOptions } from './present.js';
import { addPackageFile, DESTROY_JOB, findOrCreatePackage, levelFor, markForDestruction, protectionRules, removePackageFile, requiredLevel, ruleLevel, type ProtectionRules } from './service.js';
import { DETAILED_STATUSES, fileNameHasEncodedSlash, isGenericFilePath, legacyGenericFileName, storedGenericFileName, isGenericName, isGenericVersion, LISTED_STATUSES, PACKAGE_STATUSES, PACKAGE_TYPES, type PackageStatus } from './types.js';
import { protectionRuleRoutes } from './protection-routes.js';
import { genericMaxFileSize, planLimitRoutes } from './plan-limits.js';
import { decodeCursor, encodeCursor, keysetReply } from '../../http/pagination.js';
import type { PipelineRow } from '../../db/rows.js';

registerJob(DESTROY_JOB, () => import('./service.js').then((m) => m.destroyPackageJob));

const listParams = (orders: string[]): ParamDecl[] => [
  { name: 'order_by', type: 'string', values: orders, default: 'created_at' },
  { name: 'sort', type: 'string', values: ['asc', 'desc'], default: 'asc' },
  { name: 'package_type', type: 'string', values: PACKAGE_TYPES },
  // Packages::Package.search_by_name: Gitlab::SQL::Pattern without the three-character minimum.
  squishedSearchParam('package_name'),
  { name: 'package_version', type: 'string' },
  { name: 'include_versionless', type: 'boolean', default: false },
  { name: 'status', type: 'string', values: PACKAGE_STATUSES },
];

const packageIdParam: ParamDecl = { name: 'package_id', type: 'integer', required: true };

const ORDER_COLUMNS: Record<string, string> = { created_at: 'pk.created_at', name: 'pk.name', version: 'pk.version', type: 'pk.type_rank', project_path: 'pr.path_lower' };

/**
 * Lists packages of the projects `projectsOf` finds, with the filters, order and paging of the
 * request. Finding the projects, the page and the rows it lacks texts of are read in one
 * transaction: one snapshot, and one read lock instead of one per statement.
 */
async function listPackages(ctx: RequestContext, projectsOf: () => ProjectRow[], group: boolean): Promise<Reply> {
  const read = readTx(ctx.core.db, () => readPackagePage(ctx, projectsOf(), group));
  if (read instanceof Reply) return read;
  const { reply, fragments, texts, scope, rows, opts } = read;
  const pageIds = reply.body as number[];
  const page = await keptTexts(fragments, texts, pageIds, (missing) => presentPackages(ctx.core, missing.map((id) => rows.get(id) as PackageRow), opts));
  return jsonBytesReply(fragments.joined(scope, pageIds, () => jsonArrayBytes(page)), reply.headers);
}

/** The synchronous part of listPackages (inside its read transaction). */
function readPackagePage(ctx: RequestContext, projects: ProjectRow[], group: boolean) {
  const byId = new Map(projects.map((p) => [p.id, p]));
  const ids = projects.map((p) => p.id);
  const p = ctx.params;
  // Conditions on the columns package_counts keeps (status, type, versioned), then the others.
  const kept: string[] = [];
  const keptArgs: unknown[] = [];
  if (p.status !== undefined) {
    kept.push('status = ?');
    keptArgs.push(p.status);
  } else kept.push(`status IN (${LISTED_STATUSES.map((s) => `'${s}'`).join(', ')})`);
  if (p.package_type !== undefined) {
    kept.push('package_type = ?');
    keptArgs.push(p.package_type);
  }
  const other: string[] = [];
  const otherArgs: unknown[] = [];
  if (p.package_name !== undefined) {
    // Matched against the distinct names first (the CROSS JOIN keeps that order), then the
    // rows of those names come from the (project, name) index.
    const search = patternSearch(['nm.name'], p.package_name as string, { partialShortTerms: true });
    other.push(`nm.project_id IN (${placeholders(ids.length)}) AND ${search.sql} AND pk.project_id = nm.project_id AND pk.name = nm.name`);
    otherArgs.push(...ids, ...search.args);
  }
  if (p.package_version !== undefined) {
    other.push('pk.version = ?');
    otherArgs.push(p.package_version);
  } else if (p.include_versionless !== true) kept.push('versioned = 1');
  const dir = p.sort === 'desc' ? 'DESC' : 'ASC';
  const column = ORDER_COLUMNS[p.order_by as string] ?? 'pk.created_at';
  const join = column.startsWith('pr.') ? ' JOIN projects pr ON pr.id = pk.project_id' : '';
  const rowConditions = [`pk.project_id IN (${placeholders(ids.length)})`, ...kept.map((c) => `pk.${c.replace('versioned = 1', 'version IS NOT NULL')}`), ...other];
  const args = [...ids, ...keptArgs, ...otherArgs];
  const from = p.package_name !== undefined ? 'package_names nm CROSS JOIN packages pk INDEXED BY packages_project_name' : 'packages pk';
  const source = `FROM ${from}${join} WHERE ${rowConditions.join(' AND ')}`;
  const base = `SELECT pk.* ${source}`;
  const opts: PresentOptions = {
    apiBase: ctx.apiBase,
    canDestroy: (() => {
      const verdict = deleteVerdicts(ctx);
      return (project: ProjectRow, pkg: PackageRow) => verdict(project, pkg) === 'allowed';
    })(),
    projectOf: (id) => byId.get(id) as ProjectRow,
    group,
  };
  if (projects.length === 0) return paginate(ctx, () => 0, () => []);
  const count = (cap: number): number => {
    // Name and version filters need the rows; every other list reads the kept counts.
    if (other.length > 0) return (ctx.core.db.prepare(cappedCount(base, cap)).get(...args) as { n: number }).n;
    const sql = `SELECT COALESCE(SUM(n), 0) AS n FROM package_counts WHERE project_id IN (${placeholders(ids.length)}) AND ${kept.join(' AND ')}`;
    return Math.min(cap, (ctx.core.db.prepare(sql).get(...ids, ...keptArgs) as { n: number }).n);
  };
  // The texts of packages presented since the last write are reused: a page of unchanged
  // packages reads ids, not rows, pipelines, tags or protection rules. A text also depends on
  // the viewer (and the pipeline of a job token), the API base and the list's form.
  const fragments = fragmentsOf(ctx.core.db, 'package');
  const scope = `${ctx.actor?.id ?? 0}\n${ctx.jobPipelineId ?? 0}\n${ctx.apiBase}\n${ctx.core.settings.externalUrl}\n${group ? 1 : 0}`;
  const texts = fragments.texts(scope);
  const rows = new Map<number, PackageRow>();
  // A deep page seeks from the nearest page start remembered in this generation
  // (src/core/db/page-starts.ts); versions may be NULL only when versionless ones are listed.
  const seekable = !(column === 'pk.version' && p.include_versionless === true);
  const starts = new OrderedList(ctx.core.db, seekable ? `${source} ORDER BY ${column} ${dir}\n${JSON.stringify(args)}` : '', [column, 'pk.id'], dir === 'DESC', seekable);
  const reply = paginate(ctx, (cap) => starts.count(cap, count), (limit, offset) => {
    const found = starts
      .window(limit, offset, (seek, n) =>
        ctx.core.db
          .prepare(`SELECT pk.id, ${starts.keyColumns} ${source}${seek.condition} ORDER BY ${column} ${dir}, pk.id ${dir} LIMIT ? OFFSET ?`)
          .all(...args, seek.params, n, seek.offset) as { id: number }[],
      )
      .map((r) => r.id);
    const missing = found.filter((id) => !texts.has(id));
    if (missing.length > 0) {
      for (const row of ctx.core.db.prepare(`SELECT * FROM packages WHERE id IN (${placeholders(missing.length)})`).all(...missing) as PackageRow[]) rows.set(row.id, row);
    }
    return found;
  });
  return { reply, fragments, texts, scope, rows, opts };
}

/** The projects of a group (and its subgroups unless excluded) whose packages the caller may read. */
function groupProjects(ctx: RequestContext, groupId: number): ProjectRow[] {
  const namespaces = ctx.params.exclude_subgroups === true ? [groupId] : descendantIds(ctx.core, groupId);
  const rows = ctx.core.db.prepare(`SELECT * FROM projects WHERE namespace_id IN (${placeholders(namespaces.length)}) ORDER BY id`).all(...namespaces) as ProjectRow[];
  return rows.filter((project) => can(ctx.core, ctx.actor, 'read_package', { project }));
}

/** A job token reaches only the project of its pipeline. */
function checkJobTokenProject(ctx: RequestContext, project: ProjectRow): void {
  if (!ctx.jobPipelineId) return;
  const row = ctx.core.db.prepare('SELECT project_id FROM pipelines WHERE id = ?').get(ctx.jobPipelineId) as { project_id: number } | undefined;
  if (row?.project_id !== project.id) throw notFound('Project');
}

/** The package of `:package_id` in a detailed-info state (default, deprecated), else 404. */
function findPackage(ctx: RequestContext, project: ProjectRow): PackageRow {
  const row = ctx.core.db.prepare('SELECT * FROM packages WHERE id = ? AND project_id = ?').get(ctx.params.package_id, project.id) as PackageRow | undefined;
  if (!row || !DETAILED_STATUSES.includes(row.status as PackageStatus)) throw notFound('Package');
  return row;
}

type DeleteVerdict = 'allowed' | 'forbidden' | 'protected';

/**
 * Deleting needs Maintainer, and a rule may ask for more on packages it protects. One verdict
 * per package, with the role and the rules read once per project and type, so that lists show
 * `_links.delete_api_path` exactly where the delete would succeed.
 */
function deleteVerdicts(ctx: RequestContext): (project: ProjectRow, pkg: PackageRow) => DeleteVerdict {
  const roles = new Map<number, boolean>();
  const levels = new Map<number, number>();
  const rules = new Map<string, ProtectionRules>();
  return (project, pkg) => {
    let role = roles.get(project.id);
    if (role === undefined) roles.set(project.id, (role = can(ctx.core, ctx.actor, 'destroy_package', { project })));
    if (!role || !ctx.actor) return 'forbidden';
    const key = `${project.id}\0${pkg.package_type}`;
    let own = rules.get(key);
    if (!own) rules.set(key, (own = protectionRules(ctx.core, project.id, pkg.package_type, 'minimum_access_level_for_delete')));
    const need = levelFor(own, pkg.name);
    if (need === null) return 'allowed';
    let level = levels.get(project.id);
    if (level === undefined) levels.set(project.id, (level = ruleLevel(ctx.core, ctx.actor, project)));
    return level < need ? 'protected' : 'allowed';
  };
}

function checkDelete(ctx: RequestContext, project: ProjectRow, pkg: PackageRow): void {
  const verdict = deleteVerdicts(ctx)(project, pkg);
  if (verdict === 'forbidden') throw forbidden();
  if (verdict === 'protected') throw forbidden('Package is deletion protected.');
}

const presentOne = (ctx: RequestContext, project: ProjectRow, row: PackageRow) => {
  const verdict = deleteVerdicts(ctx);
  return presentPackages(ctx.core, [row], {
    apiBase: ctx.apiBase,
    canDestroy: (p, pkg) => verdict(p, pkg) === 'allowed',
    projectOf: () => project,
    detail: true,
  })[0];
};

// Generic packages.

const genericParams: ParamDecl[] = [
  idParam,
  { name: 'package_name', type: 'string', required: true, check: (v) => (isGenericName(v as string) ? undefined : 'package_name is invalid') },
  { name: 'package_version', type: 'string', required: true, check: (v) => (isGenericVersion(v as string) ? undefined : 'package_version is invalid') },
  { name: 'file_path', type: 'string', required: true, check: (v) => (isGenericFilePath(v as string) ? undefined : 'file_name is invalid') },
];

/** 400 for a file name sent with an encoded slash, before anything else is looked at (see fileNameHasEncodedSlash). */
function checkFileNameSegment(ctx: RequestContext): void {
  if (fileNameHasEncodedSlash(ctx.path)) throw paramError('file_name is invalid');
}

async function uploadGeneric(ctx: RequestContext) {
  // A refused upload leaves its body unread: serve discards the rest, a local caller closes its file.
  const body = ctx.bodyStream;
  checkFileNameSegment(ctx);
  const user = currentUser(ctx);
  const project = findProject(ctx, 'read_package');
  checkJobTokenProject(ctx, project);
  if (!can(ctx.core, user, 'push_code', { project })) throw forbidden();
  const name = ctx.params.package_name as string;
  const need = requiredLevel(ctx.core, project.id, 'generic', name, 'minimum_access_level_for_push');
  if (need !== null && ruleLevel(ctx.core, user, project) < need) throw forbidden('Package protected.');
  const max = genericMaxFileSize(ctx.core);
  if (!body) throw badRequest('file is missing');
  const type = (ctx.headers['content-type'] ?? '').toLowerCase();
  // The platform takes the raw body; a multipart `file` part (as @gitbeaker/rest sends) is accepted too.
  const multipart = type.startsWith('multipart/form-data');
  const declared = Number(ctx.headers['content-length']);
  if (!multipart && Number.isFinite(declared) && declared > max) throw badRequest('File is too large');
  let blob: ReceivedBlob | undefined;
  let fields = new Map<string, string>();
  try {
    if (multipart) ({ blob, fields } = await receiveMultipartBlob(ctx.core, body, ctx.headers['content-type'] as string, max));
    else blob = await receiveBlob(ctx.core, body, max, Number.isFinite(declared) ? declared : undefined);
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw badRequest('File is too large');
    if (error instanceof ApiError) throw error;
    // A body cut off mid-way (the caller went away) or a broken multipart body; nothing was kept.
    throw paramError(multipart ? 'The multipart body could not be parsed' : 'The upload was interrupted');
  }
  if (!blob) throw paramError('file is missing');
  const received = blob;
  try {
    const status = (ctx.params.status ?? fields.get('status')) as PackageStatus | undefined;
    const select = ctx.params.select ?? fields.get('select');
    if (status !== undefined && status !== 'default' && status !== 'hidden') throw paramError('status does not have a valid value');
    if (select !== undefined && select !== 'package_file') throw paramError('select does not have a valid value');
    const pipelineId = ctx.jobPipelineId ?? null;
    // The body is read: the write takes this process's write turn now (the upload did not).
    const file = await ctx.core.write(() =>
      ctx.core.tx(() => {
        const pkg = findOrCreatePackage(ctx.core, { projectId: project.id, name, version: ctx.params.package_version as string, type: 'generic', status: status ?? 'default', pipelineId }, status);
        const added = addPackageFile(ctx.core, pkg, storedGenericFileName(ctx.params.file_path as string), received, pipelineId);
        auditRow(ctx.core, { type: 'Project', id: project.id }, 'package_registry_package_published', { type: 'Packages::PackageFile', id: added.id, details: added.file_name }, `Uploaded file ${added.file_name} to package ${pkg.name} ${pkg.version}`);
        return added;
      }),
    );
    if (select === 'package_file') return ok(presentPackageFiles(ctx.core, projectFullPath(ctx.core, project), [file])[0]);
    return created({ message: '201 Created' });
  } finally {
    discardBlob(received);
  }
}

function downloadGeneric(ctx: RequestContext) {
  checkFileNameSegment(ctx);
  const project = projectByRef(ctx.core, ctx.params.id as string);
  // Anonymous callers are asked to sign in; signed-in ones who may not see the project get 404.
  if (!project || !canSee(ctx.core, ctx.actor, { project })) throw ctx.actor ? notFound('Project') : unauthorized();
  if (!can(ctx.core, ctx.actor, 'read_package', { project })) throw forbidden();
  checkJobTokenProject(ctx, project);
  const pkg = ctx.core.db
    .prepare(
      `SELECT * FROM packages WHERE project_id = ? AND package_type = 'generic' AND name = ? AND version = ? AND status IN ('default', 'hidden', 'deprecated')
       ORDER BY id DESC LIMIT 1`,
    )
    .get(project.id, ctx.params.package_name, ctx.params.package_version) as PackageRow | undefined;
  if (!pkg) throw recordNotFound();
  const filePath = ctx.params.file_path as string;
  const file = ctx.core.db
    .prepare('SELECT * FROM package_files WHERE package_id = ? AND file_name IN (?, ?) ORDER BY id DESC LIMIT 1')
    .get(pkg.id, storedGenericFileName(filePath), legacyGenericFileName(filePath)) as PackageFileRow | undefined;
  if (!file) throw recordNotFound();
  // Bookkeeping of a read: skipped (recorded by a later download) while another process holds
  // the write lock, so a download never waits for it or fails on it.
  tryWriteTx(ctx.core.db, () => ctx.core.db.prepare('UPDATE packages SET last_downloaded_at = ? WHERE id = ?').run(ctx.core.nowIso(), pkg.id));
  const base = (ctx.params.file_path as string).split('/').pop() as string;
  return streamReply(openBlob(ctx.core, file.file_sha256), 'application/octet-stream', file.size, {
    'content-disposition': contentDisposition('attachment', base),
    'x-checksum-sha256': file.file_sha256,
  });
}

export const packageRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/projects/:id/packages',
    summary: 'List the packages of a project',
    auth: 'optional',
    paginated: true,
    params: [idParam, ...listParams(['created_at', 'name', 'version', 'type'])],
    handler: (ctx) => listPackages(ctx, () => [findProject(ctx, 'read_package')], false),
  },
  {
    method: 'GET',
    path: '/groups/:id/packages',
    summary: "List the packages of a group's projects",
    auth: 'optional',
    paginated: true,
    params: [idParam, ...listParams(['created_at', 'name', 'version', 'type', 'project_path']), { name: 'exclude_subgroups', type: 'boolean', default: false }],
    handler: (ctx) => listPackages(ctx, () => groupProjects(ctx, findGroup(ctx).id), true),
  },
  {
    method: 'GET',
    path: '/projects/:id/packages/:package_id',
    summary: 'Get a project package',
    auth: 'optional',
    params: [idParam, packageIdParam],
    handler: (ctx) => {
      const project = findProject(ctx, 'read_package');
      return presentOne(ctx, project, findPackage(ctx, project));
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/packages/:package_id/package_files',
    summary: 'List the files of a package',
    auth: 'optional',
    paginated: true,
    params: [
      idParam,
      packageIdParam,
      { name: 'order_by', type: 'string', values: ['id', 'file_name', 'created_at'], default: 'id' },
      { name: 'sort', type: 'string', values: ['asc', 'desc'], default: 'asc' },
    ],
    handler: (ctx) => {
      const project = findProject(ctx, 'read_package');
      const pkg = findPackage(ctx, project);
      const column = ctx.params.order_by === 'file_name' ? 'file_name' : ctx.params.order_by === 'created_at' ? 'created_at' : 'id';
      const dir = ctx.params.sort === 'desc' ? 'DESC' : 'ASC';
      const fullPath = projectFullPath(ctx.core, project);
      const base = 'SELECT * FROM package_files WHERE package_id = ?';
      return paginate(
        ctx,
        (cap) => keptCount(ctx.core.db, 'package_files', [pkg.id], cap),
        (limit, offset) =>
          presentPackageFiles(ctx.core, fullPath, ctx.core.db.prepare(`${base} ORDER BY ${column} ${dir}, id ${dir} LIMIT ? OFFSET ?`).all(pkg.id, limit, offset) as PackageFileRow[]),
      );
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/packages/:package_id/pipelines',
    // Keyset only, for signed-in callers (the specification's list of keyset resources).
    summary: 'List the pipelines that published a package (keyset pages, authenticated only)',
    params: [
      idParam,
      packageIdParam,
      { name: 'cursor', type: 'string' },
      { name: 'per_page', type: 'integer', default: 20, check: (v) => ((v as number) < 1 || (v as number) > 20 ? 'per_page does not have a valid value' : undefined) },
    ],
    handler: (ctx) => {
      const project = findProject(ctx, 'read_package');
      const pkg = findPackage(ctx, project);
      const perPage = ctx.params.per_page as number;
      let after = Number.MAX_SAFE_INTEGER;
      if (ctx.params.cursor !== undefined) {
        const id = Number(decodeCursor(ctx.params.cursor as string).id);
        if (!Number.isInteger(id)) throw paramError('cursor is invalid');
        after = id;
      }
      const rows = ctx.core.db
        .prepare(
          `SELECT p.* FROM package_pipelines pp JOIN pipelines p ON p.id = pp.pipeline_id WHERE pp.package_id = ? AND p.id < ? ORDER BY p.id DESC LIMIT ?`,
        )
        .all(pkg.id, after, perPage + 1) as PipelineRow[];
      const fullPath = projectFullPath(ctx.core, project);
      const presented = new Map(presentPipelines(ctx.core, fullPath, rows).map((p) => [p.id, p]));
      return keysetReply(ctx, rows, perPage, (last) => ({ cursor: encodeCursor({ id: String(last.id), _kd: 'n' }) }), (row) => presented.get(row.id));
    },
  },
  {
    method: 'DELETE',
    path: '/projects/:id/packages/:package_id',
    summary: 'Delete a package (its files are removed in the background)',
    params: [idParam, packageIdParam],
    handler: (ctx) => {
      const project = findProject(ctx, 'read_package');
      const pkg = findPackage(ctx, project);
      checkDelete(ctx, project, pkg);
      ctx.core.tx(() => markForDestruction(ctx.core, pkg));
      return noContent();
    },
  },
  {
    method: 'DELETE',
    path: '/projects/:id/packages/:package_id/package_files/:package_file_id',
    summary: 'Delete a package file',
    params: [idParam, packageIdParam, { name: 'package_file_id', type: 'integer', required: true }],
    handler: (ctx) => {
      const project = findProject(ctx, 'read_package');
      const pkg = findPackage(ctx, project);
      checkDelete(ctx, project, pkg);
      ctx.core.tx(() => {
        const file = ctx.core.db.prepare('SELECT * FROM package_files WHERE id = ? AND package_id = ?').get(ctx.params.package_file_id, pkg.id) as PackageFileRow | undefined;
        if (!file) throw notFound();
        removePackageFile(ctx.core, file);
        auditRow(ctx.core, { type: 'Project', id: project.id }, 'package_file_deleted', { type: 'Packages::PackageFile', id: file.id, details: file.file_name }, `Deleted file ${file.file_name} of package ${pkg.name}`);
      });
      return noContent();
    },
  },
  {
    method: 'PUT',
    path: '/projects/:id/packages/generic/:package_name/:package_version/*file_path',
    summary: 'Upload a generic package file (the raw request body)',
    packageAuth: true,
    stream: { request: true },
    params: [...genericParams, { name: 'status', type: 'string', values: ['default', 'hidden'] }, { name: 'select', type: 'string', values: ['package_file'] }],
    handler: uploadGeneric,
  },
  {
    method: 'GET',
    path: '/projects/:id/packages/generic/:package_name/:package_version/*file_path',
    summary: 'Download a generic package file',
    auth: 'optional',
    packageAuth: true,
    stream: { response: true },
    params: genericParams,
    handler: downloadGeneric,
  },
  ...protectionRuleRoutes,
  ...planLimitRoutes,
]);
