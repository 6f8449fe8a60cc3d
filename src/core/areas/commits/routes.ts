// Repository commits: list (by ref, path and dates, paged), get one, and create one commit from
// several file actions.
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { notFound, paramError, unprocessable, validationError } from '../../http/errors.js';
import { keysetReply, pageWindow, paginate, paginateArray } from '../../http/pagination.js';
import { idParam, parseBoolean } from '../../http/params.js';
import { created } from '../../http/reply.js';
import { findProject } from '../../resources/find.js';
import { checkFilePath, isSafeRevision, isSafeRevisionRange } from '../../git/names.js';
import type { FileActionKind } from '../../git/tree-actions.js';
import { presentCommit, presentCommitDetail, projectUrl } from '../../repositories/present-commit.js';
import { projectRepository } from '../../repositories/access.js';
import { createCommit, type ActionInput } from './service.js';
import { diffTrees, refsContaining } from '../../git/content.js';
import { presentDiff } from '../compare/present.js';
import { pickCommit, type PickKind } from './pick.js';
import { commitNotesPage, countCommitNotes, createCommitNote, presentCommitNote } from './notes.js';
import { listCommitStatuses, presentCommitStatus, setCommitStatus, STATUS_STATES, type StatusState } from './statuses.js';
import { can } from '../../auth/policy.js';
import { forbidden } from '../../http/errors.js';
import { ok } from '../../http/reply.js';

const ACTIONS: FileActionKind[] = ['create', 'update', 'move', 'delete', 'chmod'];

const asBoolean = (v: unknown): boolean | undefined | null => (v === undefined || v === null ? undefined : parseBoolean(v));

/** The nested `actions[]` params, checked with Grape's wording (`actions[0][file_path] is missing`). */
function parseActions(raw: Record<string, unknown>[]): ActionInput[] {
  const errors: string[] = [];
  const out: ActionInput[] = [];
  raw.forEach((item, i) => {
    const name = (key: string) => `actions[${i}][${key}]`;
    const str = (key: string): string | undefined => {
      const v = item[key];
      if (v === undefined || v === null) return undefined;
      if (typeof v === 'string') return v;
      if (typeof v === 'number' || typeof v === 'boolean') return String(v);
      errors.push(`${name(key)} is invalid`);
      return undefined;
    };
    const action = str('action');
    if (action === undefined) errors.push(`${name('action')} is missing`);
    else if (!(ACTIONS as string[]).includes(action)) errors.push(`${name('action')} does not have a valid value`);
    const filePath = str('file_path');
    if (filePath === undefined) errors.push(`${name('file_path')} is missing`);
    const previousPath = str('previous_path');
    if (action === 'move' && previousPath === undefined) errors.push(`${name('previous_path')} is missing`);
    const content = str('content');
    if (action === 'update' && content === undefined) errors.push(`${name('content')} is missing`);
    const encoding = str('encoding') ?? 'text';
    if (encoding !== 'text' && encoding !== 'base64') errors.push(`${name('encoding')} does not have a valid value`);
    const mode = asBoolean(item.execute_filemode);
    if (mode === null) errors.push(`${name('execute_filemode')} is invalid`);
    else if (action === 'chmod' && mode === undefined) errors.push(`${name('execute_filemode')} is missing`);
    const lastCommitId = str('last_commit_id');
    // One leading slash is the repository root, as on the platform.
    const strip = (p: string) => (p.startsWith('/') ? p.slice(1) : p);
    out.push({
      action: action as FileActionKind,
      filePath: strip(filePath ?? ''),
      ...(previousPath !== undefined ? { previousPath: strip(previousPath) } : {}),
      ...(content !== undefined ? { content } : {}),
      encoding: encoding as 'text' | 'base64',
      ...(lastCommitId ? { lastCommitId } : {}),
      ...(typeof mode === 'boolean' ? { executeFilemode: mode } : {}),
    });
  });
  if (errors.length > 0) throw paramError(errors.join(', '));
  return out;
}

async function commitBySha(ctx: RequestContext) {
  const project = findProject(ctx, 'read_code');
  const sha = ctx.params.sha as string;
  const repo = projectRepository(ctx.core, project);
  const id = isSafeRevision(sha) ? await repo.resolveCommit(sha) : null;
  const commit = id ? await repo.commit(id) : null;
  if (!commit) throw notFound('Commit');
  return { project, repo, commit };
}

/** Position of each path in a tree listing (listings of a commit are kept, and so is this). */
const entryIndexes = new WeakMap<readonly { path: string }[], Map<string, number>>();
function entryIndex(entries: readonly { path: string }[]): Map<string, number> {
  let index = entryIndexes.get(entries);
  if (!index) {
    index = new Map(entries.map((e, i) => [e.path, i]));
    entryIndexes.set(entries, index);
  }
  return index;
}

/** Revert and cherry-pick share their params, checks and answers. */
const pickRoute = (kind: PickKind, summary: string) => ({
  method: 'POST' as const,
  path: `/projects/:id/repository/commits/:sha/${kind}`,
  summary,
  params: [
    idParam,
    { name: 'sha', type: 'string' as const, required: true },
    { name: 'branch', type: 'string' as const, required: true },
    { name: 'dry_run', type: 'boolean' as const, default: false },
    ...(kind === 'cherry_pick' ? [{ name: 'message', type: 'string' as const }] : []),
  ],
  handler: async (ctx: RequestContext) => {
    const user = currentUser(ctx);
    const project = findProject(ctx, 'read_code');
    const p = ctx.params;
    const commit = await pickCommit(ctx.core, project, user, kind, {
      sha: p.sha as string,
      branch: p.branch as string,
      dryRun: p.dry_run === true,
      ...(typeof p.message === 'string' ? { message: p.message } : {}),
    });
    if (!commit) return ok({ dry_run: 'success' });
    return created(presentCommit(projectUrl(ctx.core, project), commit));
  },
});

/** The signature header of a raw commit object, if it has one. */
function signatureOf(raw: string): { type: 'PGP' | 'SSH' | 'X509' } | null {
  const head = raw.slice(0, raw.indexOf('\n\n') >>> 0);
  const m = /^gpgsig(?:-sha256)? (-----BEGIN ([A-Z ]+)-----)/m.exec(head);
  if (!m) return null;
  const kind = m[2] ?? '';
  return { type: kind.includes('SSH') ? 'SSH' : kind.includes('PGP') ? 'PGP' : 'X509' };
}

export const commitRoutes = defineRoutes([
  pickRoute('revert', 'Revert a commit on a branch'),
  pickRoute('cherry_pick', 'Cherry-pick a commit onto a branch'),
  {
    method: 'GET',
    path: '/projects/:id/repository/commits/:sha/signature',
    summary: "A commit's signature (404 for an unsigned commit)",
    auth: 'optional',
    params: [idParam, { name: 'sha', type: 'string', required: true }],
    handler: async (ctx) => {
      const { repo, commit } = await commitBySha(ctx);
      const raw = (await repo.readObjects([commit.id])).get(commit.id);
      const sig = raw ? signatureOf(raw.data.toString('utf8')) : null;
      if (!sig) throw notFound('Signature');
      // No keys are registered on this instance, so no signature can be verified.
      if (sig.type === 'SSH') return { signature_type: 'SSH', verification_status: 'unknown_key', key: null, commit_source: 'gitaly' };
      if (sig.type === 'X509') return { signature_type: 'X509', verification_status: 'unverified', x509_certificate: null, commit_source: 'gitaly' };
      return {
        signature_type: 'PGP',
        verification_status: 'unknown_key',
        gpg_key_id: null,
        gpg_key_primary_keyid: null,
        gpg_key_user_name: null,
        gpg_key_user_email: null,
        gpg_key_subkey_id: null,
        commit_source: 'gitaly',
      };
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/repository/commits/:sha/comments',
    summary: "A commit's comments, oldest first",
    auth: 'optional',
    paginated: true,
    params: [idParam, { name: 'sha', type: 'string', required: true }],
    handler: async (ctx) => {
      const { project, commit } = await commitBySha(ctx);
      return paginate(
        ctx,
        (cap) => countCommitNotes(ctx.core, project, commit.id, cap),
        (limit, offset) => commitNotesPage(ctx.core, project, commit.id, limit, offset).map((row) => presentCommitNote(ctx.core, row)),
      );
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/repository/commits/:sha/comments',
    summary: 'Comment on a commit, or on a line of its diff',
    params: [
      idParam,
      { name: 'sha', type: 'string', required: true },
      { name: 'note', type: 'string', required: true },
      { name: 'path', type: 'string' },
      { name: 'line', type: 'integer' },
      { name: 'line_type', type: 'string', values: ['new', 'old'] },
    ],
    handler: async (ctx) => {
      const user = currentUser(ctx);
      const { project, repo, commit } = await commitBySha(ctx);
      const p = ctx.params;
      let line: { path: string; line: number; lineType: string } | undefined;
      if (typeof p.path === 'string') {
        // Grape: `given :path do requires :line, :line_type`.
        const missing = [p.line === undefined ? 'line is missing' : '', p.line_type === undefined ? 'line_type is missing' : ''].filter(Boolean);
        if (missing.length > 0) throw paramError(missing.join(', '));
        // A note on a file the commit did not change is a plain comment, as on the platform.
        const diffs = await diffTrees(repo, commit.parentIds[0] ?? null, commit.id);
        if (diffs.some((d) => d.newPath === p.path)) line = { path: p.path, line: p.line as number, lineType: p.line_type as string };
      }
      const row = createCommitNote(ctx.core, project, user, commit.id, { note: p.note as string, ...(line ? { line } : {}) });
      return created(presentCommitNote(ctx.core, row));
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/repository/commits/:sha/statuses',
    summary: "The statuses reported for a commit (the latest of each name unless all=true)",
    auth: 'optional',
    paginated: true,
    params: [
      idParam,
      { name: 'sha', type: 'string', required: true },
      { name: 'ref', type: 'string' },
      { name: 'stage', type: 'string' },
      { name: 'name', type: 'string' },
      { name: 'pipeline_id', type: 'integer' },
      { name: 'all', type: 'boolean', default: false },
      { name: 'order_by', type: 'string', values: ['id', 'pipeline_id'], default: 'id' },
      { name: 'sort', type: 'string', values: ['asc', 'desc'], default: 'asc' },
    ],
    handler: async (ctx) => {
      const project = findProject(ctx, 'read_commit_status');
      const p = ctx.params;
      const rows = listCommitStatuses(ctx.core, project, p.sha as string, {
        ...(typeof p.ref === 'string' ? { ref: p.ref } : {}),
        ...(typeof p.name === 'string' ? { name: p.name } : {}),
        ...(typeof p.pipeline_id === 'number' ? { pipelineId: p.pipeline_id } : {}),
        all: p.all === true,
        orderBy: p.order_by as 'id' | 'pipeline_id',
        sort: p.sort as 'asc' | 'desc',
      });
      // Generic statuses have the `test` stage on the platform; other stages hold none of them.
      const staged = typeof p.stage === 'string' && p.stage !== 'test' ? [] : rows;
      return paginateArray(ctx, staged, (page) => page.map((row) => presentCommitStatus(ctx.core, row)));
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/statuses/:sha',
    summary: 'Report the status of a commit',
    params: [
      idParam,
      { name: 'sha', type: 'string', required: true },
      { name: 'state', type: 'string', required: true, values: STATUS_STATES },
      { name: 'ref', type: 'string' },
      { name: 'name', type: 'string' },
      { name: 'context', type: 'string' },
      { name: 'target_url', type: 'string' },
      { name: 'description', type: 'string' },
      { name: 'coverage', type: 'string', check: (v) => (Number.isFinite(Number(v)) && String(v).trim() !== '' ? undefined : 'coverage is invalid') },
      { name: 'pipeline_id', type: 'integer' },
    ],
    handler: async (ctx) => {
      const user = currentUser(ctx);
      const project = findProject(ctx, 'read_project');
      if (!can(ctx.core, user, 'create_commit_status', { project })) throw forbidden();
      const p = ctx.params;
      const sha = p.sha as string;
      const repo = projectRepository(ctx.core, project);
      const id = isSafeRevision(sha) ? await repo.resolveCommit(sha) : null;
      if (!id) throw notFound('Commit');
      let ref = typeof p.ref === 'string' && p.ref !== '' ? p.ref : undefined;
      if (ref === undefined) ref = (await refsContaining(repo, id, 'branch'))[0]?.name;
      if (ref === undefined) throw notFound('References for commit');
      const targetUrl = typeof p.target_url === 'string' ? p.target_url : undefined;
      if (targetUrl !== undefined && !/^https?:\/\/[^\s]+$/i.test(targetUrl)) throw validationError({ target_url: ['is blocked: Only allowed schemes are http, https'] });
      const row = setCommitStatus(ctx.core, project, user, {
        sha: id,
        ref,
        state: p.state as StatusState,
        name: (p.name as string | undefined) || (p.context as string | undefined) || 'default',
        ...(targetUrl !== undefined ? { targetUrl } : {}),
        ...(typeof p.description === 'string' ? { description: p.description } : {}),
        ...(p.coverage !== undefined ? { coverage: Number(p.coverage) } : {}),
        ...(typeof p.pipeline_id === 'number' ? { pipelineId: p.pipeline_id } : {}),
      });
      return created(presentCommitStatus(ctx.core, row));
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/repository/tree',
    summary: 'List the files and directories of a repository tree (offset or keyset pages, or all with pagination=none)',
    auth: 'optional',
    paginated: true,
    params: [
      idParam,
      { name: 'path', type: 'string' },
      { name: 'ref', type: 'string' },
      { name: 'recursive', type: 'boolean', default: false },
      { name: 'pagination', type: 'string', values: ['legacy', 'keyset', 'none'], default: 'legacy' },
      { name: 'page_token', type: 'string' },
    ],
    handler: async (ctx) => {
      const project = findProject(ctx, 'read_code');
      const p = ctx.params;
      if (p.pagination === 'none' && p.recursive !== true) throw paramError('pagination cannot be "none" unless "recursive" is true');
      const ref = (p.ref as string | undefined) || project.default_branch;
      const path = ((p.path as string | undefined) ?? '').replace(/^\/+|\/+$/g, '');
      const repo = projectRepository(ctx.core, project);
      const commit = isSafeRevision(ref) && (path === '' || checkFilePath(path) === null) ? await repo.resolveCommit(ref) : null;
      const entries = commit ? await repo.lsTree(commit, path, p.recursive === true) : null;
      if (!entries) throw notFound('Tree');
      const present = (e: (typeof entries)[number]) => ({
        id: e.sha,
        name: e.path.slice(e.path.lastIndexOf('/') + 1),
        type: e.type,
        path: e.path,
        mode: e.mode,
      });
      if (p.pagination === 'none') return entries.map(present);
      if (p.pagination === 'keyset') {
        // The token is the path of the last entry shown (entries come in git's order).
        const { perPage } = pageWindow(ctx);
        const token = p.page_token as string | undefined;
        const start = token === undefined ? 0 : (entryIndex(entries).get(token) ?? -1) + 1;
        if (token !== undefined && start === 0) throw unprocessable(`could not find starting OID: ${token}`);
        return keysetReply(ctx, entries.slice(start, start + perPage), perPage, (last) => ({ page_token: last.path }), present, 'full-page');
      }
      return paginateArray(ctx, entries, (page) => page.map(present));
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/repository/commits',
    summary: 'List repository commits',
    auth: 'optional',
    paginated: true,
    params: [
      idParam,
      { name: 'ref_name', type: 'string' },
      { name: 'since', type: 'datetime' },
      { name: 'until', type: 'datetime' },
      { name: 'path', type: 'string' },
      { name: 'first_parent', type: 'boolean' },
      { name: 'with_stats', type: 'boolean' },
      { name: 'author', type: 'string' },
      { name: 'all', type: 'boolean' },
      { name: 'order', type: 'string', values: ['default', 'topo'], default: 'default' },
      { name: 'trailers', type: 'boolean', default: false },
    ],
    handler: async (ctx) => {
      const project = findProject(ctx, 'read_code');
      const p = ctx.params;
      const rev = (p.ref_name as string | undefined) || project.default_branch;
      const repo = projectRepository(ctx.core, project);
      const w = pageWindow(ctx);
      const path = (p.path as string | undefined) || undefined;
      const query = {
        rev,
        ...(path ? { path } : {}),
        ...(p.since ? { since: p.since as string } : {}),
        ...(p.until ? { until: p.until as string } : {}),
        ...(p.first_parent ? { firstParent: true } : {}),
        ...(p.all ? { all: true } : {}),
        ...(p.author ? { author: p.author as string } : {}),
        ...(p.order === 'topo' ? { topoOrder: true } : {}),
      };
      // An unsafe or unknown revision lists nothing (`all` needs no revision).
      const safe = p.all === true || isSafeRevisionRange(rev);
      const [ids, total] = safe ? await Promise.all([repo.log(Object.assign({}, query, { skip: w.offset, limit: w.limit })), repo.count(query)]) : [[], 0];
      const commits = await repo.commits(ids);
      const base = projectUrl(ctx.core, project);
      const items: unknown[] = [];
      for (const id of ids) {
        const c = commits.get(id);
        if (!c) continue;
        const json = presentCommit(base, c, p.trailers === true);
        items.push(p.with_stats ? Object.assign(json, { stats: await repo.diffStats(c) }) : json);
      }
      // The platform pages commits without X-Total and X-Total-Pages (git counts are costly).
      return paginate(
        ctx,
        (cap) => Math.min(total, cap),
        () => items,
        { excludeTotals: true },
      );
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/repository/commits/:sha',
    summary: 'Get a commit by SHA, branch or tag',
    auth: 'optional',
    params: [idParam, { name: 'sha', type: 'string', required: true }, { name: 'stats', type: 'boolean', default: true }],
    handler: async (ctx) => {
      const { project, repo, commit } = await commitBySha(ctx);
      const stats = ctx.params.stats ? await repo.diffStats(commit) : null;
      return presentCommitDetail(projectUrl(ctx.core, project), project, commit, stats);
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/repository/commits/:sha/diff',
    summary: "The diffs of a commit against its first parent",
    auth: 'optional',
    paginated: true,
    params: [idParam, { name: 'sha', type: 'string', required: true }, { name: 'unidiff', type: 'boolean', default: false }],
    handler: async (ctx) => {
      const { repo, commit } = await commitBySha(ctx);
      const diffs = await diffTrees(repo, commit.parentIds[0] ?? null, commit.id);
      return paginateArray(ctx, diffs, (page) => page.map(presentDiff));
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/repository/commits/:sha/refs',
    summary: 'Branches and tags that contain a commit',
    auth: 'optional',
    paginated: true,
    params: [idParam, { name: 'sha', type: 'string', required: true }, { name: 'type', type: 'string', values: ['branch', 'tag', 'all'], default: 'all' }],
    handler: async (ctx) => {
      const { repo, commit } = await commitBySha(ctx);
      const refs = await refsContaining(repo, commit.id, ctx.params.type as 'branch' | 'tag' | 'all');
      return paginateArray(ctx, refs, (page) => page.map((r) => ({ type: r.type, name: r.name })));
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/repository/commits',
    summary: 'Commit several file changes as one commit',
    // File contents travel inside the JSON body.
    bodyLimit: 64 * 1024 * 1024,
    params: [
      idParam,
      { name: 'branch', type: 'string', required: true },
      { name: 'commit_message', type: 'string', required: true },
      { name: 'actions', type: 'hash[]', required: true },
      { name: 'start_branch', type: 'string' },
      { name: 'start_sha', type: 'string' },
      { name: 'author_email', type: 'string' },
      { name: 'author_name', type: 'string' },
      { name: 'stats', type: 'boolean', default: true },
      { name: 'force', type: 'boolean', default: false },
    ],
    rules: [{ mutuallyExclusive: ['start_branch', 'start_sha'] }],
    handler: async (ctx) => {
      const user = currentUser(ctx);
      const project = findProject(ctx, 'push_code');
      const p = ctx.params;
      const actions = parseActions(p.actions as Record<string, unknown>[]);
      const commit = await createCommit(ctx.core, project, user, {
        branch: p.branch as string,
        message: p.commit_message as string,
        actions,
        ...(p.start_branch !== undefined ? { startBranch: p.start_branch as string } : {}),
        ...(p.start_sha !== undefined ? { startSha: p.start_sha as string } : {}),
        ...(p.author_name ? { authorName: p.author_name as string } : {}),
        ...(p.author_email ? { authorEmail: p.author_email as string } : {}),
        force: p.force === true,
      });
      const stats = p.stats ? await projectRepository(ctx.core, project).diffStats(commit) : null;
      return created(presentCommitDetail(projectUrl(ctx.core, project), project, commit, stats));
    },
  },
]);
