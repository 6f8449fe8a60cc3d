// Personal snippets: the caller's own (project snippets they wrote included), the public ones,
// everything visible (with the administrators' storage filter), one snippet, its raw files,
// create, update, delete, and the user agent detail recorded at creation (administrators).
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { forbidden, notFound, recordNotFound } from '../../http/errors.js';
import type { ParamDecl } from '../../http/params.js';
import { created, noContent } from '../../http/reply.js';
import { isAdmin } from '../../auth/policy.js';
import type { SnippetRow } from '../../db/rows.js';
import { canAdminProjectSnippet, canCreatePersonalSnippet, canReadSnippet, projectOfSnippet } from './access.js';
import { checkRawFilePath, checkUnmodifiedSince, createInput, createParams, createRules, rawFileAt, rawFirstFile, updateInput, updateParams, updateRules } from './handlers.js';
import { presentSnippet, presentUserAgentDetail } from './present.js';
import { everySnippet, ownSnippets, publicSnippets, snippetPage, visibleSnippets } from './list.js';
import { createSnippet, deleteSnippet, updateSnippet } from './service.js';

const snippetId: ParamDecl = { name: 'id', type: 'integer', required: true };
const dateFilters: ParamDecl[] = [
  { name: 'created_after', type: 'datetime' },
  { name: 'created_before', type: 'datetime' },
];

function snippetById(ctx: RequestContext, id: number): SnippetRow | undefined {
  return ctx.core.db.prepare('SELECT * FROM snippets WHERE id = ?').get(id) as SnippetRow | undefined;
}

/** A snippet the caller may read (a project snippet too, as the platform's finder allows), or 404. */
function readableSnippet(ctx: RequestContext): SnippetRow {
  const s = snippetById(ctx, ctx.params.id as number);
  if (!s || !canReadSnippet(ctx.core, ctx.actor, s)) throw notFound('Snippet');
  return s;
}

/**
 * Snippets are changed here only by their author (administrators use Sudo); anyone else is told
 * there is none. A project snippet its author may no longer change is refused.
 */
function ownSnippet(ctx: RequestContext): SnippetRow {
  const user = currentUser(ctx);
  const s = snippetById(ctx, ctx.params.id as number);
  if (!s || s.author_id !== user.id) throw notFound('Snippet');
  const project = projectOfSnippet(ctx.core, s);
  if (project && (project.archived === 1 || !canAdminProjectSnippet(ctx.core, user, s, project))) throw forbidden();
  return s;
}

export const snippetRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/snippets',
    summary: "List the caller's snippets (personal, and project snippets they wrote)",
    paginated: true,
    params: dateFilters,
    handler: (ctx) => {
      return snippetPage(ctx, ownSnippets(ctx.core, currentUser(ctx)));
    },
  },
  {
    method: 'GET',
    path: '/snippets/public',
    summary: 'List public personal snippets',
    paginated: true,
    params: dateFilters,
    handler: (ctx) => {
      currentUser(ctx);
      return snippetPage(ctx, publicSnippets(ctx.core));
    },
  },
  {
    method: 'GET',
    path: '/snippets/all',
    summary: 'List every snippet the caller can see (administrators: all, with a storage filter)',
    paginated: true,
    params: [...dateFilters, { name: 'repository_storage', type: 'string' }],
    handler: (ctx) => {
      const user = currentUser(ctx);
      const admin = isAdmin(user);
      if (ctx.params.repository_storage !== undefined && !admin) throw forbidden();
      if (!admin) return snippetPage(ctx, visibleSnippets(ctx.core, user));
      return snippetPage(ctx, everySnippet(ctx.core, ctx.params.repository_storage as string | undefined), { withStorage: true });
    },
  },
  {
    method: 'GET',
    path: '/snippets/:id',
    summary: 'Get one personal snippet',
    auth: 'optional',
    params: [snippetId],
    handler: (ctx) => presentSnippet(ctx.core, readableSnippet(ctx)),
  },
  {
    method: 'GET',
    path: '/snippets/:id/raw',
    summary: "The snippet's first file, raw",
    auth: 'optional',
    params: [snippetId],
    handler: (ctx) => rawFirstFile(ctx, readableSnippet(ctx)),
  },
  {
    method: 'GET',
    path: '/snippets/:id/files/:ref/:file_path/raw',
    summary: 'One file of the snippet at a branch, tag or commit, raw; `ref` and `file_path` URL-encoded',
    auth: 'optional',
    params: [snippetId, { name: 'ref', type: 'string', required: true }, { name: 'file_path', type: 'string', required: true }],
    handler: (ctx) => {
      checkRawFilePath(ctx.params.file_path as string);
      return rawFileAt(ctx, readableSnippet(ctx), ctx.params.ref as string, ctx.params.file_path as string);
    },
  },
  {
    method: 'POST',
    path: '/snippets',
    summary: 'Create a personal snippet from `files[]` (or the older `file_name` + `content`)',
    params: createParams,
    rules: createRules,
    handler: async (ctx) => {
      const user = currentUser(ctx);
      if (!canCreatePersonalSnippet(user)) throw forbidden();
      const row = await createSnippet(ctx.core, user, createInput(ctx, null));
      return created(await presentSnippet(ctx.core, row));
    },
  },
  {
    method: 'PUT',
    path: '/snippets/:id',
    summary: 'Update a personal snippet (its author): metadata, and files as one commit of actions',
    params: [snippetId, ...updateParams],
    rules: updateRules,
    handler: async (ctx) => {
      const user = currentUser(ctx);
      const s = ownSnippet(ctx);
      const row = await updateSnippet(ctx.core, s, user, updateInput(ctx));
      return presentSnippet(ctx.core, row);
    },
  },
  {
    method: 'DELETE',
    path: '/snippets/:id',
    summary: 'Delete a personal snippet (its author) with its repository',
    params: [snippetId],
    handler: (ctx) => {
      const s = ownSnippet(ctx);
      checkUnmodifiedSince(ctx, s);
      deleteSnippet(ctx.core, s);
      return noContent();
    },
  },
  {
    method: 'GET',
    path: '/snippets/:id/user_agent_detail',
    summary: 'User agent and address recorded when the snippet was created (administrators)',
    params: [snippetId],
    handler: (ctx) => {
      const user = currentUser(ctx);
      if (!isAdmin(user)) throw forbidden();
      const s = snippetById(ctx, ctx.params.id as number);
      if (!s) throw recordNotFound();
      if (s.user_agent === null && s.ip_address === null) throw notFound('UserAgentDetail');
      return presentUserAgentDetail(s);
    },
  },
]);
