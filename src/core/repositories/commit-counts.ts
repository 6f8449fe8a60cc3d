// The default branch's commit count of each project repository (statistics' commit_count), kept
// beside the repository's size in `repository_sizes` (migration 47) and kept the same way
// (src/core/repositories/repository-sizes.ts): counted once with `git rev-list --count`, read
// from the row until a write to the repository forgets it through the store's write hook. Any
// ref update, commit, merge, push or HEAD change is such a write, so a count is never read past
// a change of the branch it counted.
//
// A count is stored with the branch it counted and read only while that branch is still the
// project's default: changing the default branch moves HEAD through a repository write when
// git takes the name, and the branch check covers the rest (a name git refuses as a ref, a
// repository not yet created). A reader claims the rows it counts (`count_claim`), looks whether
// a write may be under way there, counts, and stores each count only where its claim still stands
// and no write was, so a count taken while a write was under way (or by a writer since killed)
// is never stored (as sizes are: repository-sizes.ts).
import type { ProjectRow } from '../db/rows.js';
import type { CoreState } from '../state.js';
import { isReadOnlyState } from '../db/connection.js';
import { KEY, newClaim, ON_STORAGE_NOW, tryWrite } from './repository-sizes.js';
import { writeUnderWay } from '../git/recovery.js';

/**
 * rev-list counts run to find commit counts (tests read it to see a stored count was used), and
 * a test hook called after the counts, before they are stored (a write landing just then).
 */
export const commitCounts: { counted: number; afterCount?: () => void } = { counted: 0 };

/** What `git rev-list --count` says of the default branch (0 without a repository or the branch). */
async function countCommits(core: CoreState, p: ProjectRow): Promise<number> {
  const repo = core.repos.project(p);
  return repo.exists() && (await repo.branch(p.default_branch)) ? repo.count({ rev: p.default_branch }) : 0;
}

/** The default branch's commit count of each project (in the order given): stored ones read in one query, the others counted and stored. */
export async function defaultBranchCommitCounts(core: CoreState, projects: readonly ProjectRow[]): Promise<number[]> {
  if (projects.length === 0) return [];
  const rows = core.db
    .prepare(
      `SELECT s.container_id AS id, s.commit_count AS n FROM json_each(?) j JOIN repository_sizes s
       ON s.kind = 'project' AND s.container_id = json_extract(j.value, '$[0]') AND s.storage = json_extract(j.value, '$[1]')
          AND s.commit_branch = json_extract(j.value, '$[2]')
       WHERE s.commit_count IS NOT NULL`,
    )
    .all(JSON.stringify(projects.map((p) => [p.id, p.repository_storage, p.default_branch]))) as { id: number; n: number }[];
  const known = new Map(rows.map((r) => [r.id, r.n]));
  const missing = projects.filter((p) => !known.has(p.id));
  if (missing.length > 0) {
    const counts = await count(core, missing);
    missing.forEach((p, i) => known.set(p.id, counts[i] as number));
  }
  return projects.map((p) => known.get(p.id) as number);
}

/** Counts the projects' default branches, storing each count where no write came between the claim and the store. */
async function count(core: CoreState, projects: readonly ProjectRow[]): Promise<number[]> {
  const claim = newClaim();
  const claimed =
    !isReadOnlyState(core.db) &&
    tryWrite(core, () => {
      // A row whose count is of another branch is claimed too: that count answers nobody now.
      const put = core.db.prepare(
        `INSERT INTO repository_sizes (kind, container_id, storage, commit_branch, count_claim) SELECT @kind, @id, @storage, @branch, @claim WHERE ${ON_STORAGE_NOW}
         ON CONFLICT (kind, container_id, storage) DO UPDATE SET commit_count = NULL, commit_branch = excluded.commit_branch, count_claim = excluded.count_claim
         WHERE commit_count IS NULL OR commit_branch IS NOT excluded.commit_branch`,
      );
      for (const p of projects) put.run({ kind: 'project', id: p.id, storage: p.repository_storage, branch: p.default_branch, claim });
    });
  // Looked at after the claim: a write starting later clears it (repository-sizes.ts).
  const settled = projects.map((p) => !writeUnderWay(core.repos.project(p).path));
  const counts = await Promise.all(
    projects.map((p) => {
      commitCounts.counted++;
      return countCommits(core, p);
    }),
  );
  commitCounts.afterCount?.();
  if (claimed) {
    tryWrite(core, () => {
      const store = core.db.prepare(`UPDATE repository_sizes SET commit_count = ?, count_claim = NULL WHERE ${KEY} AND count_claim = ?`);
      projects.forEach((p, i) => {
        if (settled[i]) store.run(counts[i], 'project', p.id, p.repository_storage, claim);
      });
    });
  }
  return counts;
}
