// An administrator's `GET /projects?order_by=repository_size&statistics=true` at 100 and at
// 5,000 projects, each with a real repository on disk (a README commit, and at one project in
// seven a second file of a size of its own). The size orders sort on every matching project's
// repository size: they were measured by walking each repository's directory on every request;
// they are now kept in the database (repository_sizes) and only a repository written since is
// measured again. The statistics' commit_count of each project on the page is kept there too
// (it ran one `git rev-list --count` per project on the page, 20 per request here); a request
// with everything kept starts no git process, which the bench checks. Budget: once the sizes are stored, the request at 5,000 repositories costs at
// most 2× the one at 100 (medians, the two sizes taking turns). 5,000 rather than the 100,000 of
// the list benches: making 100,000 git repositories (a few files each) takes far longer than a
// bench may run, and 5,000 already shows a cost growing with the repositories (the old code
// walked all 5,000 per request). Shown beside it, without a budget: the first request (every
// size measured and stored), and a request after the kept sizes and counts are forgotten (what
// every request cost when nothing was kept). Requests go through the in-process core. The states are
// made in memory (/dev/shm, where it exists, as the test suite's are): writing 5,000 small
// repositories to a loaded disk took 13 to 37 s of the bench's minute, reading them costs the
// same from either once they are in the page cache.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core } from '../src/core/app.js';
import type { ProjectRow } from '../src/core/db/rows.js';
import { commitCounts } from '../src/core/repositories/commit-counts.js';
import { budgetLine, verdict } from './budget.mjs';
import { bulkLoad, call, median, medianPairGetMs, quietState, timed } from './core-requests.js';

const ROUNDS = Number(process.env.BENCH_RUNS ?? 25);
const SMALL = 100;
const LARGE = Number(process.env.BENCH_REPOSITORIES ?? 5_000);
const QUERY = 'order_by=repository_size&statistics=true';

interface State {
  core: Core;
  root: string;
}

/** `n` projects in one group, each with its repository: rows in bulk, repositories in-process. */
async function build(dir: string, n: number): Promise<State> {
  const { core, rootToken } = quietState(dir);
  const group = (await call(core, rootToken, 'POST', '/groups', { name: 'Sized', path: 'sized' })) as { id: number };
  const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
  bulkLoad(core, ['projects'], (stage) => {
    const project = stage(
      `INSERT INTO projects (namespace_id, name, path, path_lower, visibility, creator_id, created_at, updated_at, last_activity_at) VALUES (?, ?, ?, ?, 'private', 1, ?, ?, ?)`,
    );
    for (let i = 0; i < n; i++) project.run(group.id, `Project ${i}`, `p${i}`, `p${i}`, at(i), at(i), at(i));
  });
  const who = { name: 'Bench', email: 'bench@example.com', time: core.clock.now() };
  const rows = core.db.prepare('SELECT * FROM projects WHERE namespace_id = ? ORDER BY id').all(group.id) as ProjectRow[];
  for (const [i, row] of rows.entries()) {
    const repo = core.repos.project(row);
    repo.initSync('main');
    const content = i % 7 === 0 ? `# ${row.name}\n\n${'size '.repeat((i * 37) % 2_000)}\n` : `# ${row.name}\n`;
    repo.initialCommitSync('main', { path: 'README.md', content }, 'Initial commit', who, who);
  }
  return { core, root: rootToken };
}

const hasSizesTable = (core: Core): boolean => core.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'repository_sizes'").get() !== undefined;

/** One request, after the kept sizes are forgotten (each one measured again, as before they were kept). */
async function unkeptMs(s: State, rounds: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (hasSizesTable(s.core)) s.core.db.prepare('UPDATE repository_sizes SET bytes = NULL, claim = NULL, commit_count = NULL, count_claim = NULL').run();
    times.push(await timed(() => s.core.handle({ method: 'GET', path: '/projects', query: QUERY, headers: { 'private-token': s.root } })));
  }
  return median(times);
}

const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'hostctl-bench-'));
const built: State[] = [];
try {
  const started = process.hrtime.bigint();
  const small = await build(join(dir, 'small'), SMALL);
  built.push(small);
  const large = await build(join(dir, 'large'), LARGE);
  built.push(large);
  process.stderr.write(`bench state repository-sizes: built in ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s\n`);
  if (!existsSync(join(large.core.repos.storagePath('default'), '@projects'))) throw new Error('no repositories were written');
  const get = (s: State) => ({ method: 'GET' as const, path: '/projects', query: QUERY, headers: { 'private-token': s.root } });

  process.stdout.write(`\nGET /projects?${QUERY} as an administrator, ${SMALL} vs ${LARGE.toLocaleString('en')} projects with repositories on disk\n`);
  // The first request measures every repository (nothing is stored yet).
  const firstSmall = await timed(() => small.core.handle(get(small)));
  const firstLarge = await timed(() => large.core.handle(get(large)));
  process.stdout.write(`  first request (every size measured):       ${firstSmall.toFixed(2)} ms vs ${firstLarge.toFixed(2)} ms  (no budget)\n`);
  budgetLine(`repository sizes at ${LARGE} vs ${SMALL}: first request, every size measured (information)`, `${firstLarge.toFixed(2)} ms = ${(firstLarge / firstSmall).toFixed(2)}×`, `${firstSmall.toFixed(2)} ms`, 'none', 'SKIP');
  const [a, b] = await medianPairGetMs(
    { core: small.core, token: small.root, path: '/projects', query: QUERY },
    { core: large.core, token: large.root, path: '/projects', query: QUERY },
    ROUNDS,
    5,
  );
  const ratio = b / a;
  const counted = commitCounts.counted;
  await large.core.handle(get(large));
  if (commitCounts.counted !== counted) throw new Error('a request with every size and count kept still counted commits');
  process.stdout.write(`  sizes and commit counts kept (no git process; medians of ${ROUNDS}, taking turns):  ${a.toFixed(2)} ms vs ${b.toFixed(2)} ms  → ${ratio.toFixed(2)}× (budget 2×: ${ratio <= 2 ? 'within' : 'OVER'})\n`);
  budgetLine(`repository sizes at ${LARGE} vs ${SMALL}: order_by=repository_size&statistics=true, sizes and commit counts kept`, `${b.toFixed(2)} ms = ${ratio.toFixed(2)}×`, `${a.toFixed(2)} ms`, '≤ 2×', verdict(ratio <= 2));
  // What each request cost when nothing was kept: every repository walked again.
  const [unkeptSmall, unkeptLarge] = [await unkeptMs(small, 5), await unkeptMs(large, 3)];
  process.stdout.write(`  every size measured again (kept sizes forgotten first): ${unkeptSmall.toFixed(2)} ms vs ${unkeptLarge.toFixed(2)} ms  (no budget)\n`);
  process.stdout.write(`  at ${LARGE.toLocaleString('en')}: ${b.toFixed(2)} ms with the sizes kept, ${unkeptLarge.toFixed(2)} ms measuring them → ${(unkeptLarge / b).toFixed(1)}×\n`);
  // The stored sizes must still be exact: one project's figure against the statistics of its own GET.
  const page = JSON.parse(String((await large.core.handle(get(large))).body)) as { id: number; statistics: { repository_size: number } }[];
  const one = JSON.parse(String((await large.core.handle({ ...get(large), path: `/projects/${page[0]?.id}`, query: 'statistics=true' })).body)) as { statistics: { repository_size: number } };
  if (one.statistics.repository_size !== page[0]?.statistics.repository_size) throw new Error('the list and the project disagree on a size');
  budgetLine(
    `repository sizes at ${LARGE} vs ${SMALL}: every size measured per request (information, the cost before sizes were kept)`,
    `${unkeptLarge.toFixed(2)} ms`,
    `${unkeptSmall.toFixed(2)} ms`,
    'none',
    'SKIP',
  );
} finally {
  for (const s of built) s.core.close();
  rmSync(dir, { recursive: true, force: true });
}
