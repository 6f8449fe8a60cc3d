// Comparing two refs (`from`...`to` through their merge base, or `from`..`to` with straight),
// and the merge base of several refs, on the project's real repository.
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { failure, notFound } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { findProject } from '../../resources/find.js';
import { isSafeRevision } from '../../git/names.js';
import type { GitRepository } from '../../git/repository.js';
import { commitsBetween, diffTrees, mergeBase } from '../../git/content.js';
import { projectRepository } from '../../repositories/access.js';
import { presentCommit, projectUrl } from '../../repositories/present-commit.js';
import { presentDiff } from './present.js';

const resolve = async (repo: GitRepository, ref: string): Promise<string | null> => (isSafeRevision(ref) ? repo.resolveCommit(ref) : null);

async function compare(ctx: RequestContext) {
  const project = findProject(ctx, 'read_code');
  const p = ctx.params;
  if (p.from_project_id !== undefined && p.from_project_id !== project.id) {
    // Forks are not kept here, so no other project can be the source of a comparison.
    throw failure(400, `Target project id:${String(p.from_project_id)} is not a fork of project id:${String(p.id)}`);
  }
  const repo = projectRepository(ctx.core, project);
  const [head, from] = await Promise.all([resolve(repo, p.to as string), resolve(repo, p.from as string)]);
  if (!head || !from) throw notFound('Ref');
  const base = p.straight === true ? from : await mergeBase(repo, [from, head]);
  if (!base) throw notFound('Ref');
  const same = base === head;
  const ids = same ? [] : await commitsBetween(repo, base, head);
  const commits = await repo.commits(ids);
  const url = projectUrl(ctx.core, project);
  const list = ids.flatMap((id) => {
    const c = commits.get(id);
    return c ? [presentCommit(url, c, false)] : [];
  });
  const diffs = same ? [] : await diffTrees(repo, base, head);
  return {
    commit: list[list.length - 1] ?? null,
    commits: list,
    diffs: diffs.map(presentDiff),
    compare_timeout: false,
    compare_same_ref: same,
    web_url: `${url}/-/compare/${base}...${head}`,
  };
}

export const compareRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/projects/:id/repository/compare',
    summary: 'Compare two branches, tags or commits',
    auth: 'optional',
    params: [
      idParam,
      { name: 'from', type: 'string', required: true },
      { name: 'to', type: 'string', required: true },
      { name: 'from_project_id', type: 'integer' },
      { name: 'straight', type: 'boolean', default: false },
      { name: 'unidiff', type: 'boolean', default: false },
    ],
    handler: compare,
  },
  {
    method: 'GET',
    path: '/projects/:id/repository/merge_base',
    summary: 'The common ancestor of two or more refs',
    auth: 'optional',
    params: [idParam, { name: 'refs', type: 'string[]', required: true, commaSeparated: true }],
    handler: async (ctx) => {
      const project = findProject(ctx, 'read_code');
      const refs = ctx.params.refs as string[];
      if (refs.length < 2) throw failure(400, 'Provide at least 2 refs');
      const repo = projectRepository(ctx.core, project);
      const resolved = await Promise.all(refs.map((r) => resolve(repo, r)));
      const unknown = refs.filter((_, i) => !resolved[i]);
      if (unknown.length > 0) throw failure(400, `Could not find ${unknown.length === 1 ? 'ref' : 'refs'}: ${unknown.join(', ')}`);
      const base = await mergeBase(repo, resolved as string[]);
      const commit = base ? await repo.commit(base) : null;
      if (!commit) throw notFound('Merge Base');
      return presentCommit(projectUrl(ctx.core, project), commit);
    },
  },
]);
