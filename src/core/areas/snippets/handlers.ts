// The parts of a snippet request that personal and project snippets share: the create and update
// parameters (with the platform's checks and wording), the raw answers, and what is recorded
// about the creating request.
import type { SnippetRow, Visibility } from '../../db/rows.js';
import type { RequestContext } from '../../http/context.js';
import { preconditionFailed, notFound, paramError } from '../../http/errors.js';
import type { ParamDecl, ParamRule } from '../../http/params.js';
import { contentDisposition, rawReply, type Reply } from '../../http/reply.js';
import { VISIBILITIES } from '../../db/rows.js';
import { isSafeRevision } from '../../git/names.js';
import { checkSnippetPath, parseCreateFiles, parseUpdateActions, type CreateSnippetInput, type UpdateSnippetInput } from './service.js';
import { readBlob, snippetFiles, snippetRepository } from './repository.js';

const MAX_USER_AGENT = 1024;

/** Grape's allow_blank: false. */
const notBlank = (name: string) => (v: unknown): string | undefined => (typeof v === 'string' && v.trim() === '' ? `${name} is empty` : undefined);

export const createParams: ParamDecl[] = [
  { name: 'title', type: 'string', required: true },
  { name: 'description', type: 'string' },
  { name: 'visibility', type: 'string', values: VISIBILITIES, default: 'internal' },
  { name: 'files', type: 'hash[]' },
  { name: 'content', type: 'string', check: notBlank('content') },
  { name: 'file_name', type: 'string' },
];
export const createRules: ParamRule[] = [{ exactlyOneOf: ['files', 'content'] }];

export const updateParams: ParamDecl[] = [
  { name: 'title', type: 'string' },
  { name: 'description', type: 'string' },
  { name: 'visibility', type: 'string', values: VISIBILITIES },
  { name: 'files', type: 'hash[]' },
  { name: 'content', type: 'string', check: notBlank('content') },
  { name: 'file_name', type: 'string' },
];
export const updateRules: ParamRule[] = [
  { atLeastOneOf: ['content', 'description', 'files', 'file_name', 'title', 'visibility'] },
  { mutuallyExclusive: ['files', 'content'] },
  { mutuallyExclusive: ['files', 'file_name'] },
];

/** The creating request's User-Agent and the peer address (`hostctl serve` names the peer). */
function clientInfo(ctx: RequestContext): { userAgent: string | null; ipAddress: string | null } {
  const ua = ctx.headers['user-agent'];
  const peer = ctx.headers['x-hostctl-peer'];
  return { userAgent: ua ? ua.slice(0, MAX_USER_AGENT) : null, ipAddress: peer || '127.0.0.1' };
}

export function createInput(ctx: RequestContext, projectId: number | null): CreateSnippetInput {
  const p = ctx.params;
  let files;
  if (p.files !== undefined) {
    const list = p.files as unknown[];
    if (list.length === 0) throw paramError('files is empty');
    files = parseCreateFiles(list);
  } else {
    if (p.file_name === undefined) throw paramError('file_name is missing');
    const name = p.file_name as string;
    if (name === '') throw paramError('file_name is empty');
    checkSnippetPath(name, 'file_name');
    files = [{ path: name, content: p.content as string }];
  }
  return {
    title: p.title as string,
    description: (p.description as string | undefined) ?? null,
    visibility: p.visibility as Visibility,
    projectId,
    files,
    ...clientInfo(ctx),
  };
}

export function updateInput(ctx: RequestContext): UpdateSnippetInput {
  const p = ctx.params;
  const out: UpdateSnippetInput = {};
  if (p.title !== undefined) out.title = p.title as string;
  if (p.description !== undefined) out.description = p.description as string | null;
  if (p.visibility !== undefined) out.visibility = p.visibility as Visibility;
  if (p.content !== undefined && p.content !== null) out.content = p.content as string;
  if (p.file_name !== undefined && p.file_name !== null) out.fileName = p.file_name as string;
  if (p.files !== undefined && p.files !== null) out.files = parseUpdateActions(p.files as unknown[]);
  return out;
}

const TEXT = 'text/plain; charset=utf-8';

/** The first file's bytes (an empty attachment while the repository has none). */
export async function rawFirstFile(ctx: RequestContext, s: SnippetRow): Promise<Reply> {
  const files = await snippetFiles(ctx.core, s);
  const first = [...files.entries()][0];
  if (!first) return rawReply('', TEXT, { 'content-disposition': 'attachment' });
  const data = (await readBlob(snippetRepository(ctx.core, s), first[1].sha)) ?? Buffer.alloc(0);
  return rawReply(data, TEXT, { 'content-disposition': contentDisposition('inline', first[0].split('/').pop() ?? '') });
}

/**
 * `files/:ref/:file_path/raw`: `ref` and `file_path` are single path segments, so a `/` inside
 * either arrives URL-encoded (unencoded, no route matches: 404).
 */
export async function rawFileAt(ctx: RequestContext, s: SnippetRow, ref: string, path: string): Promise<Reply> {
  const repo = snippetRepository(ctx.core, s);
  if (!repo.exists()) throw notFound('Snippet');
  const commit = isSafeRevision(ref) ? await repo.resolveCommit(ref) : null;
  if (!commit) throw notFound('Reference');
  const entry = (await repo.listTree(commit)).get(path);
  if (!entry || entry.type !== 'blob') throw notFound('File');
  const data = (await readBlob(repo, entry.sha)) ?? Buffer.alloc(0);
  return rawReply(data, TEXT);
}

/** DELETE honours If-Unmodified-Since: a snippet changed after that time answers 412. */
export function checkUnmodifiedSince(ctx: RequestContext, s: SnippetRow): void {
  const header = ctx.headers['if-unmodified-since'];
  if (!header) return;
  const since = new Date(header);
  if (Number.isNaN(since.getTime())) return;
  // HTTP dates have whole seconds; a change within the named second is not newer.
  if (Math.floor(new Date(s.updated_at).getTime() / 1000) > Math.floor(since.getTime() / 1000)) throw preconditionFailed();
}

/**
 * `files/:ref/:file_path/raw`: the file path is checked like any path parameter before the
 * snippet is looked up (Grape's `file_path` validator refuses `..` components and absolute paths).
 */
export function checkRawFilePath(path: string): void {
  if (path.split('/').includes('..') || path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.includes('\0')) throw paramError('file_path should be a valid file path');
}
