// Project snippets: the same resource as personal snippets, reached through its project. Guests
// read (private snippets need membership), Reporters create, the author or a Maintainer changes
// and deletes. Their repositories live with the other snippets' (`@snippets/<id>.git`).
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { forbidden, notFound } from '../../http/errors.js';
import { idParam, type ParamDecl } from '../../http/params.js';
import { created, noContent } from '../../http/reply.js';
import { isAdmin } from '../../auth/policy.js';
import type { ProjectRow, SnippetRow } from '../../db/rows.js';
import { findProject } from '../../resources/find.js';
import { canAdminProjectSnippet, canCreateProjectSnippet, canReadSnippet } from '../snippets/access.js';
import { checkRawFilePath, checkUnmodifiedSince, createInput, createParams, createRules, rawFileAt, rawFirstFile, updateInput, updateParams, updateRules } from '../snippets/handlers.js';
import { presentSnippet, presentUserAgentDetail } from '../snippets/present.js';
import { projectSnippets, snippetPage } from '../snippets/list.js';
import { createSnippet, deleteSnippet, updateSnippet } from '../snippets/service.js';

const snippetId: ParamDecl = { name: 'snippet_id', type: 'integer', required: true };

function readable(ctx: RequestContext): { project: ProjectRow; snippet: SnippetRow } {
  const project = findProject(ctx);
  const snippet = ctx.core.db.prepare('SELECT * FROM snippets WHERE id = ? AND project_id = ?').get(ctx.params.snippet_id, project.id) as SnippetRow | undefined;
  if (!snippet || !canReadSnippet(ctx.core, ctx.actor, snippet, project)) throw notFound('Snippet');
  return { project, snippet };
}

function changeable(ctx: RequestContext): { project: ProjectRow; snippet: SnippetRow } {
  const found = readable(ctx);
  // An archived project is read-only for everyone, its snippets included.
  if (found.project.archived === 1 || !canAdminProjectSnippet(ctx.core, ctx.actor, found.snippet, found.project)) throw forbidden();
  return found;
}

export const projectSnippetRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/projects/:id/snippets',
    summary: "List a project's snippets the caller can see",
    auth: 'optional',
    paginated: true,
    params: [idParam],
    handler: (ctx) => {
      const project = findProject(ctx);
      return snippetPage(ctx, projectSnippets(ctx.core, ctx.actor, project));
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/snippets/:snippet_id',
    summary: 'Get one project snippet',
    auth: 'optional',
    params: [idParam, snippetId],
    handler: (ctx) => presentSnippet(ctx.core, readable(ctx).snippet),
  },
  {
    method: 'GET',
    path: '/projects/:id/snippets/:snippet_id/raw',
    summary: "The project snippet's first file, raw",
    auth: 'optional',
    params: [idParam, snippetId],
    handler: (ctx) => rawFirstFile(ctx, readable(ctx).snippet),
  },
  {
    method: 'GET',
    path: '/projects/:id/snippets/:snippet_id/files/:ref/:file_path/raw',
    summary: 'One file of a project snippet at a ref, raw; `ref` and `file_path` URL-encoded',
    auth: 'optional',
    params: [idParam, snippetId, { name: 'ref', type: 'string', required: true }, { name: 'file_path', type: 'string', required: true }],
    handler: (ctx) => {
      checkRawFilePath(ctx.params.file_path as string);
      return rawFileAt(ctx, readable(ctx).snippet, ctx.params.ref as string, ctx.params.file_path as string);
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/snippets',
    summary: 'Create a project snippet (Reporter)',
    params: [idParam, ...createParams],
    rules: createRules,
    handler: async (ctx) => {
      const user = currentUser(ctx);
      const project = findProject(ctx);
      if (project.archived === 1 || !canCreateProjectSnippet(ctx.core, user, project)) throw forbidden();
      const row = await createSnippet(ctx.core, user, createInput(ctx, project.id));
      return created(await presentSnippet(ctx.core, row));
    },
  },
  {
    method: 'PUT',
    path: '/projects/:id/snippets/:snippet_id',
    summary: 'Update a project snippet (its author or a Maintainer)',
    params: [idParam, snippetId, ...updateParams],
    rules: updateRules,
    handler: async (ctx) => {
      const user = currentUser(ctx);
      const { snippet } = changeable(ctx);
      return presentSnippet(ctx.core, await updateSnippet(ctx.core, snippet, user, updateInput(ctx)));
    },
  },
  {
    method: 'DELETE',
    path: '/projects/:id/snippets/:snippet_id',
    summary: 'Delete a project snippet (its author or a Maintainer)',
    params: [idParam, snippetId],
    handler: (ctx) => {
      currentUser(ctx);
      const { snippet } = changeable(ctx);
      checkUnmodifiedSince(ctx, snippet);
      deleteSnippet(ctx.core, snippet);
      return noContent();
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/snippets/:snippet_id/user_agent_detail',
    summary: 'User agent detail of a project snippet (administrators)',
    params: [idParam, snippetId],
    handler: (ctx) => {
      if (!isAdmin(currentUser(ctx))) throw forbidden();
      const { snippet } = readable(ctx);
      if (snippet.user_agent === null && snippet.ip_address === null) throw notFound('UserAgentDetail');
      return presentUserAgentDetail(snippet);
    },
  },
]);
