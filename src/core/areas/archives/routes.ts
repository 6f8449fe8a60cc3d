// Source archives of a project's repository: `/repository/archive` with `format` as a query
// param or as the path's extension (`archive.zip`, `.tar.gz`, `.tar.bz2`, `.tar`, and the
// platform's aliases), for the commit `sha` names (a branch, tag or commit; the default branch
// when absent). The archive holds the tree under `<project>-<ref>-<commit>/` and is offered for
// download under that name.
//
// The `sources` URLs of a release (`<project web_url>/-/archive/<tag>/<project>-<tag>.<fmt>`)
// name the same archives: fetch them through this API as
// `GET /projects/:id/repository/archive.<fmt>?sha=<tag>`.
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { forbidden, notFound, paramError, routeNotFound } from '../../http/errors.js';
import { rawReply, streamReply } from '../../http/reply.js';
import { currentUser } from '../../http/context.js';
import { idParam, type ParamDecl } from '../../http/params.js';
import { can, isAdmin } from '../../auth/policy.js';
import { findProject } from '../../resources/find.js';
import { checkFilePath, isSafeRevision } from '../../git/names.js';

const params: ParamDecl[] = [
  idParam,
  { name: 'sha', type: 'string' },
  { name: 'format', type: 'string' },
  { name: 'path', type: 'string' },
];

async function archive(ctx: RequestContext, formatName: string) {
  const { archiveCommit, archiveFormatOf, ARCHIVE_CONTENT_TYPES } = await import('../../git/archive.js');
  const format = archiveFormatOf(formatName);
  if (!format) throw routeNotFound();
  const project = findProject(ctx, 'read_project');
  if (!can(ctx.core, ctx.actor, 'read_code', { project })) throw forbidden();
  const sub = typeof ctx.params.path === 'string' && ctx.params.path !== '' ? ctx.params.path.replace(/^\/+|\/+$/g, '') : undefined;
  if (sub !== undefined && checkFilePath(sub) !== null) throw paramError('path should be a valid file path');
  const git = ctx.core.repos.project(project);
  const ref = typeof ctx.params.sha === 'string' && ctx.params.sha !== '' ? ctx.params.sha : project.default_branch;
  const commit = isSafeRevision(ref) ? await git.resolveCommit(ref) : null;
  if (!commit) throw notFound('File');
  const prefix = [project.path, ref.replace(/\//g, '-'), commit, ...(sub ? [sub.replace(/\//g, '-')] : [])].join('-');
  const data = await archiveCommit(git.path, commit, format, prefix, sub);
  if (data === null) throw notFound('File');
  return rawReply(data, ARCHIVE_CONTENT_TYPES[format], {
    'content-disposition': `attachment; filename="${prefix.replace(/["\\]/g, '_')}.${format}"`,
    'content-transfer-encoding': 'binary',
  });
}

export const archiveRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/projects/:id/snapshot',
    summary: "A tar snapshot of the project's bare repository, or of its wiki (administrators)",
    stream: { response: true },
    params: [idParam, { name: 'wiki', type: 'boolean', default: false }],
    handler: async (ctx) => {
      // The platform checks the administrator before it looks the project up.
      if (!isAdmin(currentUser(ctx))) throw forbidden();
      const project = findProject(ctx);
      const repo = ctx.params.wiki === true ? ctx.core.repos.projectWiki(project) : ctx.core.repos.project(project);
      if (!repo.exists()) throw notFound('Repository');
      const { repositorySnapshot } = await import('../../git/snapshot.js');
      const name = `${project.path}${ctx.params.wiki === true ? '.wiki' : ''}.tar`;
      return streamReply(repositorySnapshot(repo.path), 'application/x-tar', undefined, {
        'content-disposition': `attachment; filename="${name.replace(/["\\]/g, '_')}"`,
        'content-transfer-encoding': 'binary',
      });
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/repository/archive',
    summary: 'Download an archive of the repository (format: zip, tar.gz, tar.bz2, tar; default tar.gz)',
    auth: 'optional',
    params,
    handler: (ctx) => archive(ctx, typeof ctx.params.format === 'string' && ctx.params.format !== '' ? ctx.params.format : 'tar.gz'),
  },
  {
    method: 'GET',
    path: '/projects/:id/repository/archive.:ext',
    summary: 'Download an archive of the repository in the format its extension names',
    auth: 'optional',
    params,
    handler: (ctx) => archive(ctx, ctx.params.ext as string),
  },
]);
