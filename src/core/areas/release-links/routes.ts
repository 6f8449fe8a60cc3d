// Asset links of a release: list, get, create, update, delete. The release is named by its tag
// (URL-encoded when it contains '/'); an unknown tag or link id answers 404 "Not found".
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { forbidden, recordNotFound } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import { keptCount } from '../../db/list-counts.js';
import { created, ok } from '../../http/reply.js';
import { idParam, type ParamDecl } from '../../http/params.js';
import { can, type ProjectAbility } from '../../auth/policy.js';
import { findProject, projectFullPath } from '../../resources/find.js';
import { projectWebUrl } from '../../resources/urls.js';
import type { ProjectRow } from '../../db/rows.js';
import { LINK_TYPES, linkOfRelease, releaseByTag, type LinkRow, type LinkType, type ReleaseRow } from '../releases/queries.js';
import { presentLink } from './present.js';
import { createLink, deleteLink, updateLink, type LinkInput } from './service.js';

const pathParams: ParamDecl[] = [
  idParam,
  { name: 'tag_name', type: 'string', required: true },
];
const linkIdParam: ParamDecl = { name: 'link_id', type: 'integer', required: true };

const fieldParams = (required: boolean): ParamDecl[] => [
  { name: 'name', type: 'string', required },
  { name: 'url', type: 'string', required },
  { name: 'direct_asset_path', type: 'string' },
  { name: 'filepath', type: 'string', desc: 'Deprecated alias of direct_asset_path' },
  { name: 'link_type', type: 'string', values: LINK_TYPES, default: 'other' },
];

interface Scope {
  project: ProjectRow;
  release: ReleaseRow;
  webUrl: string;
}

/** The project (visible, releases readable) and its release for `:tag_name`. */
function scope(ctx: RequestContext): Scope {
  const project = findProject(ctx, 'read_release');
  const release = releaseByTag(ctx.core, project.id, ctx.params.tag_name as string);
  if (!release) throw recordNotFound();
  return { project, release, webUrl: projectWebUrl(ctx.core, projectFullPath(ctx.core, project)) };
}

function authorize(ctx: RequestContext, s: Scope, ability: ProjectAbility): void {
  if (!can(ctx.core, ctx.actor, ability, { project: s.project })) throw forbidden();
}

function linkIn(ctx: RequestContext, s: Scope): LinkRow {
  const link = linkOfRelease(ctx.core, s.release.id, ctx.params.link_id as number);
  if (!link) throw recordNotFound();
  return link;
}

function inputOf(ctx: RequestContext): LinkInput {
  const p = ctx.params;
  const out: LinkInput = {};
  if (p.name !== undefined) out.name = p.name as string;
  if (p.url !== undefined) out.url = p.url as string;
  const path = p.direct_asset_path !== undefined ? p.direct_asset_path : p.filepath;
  if (path !== undefined) out.filepath = path as string | null;
  if (p.link_type !== undefined) out.link_type = p.link_type as LinkType;
  return out;
}

const base = '/projects/:id/releases/:tag_name/assets/links';

export const releaseLinkRoutes = defineRoutes([
  {
    method: 'GET',
    path: base,
    summary: 'List the asset links of a release',
    auth: 'optional',
    paginated: true,
    params: pathParams,
    handler: (ctx) => {
      const s = scope(ctx);
      // Newest first, as a release presents its links (linksOf), a page at a time.
      return paginate(
        ctx,
        (cap) => keptCount(ctx.core.db, 'release_links', [s.release.id], cap),
        (limit, offset) =>
          (ctx.core.db.prepare('SELECT * FROM release_links WHERE release_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?').all(s.release.id, limit, offset) as LinkRow[]).map((l) =>
            presentLink(l, s.webUrl, s.release.tag),
          ),
      );
    },
  },
  {
    method: 'GET',
    path: `${base}/:link_id`,
    summary: 'Get an asset link of a release',
    auth: 'optional',
    params: [...pathParams, linkIdParam],
    handler: (ctx) => {
      const s = scope(ctx);
      return presentLink(linkIn(ctx, s), s.webUrl, s.release.tag);
    },
  },
  {
    method: 'POST',
    path: base,
    summary: 'Add an asset link to a release',
    params: [...pathParams, ...fieldParams(true)],
    handler: (ctx) => {
      const s = scope(ctx);
      authorize(ctx, s, 'create_release');
      const input = inputOf(ctx);
      const link = createLink(ctx.core, s.release, { ...input, name: ctx.params.name as string, url: ctx.params.url as string });
      return created(presentLink(link, s.webUrl, s.release.tag));
    },
  },
  {
    method: 'PUT',
    path: `${base}/:link_id`,
    summary: 'Update an asset link of a release',
    params: [...pathParams, linkIdParam, ...fieldParams(false)],
    rules: [{ atLeastOneOf: ['name', 'url'] }],
    handler: (ctx) => {
      const s = scope(ctx);
      const link = linkIn(ctx, s);
      authorize(ctx, s, 'update_release');
      return presentLink(updateLink(ctx.core, link, inputOf(ctx)), s.webUrl, s.release.tag);
    },
  },
  {
    method: 'DELETE',
    path: `${base}/:link_id`,
    summary: 'Delete an asset link of a release (answers with the deleted link)',
    params: [...pathParams, linkIdParam],
    handler: (ctx) => {
      const s = scope(ctx);
      const link = linkIn(ctx, s);
      authorize(ctx, s, 'destroy_release');
      deleteLink(ctx.core, link);
      return ok(presentLink(link, s.webUrl, s.release.tag));
    },
  },
]);
