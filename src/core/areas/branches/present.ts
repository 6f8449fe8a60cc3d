// Branch refs → the platform's Branch entity. What a page of branches needs from git (the tip
// commits, which branches are merged into the default branch) is read in two batch commands,
// whatever the number of branches; protection rules are read once.
import type { ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import type { BranchRef, GitRepository } from '../../git/repository.js';
import { BranchProtection } from '../protected-branches/rules.js';
import { presentCommit, projectUrl } from '../../repositories/present-commit.js';
import { contentKey, fragmentsOf, jsonArrayBytes, keptTexts } from '../../resources/fragments.js';

/** Path escaping of a ref in a web URL: slashes stay, other reserved characters are escaped. */
export function escapeRefPath(name: string): string {
  return name
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/%(?:21|24|26|27|28|29|2A|2B|2C|3B|3D|3A|40)/gi, (m) => decodeURIComponent(m)))
    .join('/');
}

/**
 * Whether a branch is merged into the default branch: its tip is an ancestor of the default
 * branch's tip without being that very commit (the default branch itself never is). With
 * `only`, reachability is computed for those branches alone.
 */
export async function mergedTester(
  repo: GitRepository,
  project: ProjectRow,
  options: { head?: string | null; only?: string[] } = {},
): Promise<(ref: BranchRef) => boolean> {
  const head = options.head !== undefined ? options.head : ((await repo.branch(project.default_branch))?.target ?? null);
  if (!head) return () => false;
  const reachable = await repo.branchesMergedInto(head, options.only);
  return (ref) => ref.name !== project.default_branch && ref.target !== head && reachable.has(ref.name);
}

/**
 * Branch JSON for some branches. `head` (the default branch's tip, null when there is none)
 * saves a lookup when the caller already knows it; a short list asks git about its own
 * branches only.
 */
export async function presentBranches(
  core: CoreState,
  project: ProjectRow,
  viewer: UserRow | null,
  repo: GitRepository,
  refs: BranchRef[],
  head?: string | null,
) {
  if (refs.length === 0) return [];
  // Reachability is known in-process: asking about the page's branches alone is cheapest.
  const only = refs.map((r) => r.name);
  // Branches at the default branch's tip (or the default branch itself) are never merged.
  const undecided = head === undefined || refs.some((r) => r.name !== project.default_branch && r.target !== head);
  const [commits, merged] = await Promise.all([
    repo.commits(refs.map((r) => r.target)),
    undecided ? mergedTester(repo, project, { ...(head !== undefined ? { head } : {}), only }) : () => false,
  ]);
  const protection = new BranchProtection(core, project, viewer);
  const base = projectUrl(core, project);
  return refs.map((ref) => {
    const commit = commits.get(ref.target);
    return {
      name: ref.name,
      commit: commit ? presentCommit(base, commit) : null,
      merged: merged(ref),
      protected: protection.isProtected(ref.name),
      developers_can_push: protection.developersCan('push', ref.name),
      developers_can_merge: protection.developersCan('merge', ref.name),
      can_push: protection.canPush(ref.name),
      default: ref.name === project.default_branch,
      web_url: `${base}/-/tree/${escapeRefPath(ref.name)}`,
    };
  });
}

/**
 * A list page of branches as the bytes of its JSON array, joined from each branch's text
 * (`head`: the default branch's tip, null when there is none; `dataVersion`: ctx.dataVersion). A
 * branch's text depends on its name and tip, the default branch's tip (merged), the project
 * row, the viewer and the web base (all in the scope) and on protection rules and access in the
 * database (the generation the texts are kept under); texts presented since the last write are
 * reused, so a page of unchanged branches reads no git object and no protection rule, and the
 * same page of the same texts is joined once.
 */
export async function branchPage(
  core: CoreState,
  project: ProjectRow,
  viewer: UserRow | null,
  repo: GitRepository,
  refs: readonly BranchRef[],
  head: string | null,
  dataVersion: number | undefined,
): Promise<Buffer> {
  if (refs.length === 0) return jsonArrayBytes([]);
  const fragments = fragmentsOf(core.db, 'branch');
  const scope = `${viewer?.id ?? 0}\n${core.settings.externalUrl}\n${head}\n${contentKey(project)}`;
  const texts = fragments.texts(scope, dataVersion);
  const keys = refs.map((ref) => `${ref.name}\0${ref.target}`);
  const page = await keptTexts(fragments, texts, keys, (missing) => {
    const wanted = new Set(missing);
    return presentBranches(core, project, viewer, repo, refs.filter((_, i) => wanted.has(keys[i] as string)), head);
  });
  return fragments.joined(scope, keys, () => jsonArrayBytes(page));
}
