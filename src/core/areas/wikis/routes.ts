// Project and group wikis: list pages, get one (any version, optionally rendered), create,
// update (a new title moves the page), delete, upload attachments; and, as hostctl extensions,
// the versions of one page, and the attachments of the wiki (list, and one file's bytes: the
// platform serves them only as web pages of the wiki). A slug is one URL-encoded path segment: an unencoded `/` matches no
// route (404), as the specification says of every path parameter. Project wikis: Guests read private ones, Developers write,
// Maintainers delete; public projects are read anonymously. Group wikis are a paid feature
// (the free tier is refused with 403), with the same roles on the group.
import { defineRoutes, type RouteDef } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { forbidden, paramError } from '../../http/errors.js';
import { idParam, type ParamDecl } from '../../http/params.js';
import { contentDisposition, created, noContent, rawReply, unsniffable } from '../../http/reply.js';
import type { UploadedFile } from '../../http/parse.js';
import { tierAtLeast } from '../../instance.js';
import { findGroup, findProject } from '../../resources/find.js';
import { groupWiki, projectWiki, type WikiContainer } from './container.js';
import { WIKI_FORMATS, type WikiFormat } from './pages.js';
import { renderPage } from './render.js';
import { createPage, deletePage, getPage, listAttachments, listPages, pageHistory, pagesWithContent, readAttachment, updatePage, uploadAttachment, withSizes, type WikiPage } from './service.js';
import { paginateArray } from '../../http/pagination.js';

type Need = 'read' | 'create' | 'admin';

const PROJECT_ABILITY = { read: 'read_wiki', create: 'create_wiki', admin: 'admin_wiki' } as const;

function projectContainer(ctx: RequestContext, need: Need): WikiContainer {
  return projectWiki(ctx.core, findProject(ctx, PROJECT_ABILITY[need]));
}

function groupContainer(ctx: RequestContext, need: Need): WikiContainer {
  const group = findGroup(ctx, need === 'read' ? 'read_wiki' : need === 'create' ? 'create_wiki' : 'admin_wiki');
  if (!tierAtLeast(ctx.core.settings.tier, 'premium')) throw forbidden();
  return groupWiki(ctx.core, group);
}

const basic = (p: WikiPage) => ({ format: p.format, slug: p.slug, title: p.title });
const full = (p: WikiPage, content: string) => Object.assign(basic(p), { content, encoding: 'UTF-8' });

const slugParam: ParamDecl = { name: 'slug', type: 'string', required: true };
const formatParam: ParamDecl = { name: 'format', type: 'string', values: WIKI_FORMATS };
const branchParam: ParamDecl = { name: 'branch', type: 'string' };

function routesFor(prefix: string, container: (ctx: RequestContext, need: Need) => WikiContainer, what: string): RouteDef[] {
  return [
    {
      method: 'GET',
      path: `${prefix}/wikis`,
      summary: `List the pages of a ${what} wiki`,
      auth: 'optional',
      paginated: true,
      params: [idParam, { name: 'with_content', type: 'boolean', default: false }],
      handler: async (ctx) => {
        const withContent = ctx.params.with_content === true;
        const w = container(ctx, 'read');
        return paginateArray(ctx, await listPages(w), async (files) =>
          (await pagesWithContent(w, files, withContent)).map((p) => (withContent ? full(p, p.content ?? '') : basic(p))),
        );
      },
    },
    {
      method: 'GET',
      path: `${prefix}/wikis/:slug`,
      summary: `Get a ${what} wiki page (URL-encoded slug), at a version, optionally as HTML`,
      auth: 'optional',
      params: [idParam, slugParam, { name: 'version', type: 'string' }, { name: 'render_html', type: 'boolean', default: false }],
      handler: async (ctx) => {
        const page = await getPage(container(ctx, 'read'), ctx.params.slug as string, ctx.params.version as string | undefined);
        const content = ctx.params.render_html === true ? await renderPage(page.format, page.content ?? '') : (page.content ?? '');
        return full(page, content);
      },
    },
    {
      method: 'POST',
      path: `${prefix}/wikis`,
      summary: `Create a ${what} wiki page (Developer)`,
      params: [idParam, { name: 'title', type: 'string', required: true }, { name: 'content', type: 'string', required: true }, { ...formatParam, default: 'markdown' }],
      handler: async (ctx) => {
        const user = currentUser(ctx);
        const w = container(ctx, 'create');
        const p = ctx.params;
        const page = await createPage(ctx.core, w, user, { title: p.title as string, content: p.content as string, format: p.format as WikiFormat });
        return created(full(page, page.content ?? ''));
      },
    },
    {
      method: 'PUT',
      path: `${prefix}/wikis/:slug`,
      summary: `Update a ${what} wiki page; a new title moves it (Developer)`,
      params: [idParam, slugParam, { name: 'title', type: 'string' }, { name: 'content', type: 'string' }, formatParam],
      rules: [{ atLeastOneOf: ['content', 'title', 'format'] }],
      handler: async (ctx) => {
        const user = currentUser(ctx);
        const w = container(ctx, 'create');
        const p = ctx.params;
        const page = await updatePage(ctx.core, w, user, p.slug as string, {
          ...(typeof p.title === 'string' ? { title: p.title } : {}),
          ...(typeof p.content === 'string' ? { content: p.content } : {}),
          ...(typeof p.format === 'string' ? { format: p.format as WikiFormat } : {}),
        });
        return full(page, page.content ?? '');
      },
    },
    {
      method: 'DELETE',
      path: `${prefix}/wikis/:slug`,
      summary: `Delete a ${what} wiki page (Maintainer)`,
      params: [idParam, slugParam],
      handler: async (ctx) => {
        const user = currentUser(ctx);
        await deletePage(ctx.core, container(ctx, 'admin'), user, ctx.params.slug as string);
        return noContent();
      },
    },
    {
      method: 'POST',
      path: `${prefix}/wikis/attachments`,
      summary: `Upload an attachment to a ${what} wiki repository (multipart; Developer)`,
      params: [idParam, { name: 'file', type: 'file', required: true }, { name: 'branch', type: 'string' }],
      handler: async (ctx) => {
        const user = currentUser(ctx);
        const w = container(ctx, 'create');
        const file = ctx.params.file as UploadedFile;
        if (!file) throw paramError('file is missing');
        const attachment = await uploadAttachment(ctx.core, w, user, { filename: file.filename, data: Buffer.from(file.data) }, ctx.params.branch as string | undefined);
        return created(attachment);
      },
    },
    {
      method: 'GET',
      path: `/hostctl${prefix}/wiki_versions/:slug`,
      summary: `Versions (commits) of one ${what} wiki page, newest first (hostctl extension)`,
      auth: 'optional',
      params: [idParam, slugParam],
      handler: async (ctx) => pageHistory(container(ctx, 'read'), ctx.params.slug as string),
    },
    {
      method: 'GET',
      path: `/hostctl${prefix}/wiki_attachments`,
      summary: `Attachments of a ${what} wiki (files under uploads/ on a branch), by path (hostctl extension)`,
      auth: 'optional',
      paginated: true,
      params: [idParam, branchParam],
      handler: async (ctx) => {
        const w = container(ctx, 'read');
        return paginateArray(ctx, await listAttachments(w, ctx.params.branch as string | undefined), (rows) => withSizes(w, rows));
      },
    },
    {
      method: 'GET',
      path: `/hostctl${prefix}/wiki_attachments/:file_path`,
      summary: `One attachment of a ${what} wiki: its bytes (URL-encoded uploads/… path; hostctl extension)`,
      auth: 'optional',
      params: [idParam, { name: 'file_path', type: 'string', required: true }, branchParam],
      handler: async (ctx) => {
        const file = await readAttachment(container(ctx, 'read'), ctx.params.file_path as string, ctx.params.branch as string | undefined);
        const { 'content-type': type, ...headers } = unsniffable('application/octet-stream');
        return rawReply(new Uint8Array(file.data), type as string, Object.assign(headers, { 'content-disposition': contentDisposition('attachment', file.name), 'cache-control': 'private, no-cache' }));
      },
    },
  ];
}

export const wikiRoutes = defineRoutes([...routesFor('/projects/:id', projectContainer, 'project'), ...routesFor('/groups/:id', groupContainer, 'group')]);
