// Repository tags: list (search, order by name, update time or version), get, create
// (lightweight, or annotated with a message), delete.
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { keysetReply, pageWindow, paginateArray } from '../../http/pagination.js';
import { idParam, searchParam, type ParamDecl } from '../../http/params.js';
import { created, noContent } from '../../http/reply.js';
import { findProject } from '../../resources/find.js';
import type { TagRef } from '../../git/repository.js';
import { projectRepository } from '../../repositories/access.js';
import { byteOrder, checkUnmodifiedSince, compareVersions, searchMatcher } from '../branches/ref-filters.js';
import { presentTags } from './present.js';
import { createTag, deleteTag } from './service.js';

const tagParam: ParamDecl = { name: 'tag_name', type: 'string', required: true };

async function findTag(ctx: RequestContext, project: ReturnType<typeof findProject>): Promise<TagRef> {
  const tag = await projectRepository(ctx.core, project).tag(ctx.params.tag_name as string);
  if (!tag) throw notFound('Tag');
  return tag;
}

/**
 * Where a tag stands in an ordered listing, by name: made once per listing (the listings are kept
 * while the tags are unchanged), so a keyset page deep in 10,000 tags finds its start at once.
 */
const positions = new WeakMap<readonly { name: string }[], Map<string, number>>();
function positionOf(tags: readonly { name: string }[], name: string): number {
  let byName = positions.get(tags);
  if (!byName) {
    byName = new Map(tags.map((t, i) => [t.name, i]));
    positions.set(tags, byName);
  }
  return byName.get(name) ?? -1;
}

export const tagRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/projects/:id/repository/tags',
    summary: 'List repository tags',
    auth: 'optional',
    paginated: true,
    params: [
      idParam,
      { name: 'order_by', type: 'string', values: ['name', 'updated', 'version'], default: 'updated' },
      { name: 'sort', type: 'string', values: ['asc', 'desc'], default: 'desc' },
      searchParam(),
      { name: 'pagination', type: 'string', values: ['offset', 'keyset'] },
      { name: 'page_token', type: 'string' },
    ],
    handler: async (ctx) => {
      const project = findProject(ctx, 'read_code');
      const repo = projectRepository(ctx.core, project);
      const listing = await repo.tagListing();
      const order = ctx.params.order_by as string;
      const dir = ctx.params.sort === 'asc' ? 1 : -1;
      const search = ctx.params.search as string | undefined;
      // Orders are total (ties go by name), so sorting first and filtering after gives the same
      // list as filtering first; both are kept with the listing until a tag changes.
      const sorted = listing.ordered(`${order}:${dir}`, (all) => {
        if (order === 'name') return [...all].sort((a, b) => dir * byteOrder(a.name, b.name));
        if (order === 'version') return [...all].sort((a, b) => dir * compareVersions(a.name, b.name) || byteOrder(a.name, b.name));
        // Update time is the tag's creation: the tagger date of an annotated tag, the commit
        // date of a lightweight one.
        return [...all].sort((a, b) => dir * (listing.updated(a) - listing.updated(b)) || dir * byteOrder(a.name, b.name));
      });
      const tags = search
        ? listing.ordered(`${order}:${dir}:${search}`, () => {
            const matches = searchMatcher(search);
            return sorted.filter((t) => matches(t.name));
          })
        : sorted;
      if (ctx.params.pagination === 'keyset') {
        // The platform's repository pager: pages after the tag named by page_token, a next link
        // whenever a page is full, 422 for a token that names no tag.
        const { perPage } = pageWindow(ctx);
        const token = ctx.params.page_token as string | undefined;
        const start = token === undefined ? 0 : positionOf(tags, token) + 1;
        if (token !== undefined && start === 0) throw unprocessable(`Invalid page token: refs/tags/${token}`);
        const page = await presentTags(ctx.core, project, repo, tags.slice(start, start + perPage));
        return keysetReply(ctx, page, perPage, (last) => ({ page_token: (last as { name: string }).name }), (row) => row, 'full-page');
      }
      return paginateArray(ctx, tags, (page) => presentTags(ctx.core, project, repo, [...page]));
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/repository/tags/:tag_name',
    summary: 'Get one tag',
    auth: 'optional',
    params: [idParam, tagParam],
    handler: async (ctx) => {
      const project = findProject(ctx, 'read_code');
      const tag = await findTag(ctx, project);
      const [json] = await presentTags(ctx.core, project, projectRepository(ctx.core, project), [tag]);
      return json;
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/repository/tags',
    summary: 'Create a tag (annotated when a message is given)',
    params: [idParam, tagParam, { name: 'ref', type: 'string', required: true }, { name: 'message', type: 'string' }],
    handler: async (ctx) => {
      const user = currentUser(ctx);
      const project = findProject(ctx, 'create_tag');
      const p = ctx.params;
      const tag = await createTag(ctx.core, project, user, p.tag_name as string, p.ref as string, p.message as string | undefined);
      const [json] = await presentTags(ctx.core, project, projectRepository(ctx.core, project), [tag]);
      return created(json);
    },
  },
  {
    method: 'DELETE',
    path: '/projects/:id/repository/tags/:tag_name',
    summary: 'Delete a tag',
    params: [idParam, tagParam],
    handler: async (ctx) => {
      currentUser(ctx);
      const project = findProject(ctx, 'push_code');
      const tag = await findTag(ctx, project);
      await checkUnmodifiedSince(ctx, projectRepository(ctx.core, project), tag.commitId);
      await deleteTag(ctx.core, project, tag);
      return noContent();
    },
  },
]);
