// Releases of a project: list, get by tag, create (from a tag, or making the tag from a ref),
// update, delete; asset downloads and the latest-release permalink (redirects); evidence
// collection (paid tiers); and the releases of a group's projects.
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { failure, forbidden, notFound, paramError, recordNotFound } from '../../http/errors.js';
import { cappedCount, paginate } from '../../http/pagination.js';
import { keptCount } from '../../db/list-counts.js';
import { readTx } from '../../db/connection.js';
import { OrderedList } from '../../db/page-starts.js';
import { accepted, created, jsonBytesReply, ok, redirect } from '../../http/reply.js';
import { fragmentsOf, jsonArrayBytes, keptTexts } from '../../resources/fragments.js';
import { idParam, type ParamDecl } from '../../http/params.js';
import { can } from '../../auth/policy.js';
import { descendantIds } from '../../auth/access.js';
import type { ProjectRow } from '../../db/rows.js';
import { registerJob } from '../../jobs/registry.js';
import { findGroup, findProject } from '../../resources/find.js';
import { toQueryString } from '../../../shared/path.js';
import { LINK_TYPES, latestRelease, linkByFilepath, releaseByTag, type EvidenceRow, type LinkType, type ReleaseRow } from './queries.js';
import { isUpcoming, presentReleaseBasic, presentReleases, projectView, type CommitJson, type ProjectView } from './present.js';
import { createRelease, deleteRelease, updateRelease, type CreateReleaseInput } from './service.js';
import { EVIDENCE_JOB, type EvidenceJobPayload } from './evidence.js';
import { auditorOf } from '../../audit/record.js';
import { releaseRepo } from './repo.js';
import type { LinkDraft } from '../release-links/validate.js';
import { placeholders } from '../../db/sql.js';

registerJob(EVIDENCE_JOB, () => import('./evidence.js').then((m) => m.collectEvidenceJob));

const tagParam: ParamDecl = { name: 'tag_name', type: 'string', required: true };
const htmlParam: ParamDecl = { name: 'include_html_description', type: 'boolean' };
const milestoneParams: ParamDecl[] = [
  { name: 'milestones', type: 'string[]', commaSeparated: true },
  { name: 'milestone_ids', type: 'integer[]', commaSeparated: true },
];

/** Both milestone forms at once are refused like any parameter conflict: the names come first. */
function checkMilestoneForms(ctx: RequestContext): void {
  if (ctx.input.milestones !== undefined && ctx.input.milestone_ids !== undefined) {
    throw paramError('milestones, milestone_ids Cannot specify milestones and milestone_ids at the same time');
  }
}

/**
 * A path the caller appends (asset path, permalink suffix) must stay a relative file path:
 * no `..` component (also when percent-encoded once more), not absolute, no NUL.
 */
function isSafeSuffix(path: string): boolean {
  const check = (p: string) => !p.startsWith('/') && !p.includes('\0') && !p.split(/[/\\]/).includes('..');
  if (!check(path)) return false;
  try {
    return check(decodeURIComponent(path));
  } catch {
    return true;
  }
}

const filePathParam = (name: string): ParamDecl => ({
  name,
  type: 'string',
  required: true,
  check: (v) => (isSafeSuffix(v as string) ? undefined : `${name} should be a valid file path`),
});

/** Commit JSON for the releases the viewer may see code of, read from the repository in one pass. */
async function commitsFor(ctx: RequestContext, rows: readonly ReleaseRow[], viewOf: (projectId: number) => ProjectView): Promise<Map<string, CommitJson>> {
  const byProject = new Map<number, string[]>();
  for (const row of rows) {
    if (!row.sha || !viewOf(row.project_id).canReadCode) continue;
    const list = byProject.get(row.project_id) ?? [];
    list.push(row.sha);
    byProject.set(row.project_id, list);
  }
  const out = new Map<string, CommitJson>();
  for (const [projectId, shas] of byProject) {
    const found = await releaseRepo(ctx.core, viewOf(projectId).project).commits(shas);
    for (const [sha, json] of found) out.set(sha, json);
  }
  return out;
}

async function presentOne(ctx: RequestContext, project: ProjectRow, row: ReleaseRow, extra: { html?: boolean; evidenceSha?: string } = {}) {
  const view = projectView(ctx.core, ctx.actor, project);
  const viewOf = () => view;
  const renderHtml = extra.html ? await import('./markdown.js').then((m) => m.loadMarkdownRenderer()) : undefined;
  const commits = await commitsFor(ctx, [row], viewOf);
  return presentReleases(ctx.core, [row], viewOf, {
    commits,
    ...(renderHtml ? { renderHtml } : {}),
    ...(extra.evidenceSha ? { evidenceSha: extra.evidenceSha } : {}),
  })[0] as Record<string, unknown>;
}

/** The release of `:tag_name`, for reads that need code access (403 without it, 404 unknown). */
function readableRelease(ctx: RequestContext): { project: ProjectRow; release: ReleaseRow } {
  const project = findProject(ctx, 'read_release');
  if (!can(ctx.core, ctx.actor, 'read_code', { project })) throw forbidden();
  const release = releaseByTag(ctx.core, project.id, ctx.params.tag_name as string);
  if (!release) throw notFound();
  return { project, release };
}

/** The release of `:tag_name` for a change: a missing release is refused like a forbidden one. */
function changeableRelease(ctx: RequestContext, ability: 'update_release' | 'destroy_release'): { project: ProjectRow; release: ReleaseRow } {
  const project = findProject(ctx, 'read_release');
  const release = releaseByTag(ctx.core, project.id, ctx.params.tag_name as string);
  if (!release || !can(ctx.core, ctx.actor, ability, { project })) throw forbidden();
  return { project, release };
}

async function requireTag(ctx: RequestContext, project: ProjectRow, release: ReleaseRow): Promise<void> {
  if (!(await releaseRepo(ctx.core, project).findTag(release.tag))) throw failure(404, 'Tag does not exist');
}

/** `assets: {links: [...]}` of a create request, checked the way the platform declares it. */
function linkDrafts(ctx: RequestContext): LinkDraft[] {
  const assets = ctx.params.assets as Record<string, unknown> | undefined;
  if (assets === undefined || assets === null) return [];
  const links = assets.links;
  if (links === undefined || links === null) return [];
  const list = Array.isArray(links) ? links : typeof links === 'object' ? Object.values(links as Record<string, unknown>) : null;
  if (!list) throw paramError('assets[links] is invalid');
  return list.map((item, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw paramError(`assets[links][${i}] is invalid`);
    const l = item as Record<string, unknown>;
    const missing = ['name', 'url'].filter((k) => l[k] === undefined || l[k] === null);
    if (missing.length > 0) throw paramError(missing.map((k) => `assets[links][${i}][${k}] is missing`).join(', '));
    const str = (k: string) => (l[k] === undefined || l[k] === null ? undefined : String(l[k]));
    const linkType = str('link_type') ?? 'other';
    if (!LINK_TYPES.includes(linkType as LinkType)) throw failure(400, `'${linkType}' is not a valid link_type`);
    return { name: str('name') as string, url: str('url') as string, filepath: str('direct_asset_path') ?? str('filepath') ?? null, link_type: linkType as LinkType };
  });
}

/**
 * The query of a permalink request, re-encoded for the redirect, keys sorted, without `order_by`
 * and without bare keys that carry no value at all (`?flag`), which the platform drops as nil.
 */
function forwardedQuery(ctx: RequestContext): string {
  const query: Record<string, unknown> = { ...ctx.queryInput };
  delete query.order_by;
  const pairs = ctx.rawQuery.split('&').filter((p) => p !== '');
  const keyOf = (p: string) => {
    try {
      return decodeURIComponent((p.split('=')[0] as string).replace(/\+/g, ' '));
    } catch {
      return p;
    }
  };
  const valued = new Set(pairs.filter((p) => p.includes('=')).map(keyOf));
  for (const p of pairs) if (!p.includes('=') && !valued.has(keyOf(p))) delete query[keyOf(p)];
  const sorted = Object.fromEntries(Object.keys(query).sort().map((k) => [k, query[k]]));
  const text = toQueryString(sorted);
  return text ? `?${text}` : '';
}

const permalinkHandler = (ctx: RequestContext) => {
  const project = findProject(ctx, 'read_release');
  if (!can(ctx.core, ctx.actor, 'read_code', { project })) throw forbidden();
  const latest = latestRelease(ctx.core, project.id);
  if (!latest) throw notFound();
  const suffix = ctx.params.suffix_path ? `/${ctx.params.suffix_path as string}` : '';
  return redirect(`/api/v4/projects/${project.id}/releases/${encodeURIComponent(latest.tag)}${suffix}${forwardedQuery(ctx)}`);
};

export const releaseRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/projects/:id/releases',
    summary: 'List the releases of a project',
    auth: 'optional',
    paginated: true,
    params: [
      idParam,
      { name: 'order_by', type: 'string', values: ['released_at', 'created_at'], default: 'released_at' },
      { name: 'sort', type: 'string', values: ['asc', 'desc'], default: 'desc' },
      htmlParam,
      { name: 'updated_before', type: 'datetime' },
      { name: 'updated_after', type: 'datetime' },
    ],
    handler: async (ctx) => {
      const project = findProject(ctx, 'read_release');
      // Needed only when releases are presented (not when every text is kept).
      let view: ProjectView | undefined;
      const viewOf = () => (view ??= projectView(ctx.core, ctx.actor, project));
      const column = ctx.params.order_by === 'created_at' ? 'created_at' : 'released_at';
      const dir = ctx.params.sort === 'asc' ? 'ASC' : 'DESC';
      const where = ['project_id = ?'];
      const args: unknown[] = [project.id];
      if (ctx.params.updated_before) {
        where.push('updated_at < ?');
        args.push(ctx.params.updated_before);
      }
      if (ctx.params.updated_after) {
        where.push('updated_at > ?');
        args.push(ctx.params.updated_after);
      }
      const base = `SELECT * FROM releases WHERE ${where.join(' AND ')}`;
      const html = ctx.params.include_html_description === true;
      // The texts of releases presented since the last write are reused: a page of unchanged
      // releases reads ids, not rows, commits, links or evidences. A text also depends on the
      // viewer, the web base, the description form and whether the release is still upcoming
      // (which time changes without a write; it is part of each text's key).
      const fragments = fragmentsOf(ctx.core.db, 'release');
      const scope = `${ctx.actor?.id ?? 0}\n${ctx.core.settings.externalUrl}\n${html ? 1 : 0}\n${project.id}`;
      const texts = fragments.texts(scope);
      const now = ctx.core.clock.now();
      // The page and the rows it lacks texts of are read in one transaction (one snapshot); a
      // deep page seeks from the nearest page start remembered in it (src/core/db/page-starts.ts).
      const starts = new OrderedList(ctx.core.db, `${base} ORDER BY ${column} ${dir}\n${JSON.stringify(args)}`, [column, 'id'], dir === 'DESC');
      const rows = new Map<string, ReleaseRow>();
      const reply = readTx(ctx.core.db, () =>
        paginate(
          ctx,
          (cap) =>
            starts.count(cap, (c) => (where.length === 1 ? keptCount(ctx.core.db, 'releases', [project.id], c) : (ctx.core.db.prepare(cappedCount(base, c)).get(...args) as { n: number }).n)),
          (limit, offset) => {
            const page = starts.window(
              limit,
              offset,
              (seek, n) =>
                ctx.core.db
                  .prepare(`SELECT id, released_at, ${starts.keyColumns} FROM releases WHERE ${where.join(' AND ')}${seek.condition} ORDER BY ${column} ${dir}, id ${dir} LIMIT ? OFFSET ?`)
                  .all(...args, seek.params, n, seek.offset) as Pick<ReleaseRow, 'id' | 'released_at'>[],
            );
            const keys = page.map((r) => `${r.id}:${isUpcoming(r, now) ? 1 : 0}`);
            const missing = page.filter((_, i) => !texts.has(keys[i] as string)).map((r) => r.id);
            if (missing.length > 0) {
              for (const row of ctx.core.db.prepare(`SELECT * FROM releases WHERE id IN (${placeholders(missing.length)})`).all(...missing) as ReleaseRow[]) {
                rows.set(`${row.id}:${isUpcoming(row, now) ? 1 : 0}`, row);
              }
            }
            return keys;
          },
        ),
      );
      const keys = reply.body as string[];
      const page = await keptTexts(fragments, texts, keys, async (missing) => {
        const list = missing.map((k) => rows.get(k) as ReleaseRow);
        const renderHtml = html ? await import('./markdown.js').then((m) => m.loadMarkdownRenderer()) : undefined;
        const commits = await commitsFor(ctx, list, viewOf);
        return presentReleases(ctx.core, list, viewOf, { commits, ...(renderHtml ? { renderHtml } : {}) });
      });
      return jsonBytesReply(fragments.joined(scope, keys, () => jsonArrayBytes(page)), reply.headers);
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/releases/permalink/latest',
    summary: 'Redirect to the latest release',
    auth: 'optional',
    params: [idParam],
    handler: permalinkHandler,
  },
  {
    method: 'GET',
    path: '/projects/:id/releases/permalink/latest/*suffix_path',
    summary: 'Redirect to an operation on the latest release (/evidence, /downloads/<path>, ...)',
    auth: 'optional',
    params: [idParam, filePathParam('suffix_path')],
    handler: permalinkHandler,
  },
  {
    method: 'GET',
    path: '/projects/:id/releases/:tag_name',
    summary: 'Get a release by its tag',
    auth: 'optional',
    params: [idParam, tagParam, htmlParam],
    handler: async (ctx) => {
      const { project, release } = readableRelease(ctx);
      return presentOne(ctx, project, release, { html: ctx.params.include_html_description === true });
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/releases/:tag_name/downloads/*direct_asset_path',
    summary: 'Download a release asset by its direct asset path (redirects to the link URL)',
    auth: 'optional',
    params: [idParam, tagParam, filePathParam('direct_asset_path')],
    handler: (ctx) => {
      const { release } = readableRelease(ctx);
      const link = linkByFilepath(ctx.core, release.id, `/${ctx.params.direct_asset_path as string}`);
      if (!link) throw recordNotFound();
      return redirect(link.url);
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/releases/:tag_name/evidence',
    // The GET that `/permalink/latest/evidence` leads to, and where `evidence_file_path` points.
    summary: "The release's latest evidence document (what evidence_file_path names)",
    auth: 'optional',
    params: [idParam, tagParam],
    handler: (ctx) => {
      const { release } = readableRelease(ctx);
      const row = ctx.core.db.prepare('SELECT * FROM release_evidences WHERE release_id = ? ORDER BY id DESC LIMIT 1').get(release.id) as EvidenceRow | undefined;
      if (!row) throw notFound('Evidence');
      return ok(JSON.parse(row.summary) as unknown);
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/releases/:tag_name/evidences/:evidence_id',
    summary: 'One evidence document of a release (what an evidence filepath names)',
    auth: 'optional',
    params: [idParam, tagParam, { name: 'evidence_id', type: 'integer', required: true }],
    handler: (ctx) => {
      const { release } = readableRelease(ctx);
      const row = ctx.core.db.prepare('SELECT * FROM release_evidences WHERE id = ? AND release_id = ?').get(ctx.params.evidence_id, release.id) as EvidenceRow | undefined;
      if (!row) throw notFound('Evidence');
      return ok(JSON.parse(row.summary) as unknown);
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/releases',
    summary: 'Create a release (Developer); the tag is created from `ref` when it does not exist',
    params: [
      idParam,
      tagParam,
      { name: 'tag_message', type: 'string' },
      { name: 'name', type: 'string' },
      { name: 'description', type: 'string' },
      { name: 'ref', type: 'string' },
      { name: 'assets', type: 'hash' },
      ...milestoneParams,
      { name: 'released_at', type: 'datetime' },
      { name: 'legacy_catalog_publish', type: 'boolean' },
    ],
    handler: async (ctx) => {
      const user = currentUser(ctx);
      checkMilestoneForms(ctx);
      const project = findProject(ctx, 'create_release');
      const p = ctx.params;
      const input: CreateReleaseInput = { tag: p.tag_name as string, links: linkDrafts(ctx) };
      if (p.ref !== undefined && p.ref !== null && p.ref !== '') input.ref = p.ref as string;
      if (typeof p.tag_message === 'string' && p.tag_message !== '') input.tagMessage = p.tag_message;
      if (typeof p.name === 'string') input.name = p.name;
      if (typeof p.description === 'string') input.description = p.description;
      if (Array.isArray(p.milestones)) input.milestones = p.milestones as string[];
      if (Array.isArray(p.milestone_ids)) input.milestoneIds = p.milestone_ids as number[];
      if (typeof p.released_at === 'string') input.releasedAt = p.released_at;
      const result = await createRelease(ctx.core, user, project, releaseRepo(ctx.core, project), input);
      return created(await presentOne(ctx, project, result.release, result.evidenceSha ? { evidenceSha: result.evidenceSha } : {}));
    },
  },
  {
    method: 'PUT',
    path: '/projects/:id/releases/:tag_name',
    summary: 'Update a release',
    params: [idParam, tagParam, { name: 'name', type: 'string' }, { name: 'description', type: 'string' }, { name: 'released_at', type: 'datetime' }, ...milestoneParams],
    handler: async (ctx) => {
      checkMilestoneForms(ctx);
      const { project, release } = changeableRelease(ctx, 'update_release');
      await requireTag(ctx, project, release);
      const p = ctx.params;
      const updated = await ctx.core.write(() => updateRelease(ctx.core, project, release, {
        ...(p.name !== undefined && p.name !== null ? { name: p.name as string } : {}),
        ...(p.description !== undefined ? { description: p.description as string | null } : {}),
        ...(typeof p.released_at === 'string' ? { releasedAt: p.released_at } : {}),
        ...(p.milestones !== undefined ? { milestones: (p.milestones as string[] | null) ?? [] } : {}),
        ...(p.milestone_ids !== undefined ? { milestoneIds: (p.milestone_ids as number[] | null) ?? [] } : {}),
      }));
      return presentOne(ctx, project, updated);
    },
  },
  {
    method: 'DELETE',
    path: '/projects/:id/releases/:tag_name',
    summary: 'Delete a release (the tag is kept); answers with the deleted release',
    params: [idParam, tagParam],
    handler: async (ctx) => {
      const { project, release } = changeableRelease(ctx, 'destroy_release');
      await requireTag(ctx, project, release);
      const body = await presentOne(ctx, project, release);
      await ctx.core.write(() => deleteRelease(ctx.core, release));
      return ok(body);
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/releases/:tag_name/evidence',
    summary: 'Collect evidence for a release (runs in the background)',
    tier: 'premium',
    offerings: ['self-managed', 'dedicated'],
    params: [idParam, tagParam],
    handler: (ctx) => {
      const project = findProject(ctx, 'create_release');
      const release = releaseByTag(ctx.core, project.id, ctx.params.tag_name as string);
      if (!release) throw notFound();
      const payload: EvidenceJobPayload = { release_id: release.id, auditor: auditorOf(ctx.core) };
      ctx.core.jobs.enqueue(EVIDENCE_JOB, payload);
      // The platform answers with the bare status number.
      return accepted(202);
    },
  },
  {
    method: 'GET',
    path: '/groups/:id/releases',
    summary: "List the releases of a group's projects (subgroups included)",
    auth: 'optional',
    paginated: true,
    params: [idParam, { name: 'sort', type: 'string', values: ['asc', 'desc'], default: 'desc' }, { name: 'simple', type: 'boolean', default: false }],
    handler: async (ctx) => {
      const group = findGroup(ctx, 'read_release');
      const nsIds = descendantIds(ctx.core, group.id);
      const projects = ctx.core.db
        .prepare(`SELECT * FROM projects WHERE namespace_id IN (${placeholders(nsIds.length)})`)
        .all(...nsIds) as ProjectRow[];
      const views = new Map<number, ProjectView>();
      for (const project of projects) if (can(ctx.core, ctx.actor, 'read_release', { project })) views.set(project.id, projectView(ctx.core, ctx.actor, project));
      const ids = [...views.keys()];
      const dir = ctx.params.sort === 'asc' ? 'ASC' : 'DESC';
      const base = `SELECT * FROM releases WHERE project_id IN (${ids.length > 0 ? placeholders(ids.length) : 'NULL'})`;
      let rows: ReleaseRow[] = [];
      const reply = paginate(
        ctx,
        (cap) => keptCount(ctx.core.db, 'releases', ids, cap),
        (limit, offset) => {
          rows = ctx.core.db.prepare(`${base} ORDER BY released_at ${dir}, id ${dir} LIMIT ? OFFSET ?`).all(...ids, limit, offset) as ReleaseRow[];
          return rows;
        },
      );
      const viewOf = (projectId: number) => views.get(projectId) as ProjectView;
      if (ctx.params.simple === true) return ok(rows.map((r) => presentReleaseBasic(ctx.core, r, viewOf(r.project_id))), reply.headers);
      const commits = await commitsFor(ctx, rows, viewOf);
      return ok(presentReleases(ctx.core, rows, viewOf, { commits }), reply.headers);
    },
  },
]);
