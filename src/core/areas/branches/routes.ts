// Repository branches: list (search, RE2 regex, sort, offset or keyset pages), get (and HEAD),
// create, delete, delete every merged branch (a job), and the older per-branch protect and
// unprotect calls. Public repositories answer reads anonymously.
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { failure, notFound } from '../../http/errors.js';
import { keysetReply, pageWindow, paginateArray } from '../../http/pagination.js';
import { idParam, searchParam, type ParamDecl } from '../../http/params.js';
import { accepted, created, jsonBytesReply, noContent, type Reply } from '../../http/reply.js';
import { registerJob } from '../../jobs/registry.js';
import { findProject } from '../../resources/find.js';
import { isValidRefName } from '../../git/names.js';
import type { BranchRef } from '../../git/repository.js';
import { assertWritable, projectRepository } from '../../repositories/access.js';
import { byteOrder, checkUnmodifiedSince, filterByRegex, filterBySearch } from './ref-filters.js';
import { branchPage, presentBranches } from './present.js';
import { auditorOf } from '../../audit/record.js';
import { createBranch, DELETE_MERGED_JOB, deleteBranch, type DeleteMergedPayload } from './service.js';
import { legacyProtectBranch, protectedBranchByName, unprotectBranch } from '../protected-branches/service.js';

registerJob(DELETE_MERGED_JOB, () => import('./merged-job.js').then((m) => m.handler));

const branchParam: ParamDecl = { name: 'branch', type: 'string', required: true };

/** The branch named in the path, or the platform's 400 for an invalid name and 404 for none. */
async function findBranch(ctx: RequestContext, project: ReturnType<typeof findProject>): Promise<BranchRef> {
  const name = ctx.params.branch as string;
  if (!isValidRefName(name)) throw failure(400, 'The branch refname is invalid');
  const branch = await projectRepository(ctx.core, project).branch(name);
  if (!branch) throw notFound('Branch');
  return branch;
}

/**
 * `HEAD .../branches/:branch`: 204 when the branch exists, 404 when it does not (an invalid name
 * is simply not there). The core leaves the body out of every HEAD answer, failures included.
 */
async function branchExists(ctx: RequestContext): Promise<Reply> {
  const project = findProject(ctx, 'read_code');
  if (!(await projectRepository(ctx.core, project).branch(ctx.params.branch as string))) throw notFound();
  return noContent();
}

export const branchRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/projects/:id/repository/branches',
    summary: 'List repository branches, sorted by name',
    auth: 'optional',
    paginated: true,
    params: [
      idParam,
      searchParam(),
      { name: 'regex', type: 'string' },
      { name: 'sort', type: 'string', values: ['name_asc', 'updated_asc', 'updated_desc'] },
      { name: 'pagination', type: 'string', values: ['offset', 'keyset'] },
      { name: 'page_token', type: 'string' },
    ],
    handler: async (ctx) => {
      const project = findProject(ctx, 'read_code');
      const p = ctx.params;
      const repo = projectRepository(ctx.core, project);
      const all = await repo.branches();
      let refs = filterBySearch(all, p.search as string | undefined);
      refs = await filterByRegex(refs, p.regex as string | undefined);
      const sort = (p.sort as string | undefined) ?? 'name_asc';
      if (sort !== 'name_asc') {
        const commits = await repo.commits(refs.map((r) => r.target));
        const when = (r: BranchRef) => commits.get(r.target)?.committer.epoch ?? 0;
        const dir = sort === 'updated_asc' ? 1 : -1;
        refs = [...refs].sort((a, b) => dir * (when(a) - when(b)) || byteOrder(a.name, b.name));
      }
      const present = (page: BranchRef[]) => presentBranches(ctx.core, project, ctx.actor, repo, page);
      if (p.pagination === 'keyset' && sort === 'name_asc') {
        const { perPage } = pageWindow(ctx);
        const token = p.page_token as string | undefined;
        const after = token === undefined ? refs : refs.filter((r) => byteOrder(r.name, token) > 0);
        const rows = await present(after.slice(0, perPage + 1));
        return keysetReply(ctx, rows, perPage, (last) => ({ page_token: last.name }), (row) => row, 'full-page');
      }
      // Name order, offset pages: the answer is joined from each branch's kept JSON text.
      const reply = await paginateArray(ctx, refs, (page) => page);
      // The default branch's tip from the listing just read (no second look at its ref file).
      const head = repo.branchIn(all, project.default_branch)?.target ?? null;
      return jsonBytesReply(await branchPage(ctx.core, project, ctx.actor, repo, reply.body as BranchRef[], head, ctx.dataVersion), reply.headers);
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/repository/branches/:branch',
    summary: 'Get one branch (URL-encoded name); HEAD answers whether it exists',
    auth: 'optional',
    params: [idParam, branchParam],
    handler: async (ctx) => {
      // The router serves HEAD with the GET route.
      if (ctx.method === 'HEAD') return branchExists(ctx);
      const project = findProject(ctx, 'read_code');
      const branch = await findBranch(ctx, project);
      const [json] = await presentBranches(ctx.core, project, ctx.actor, projectRepository(ctx.core, project), [branch]);
      return json;
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/repository/branches',
    summary: 'Create a branch from a branch, tag or commit',
    params: [idParam, branchParam, { name: 'ref', type: 'string', required: true }],
    handler: async (ctx) => {
      const user = currentUser(ctx);
      const project = findProject(ctx, 'push_code');
      const { branch, head } = await createBranch(ctx.core, project, user, ctx.params.branch as string, ctx.params.ref as string);
      const [json] = await presentBranches(ctx.core, project, ctx.actor, projectRepository(ctx.core, project), [branch], head);
      return created(json);
    },
  },
  {
    method: 'DELETE',
    path: '/projects/:id/repository/branches/:branch',
    summary: 'Delete a branch',
    params: [idParam, branchParam],
    handler: async (ctx) => {
      const user = currentUser(ctx);
      const project = findProject(ctx, 'push_code');
      const branch = await findBranch(ctx, project);
      await checkUnmodifiedSince(ctx, projectRepository(ctx.core, project), branch.target);
      await deleteBranch(ctx.core, project, user, branch);
      return noContent();
    },
  },
  {
    method: 'PUT',
    path: '/projects/:id/repository/branches/:branch/protect',
    summary: 'Protect one existing branch (the older form of protected branches; Maintainer)',
    params: [idParam, branchParam, { name: 'developers_can_push', type: 'boolean' }, { name: 'developers_can_merge', type: 'boolean' }],
    handler: async (ctx) => {
      const project = findProject(ctx, 'admin_project');
      const branch = await findBranch(ctx, project);
      const p = ctx.params;
      legacyProtectBranch(ctx.core, project, branch.name, {
        ...(typeof p.developers_can_push === 'boolean' ? { push: p.developers_can_push } : {}),
        ...(typeof p.developers_can_merge === 'boolean' ? { merge: p.developers_can_merge } : {}),
      });
      const [json] = await presentBranches(ctx.core, project, ctx.actor, projectRepository(ctx.core, project), [branch]);
      return json;
    },
  },
  {
    method: 'PUT',
    path: '/projects/:id/repository/branches/:branch/unprotect',
    summary: 'Remove the protection rule named exactly like a branch (the older form; Maintainer)',
    params: [idParam, branchParam],
    handler: async (ctx) => {
      const project = findProject(ctx, 'admin_project');
      const branch = await findBranch(ctx, project);
      const rule = protectedBranchByName(ctx.core, project.id, branch.name);
      if (rule) unprotectBranch(ctx.core, rule);
      const [json] = await presentBranches(ctx.core, project, ctx.actor, projectRepository(ctx.core, project), [branch]);
      return json;
    },
  },
  {
    method: 'DELETE',
    path: '/projects/:id/repository/merged_branches',
    summary: 'Delete every branch merged into the default branch (protected branches are kept)',
    params: [idParam],
    handler: (ctx) => {
      const user = currentUser(ctx);
      const project = findProject(ctx, 'push_code');
      assertWritable(project);
      const payload: DeleteMergedPayload = { projectId: project.id, userId: user.id, auditor: auditorOf(ctx.core) };
      ctx.core.jobs.enqueue(DELETE_MERGED_JOB, payload);
      return accepted();
    },
  },
]);
