// Repository files: read one file (JSON with base64 content, or raw), its metadata alone (HEAD,
// as X-Gitlab-* headers), its blame, and create, update or delete it, each write one commit made
// by the commits service. `:file_path` is one URL-encoded segment (`lib%2Fapp.rb`).
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { failure, notFound, paramError } from '../../http/errors.js';
import { idParam, type ParamDecl } from '../../http/params.js';
import { contentDisposition, created, noContent, ok, rawReply, Reply } from '../../http/reply.js';
import { findProject } from '../../resources/find.js';
import type { ProjectRow } from '../../db/rows.js';
import { checkFilePath, isSafeRevision } from '../../git/names.js';
import { blobAt, lastCommitFor, type BlobAtPath } from '../../git/content.js';
import { projectRepository } from '../../repositories/access.js';
import { createCommit, type ActionInput } from '../commits/service.js';
import { blameRanges } from './blame.js';
import { runGit, text } from '../../git/exec.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

const filePathParam: ParamDecl = {
  name: 'file_path',
  type: 'string',
  required: true,
  check: (v) => (checkFilePath(stripSlash(v as string)) === null ? undefined : 'file_path should be a valid file path'),
};
const refParam: ParamDecl = { name: 'ref', type: 'string', required: true };

/** One leading slash names the repository root, as on the platform. */
const stripSlash = (path: string): string => (path.startsWith('/') ? path.slice(1) : path);

interface FileVars {
  project: ProjectRow;
  ref: string;
  commit: string;
  blob: BlobAtPath;
}

/** The platform's assign_file_vars!: the ref's commit (404 Commit), then the blob (404 File). */
async function fileVars(ctx: RequestContext, ref: string): Promise<FileVars> {
  const project = findProject(ctx, 'read_code');
  const repo = projectRepository(ctx.core, project);
  const commit = isSafeRevision(ref) ? await repo.resolveCommit(ref) : null;
  if (!commit) throw notFound('Commit');
  const blob = await blobAt(repo, commit, stripSlash(ctx.params.file_path as string));
  if (!blob) throw notFound('File');
  return { project, ref, commit, blob };
}

async function blobData(ctx: RequestContext, v: FileVars) {
  const path = v.blob.path;
  return {
    file_name: path.slice(path.lastIndexOf('/') + 1),
    file_path: path,
    size: v.blob.data.length,
    encoding: 'base64',
    content_sha256: bytesToHex(sha256(v.blob.data)),
    ref: v.ref,
    blob_id: v.blob.id,
    commit_id: v.commit,
    last_commit_id: await lastCommitFor(projectRepository(ctx.core, v.project), v.commit, path),
    execute_filemode: v.blob.mode === '100755',
  };
}

/** The metadata as the platform's headers: `X-Gitlab-File-Name`, `X-Gitlab-Size`, … */
function metadataHeaders(data: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    const name = key
      .split('_')
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join('-');
    headers[`x-gitlab-${name.toLowerCase()}`] = String(value);
  }
  return headers;
}

const isUtf8 = (data: Buffer): boolean => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
};

/** The platform's assign_blob_vars!: a blob by its id (a full or abbreviated hex id), else 404 Blob. */
async function blobById(ctx: RequestContext): Promise<{ id: string; data: Buffer }> {
  const project = findProject(ctx, 'read_code');
  const repo = projectRepository(ctx.core, project);
  const sha = String(ctx.params.sha).toLowerCase();
  let id: string | null = null;
  if (/^[0-9a-f]{40}$/.test(sha)) id = sha;
  else if (/^[0-9a-f]{4,39}$/.test(sha) && repo.exists()) {
    const res = await runGit(repo.path, ['rev-parse', '--verify', '--quiet', `${sha}^{blob}`], { okCodes: [1, 128] });
    id = res.code === 0 ? text(res).trim() : null;
  }
  const obj = id && repo.exists() ? (await repo.readObjects([id])).get(id) : undefined;
  if (!id || !obj || obj.type !== 'blob') throw notFound('Blob');
  return { id, data: obj.data };
}

const writeParams = (withContent: boolean): ParamDecl[] => [
  idParam,
  filePathParam,
  { name: 'branch', type: 'string', required: true },
  { name: 'commit_message', type: 'string', required: true },
  { name: 'start_branch', type: 'string' },
  { name: 'author_email', type: 'string' },
  { name: 'author_name', type: 'string' },
  ...(withContent
    ? ([
        { name: 'content', type: 'string', required: true },
        { name: 'encoding', type: 'string', values: ['base64', 'text'], default: 'text' },
        { name: 'last_commit_id', type: 'string' },
        { name: 'execute_filemode', type: 'boolean' },
      ] satisfies ParamDecl[])
    : []),
];

/** One file change as one commit, through the commits service (branch rules, protection, refs). */
async function commitOne(ctx: RequestContext, action: 'create' | 'update' | 'delete'): Promise<{ file_path: string; branch: string }> {
  const user = currentUser(ctx);
  const project = findProject(ctx, 'push_code');
  const p = ctx.params;
  const filePath = stripSlash(p.file_path as string);
  const branch = p.branch as string;
  if (action === 'update' && typeof p.last_commit_id === 'string' && p.last_commit_id !== '') {
    // The platform's update service compares with the file's last commit on the start branch.
    const repo = projectRepository(ctx.core, project);
    const start = await repo.resolveCommit(`refs/heads/${(p.start_branch as string | undefined) ?? branch}`);
    const last = start ? await lastCommitFor(repo, start, filePath) : null;
    if (last && last !== p.last_commit_id) throw failure(400, 'You are attempting to update a file that has changed since you started editing it.');
  }
  const change: ActionInput = {
    action,
    filePath,
    encoding: (p.encoding as 'text' | 'base64' | undefined) ?? 'text',
    ...(p.content !== undefined ? { content: p.content as string } : {}),
  };
  // The flag applies to a created or updated file, in the same commit.
  const chmod: ActionInput[] =
    action !== 'delete' && typeof p.execute_filemode === 'boolean' ? [{ action: 'chmod', filePath, encoding: 'text', executeFilemode: p.execute_filemode }] : [];
  await createCommit(ctx.core, project, user, {
    branch,
    message: p.commit_message as string,
    actions: [change, ...chmod],
    ...(p.start_branch !== undefined ? { startBranch: p.start_branch as string } : {}),
    ...(p.author_name ? { authorName: p.author_name as string } : {}),
    ...(p.author_email ? { authorEmail: p.author_email as string } : {}),
  });
  return { file_path: p.file_path as string, branch };
}

export const fileRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/projects/:id/repository/blobs/:sha',
    summary: 'A blob by its id: size, base64 content and id',
    auth: 'optional',
    params: [idParam, { name: 'sha', type: 'string', required: true }],
    handler: async (ctx) => {
      const blob = await blobById(ctx);
      return { size: blob.data.length, encoding: 'base64', content: blob.data.toString('base64'), sha: blob.id };
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/repository/blobs/:sha/raw',
    summary: 'The raw content of a blob by its id',
    auth: 'optional',
    scopes: ['read_repository'],
    params: [idParam, { name: 'sha', type: 'string', required: true }],
    handler: async (ctx) => {
      const blob = await blobById(ctx);
      const textual = isUtf8(blob.data);
      return rawReply(textual ? blob.data.toString('utf8') : blob.data, textual ? 'text/plain; charset=utf-8' : 'application/octet-stream', {
        'cache-control': 'no-cache',
        'content-disposition': 'inline',
      });
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/repository/files/:file_path',
    summary: 'Get a file (base64 content and metadata); HEAD gives the metadata as X-Gitlab-* headers',
    auth: 'optional',
    scopes: ['read_repository'],
    params: [idParam, filePathParam, refParam],
    handler: async (ctx) => {
      const vars = await fileVars(ctx, ctx.params.ref as string);
      const data = await blobData(ctx, vars);
      // The router serves HEAD with this route; the core drops the body of a HEAD answer.
      return ok(Object.assign({}, data, { content: vars.blob.data.toString('base64') }), metadataHeaders(data));
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/repository/files/:file_path/raw',
    summary: 'Get the raw content of a file (ref defaults to the default branch)',
    auth: 'optional',
    scopes: ['read_repository'],
    params: [idParam, filePathParam, { name: 'ref', type: 'string' }, { name: 'lfs', type: 'boolean', default: false }],
    handler: async (ctx) => {
      const project = findProject(ctx, 'read_code');
      const vars = await fileVars(ctx, (ctx.params.ref as string | undefined) || project.default_branch);
      const data = await blobData(ctx, vars);
      const type = isUtf8(vars.blob.data) ? 'text/plain; charset=utf-8' : 'application/octet-stream';
      const body = type.startsWith('text/') ? vars.blob.data.toString('utf8') : vars.blob.data;
      return rawReply(body, type, Object.assign(metadataHeaders(data), { 'cache-control': 'no-cache', 'content-disposition': contentDisposition('inline', data.file_name) }));
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/repository/files/:file_path/blame',
    summary: 'Blame a file: ranges of lines with the commit that last changed them',
    auth: 'optional',
    scopes: ['read_repository'],
    params: [idParam, filePathParam, refParam, { name: 'range', type: 'hash' }],
    handler: async (ctx) => {
      const range = blameRange(ctx.params.range);
      const vars = await fileVars(ctx, ctx.params.ref as string);
      const data = await blobData(ctx, vars);
      const ranges = await blameRanges(ctx, vars.project, vars.commit, vars.blob.path, range);
      return new Reply(200, ranges, metadataHeaders(data));
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/repository/files/:file_path',
    summary: 'Create a file (one commit)',
    params: writeParams(true),
    handler: async (ctx) => created(await commitOne(ctx, 'create')),
  },
  {
    method: 'PUT',
    path: '/projects/:id/repository/files/:file_path',
    summary: 'Update a file (one commit)',
    params: writeParams(true),
    handler: async (ctx) => ok(await commitOne(ctx, 'update')),
  },
  {
    method: 'DELETE',
    path: '/projects/:id/repository/files/:file_path',
    summary: 'Delete a file (one commit)',
    params: writeParams(false),
    handler: async (ctx) => {
      await commitOne(ctx, 'delete');
      return noContent();
    },
  },
]);

/** `range[start]`/`range[end]`: both required positive integers, start ≤ end. */
function blameRange(raw: unknown): { start: number; end: number } | undefined {
  if (raw === undefined || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  const int = (key: 'start' | 'end'): number => {
    const v = r[key];
    if (v === undefined || v === null || v === '') throw paramError(`range[${key}] is missing`);
    const n = typeof v === 'number' ? v : /^\d{1,9}$/.test(String(v)) ? Number(v) : NaN;
    if (!Number.isInteger(n)) throw paramError(`range[${key}] is invalid`);
    if (n < 1) throw paramError(`range[${key}] does not have a valid value`);
    return n;
  };
  const start = int('start');
  const end = int('end');
  if (start > end) throw failure(400, 'range[start] must be less than or equal to range[end]');
  return { start, end };
}
