// Git through the API at scale, in-process (the core's own cost plus git's):
// - branch create rate (1,000 branches) and commit create rate, printed (their budgets, against
//   git measured in the same run, are bench/writes.ts's);
// - a page of 100 branches (with merged flags) out of 1,000;
// - the first page of branches at 10,000 branches against 10, and of commits at 10,000 commits
//   against 10 (histories and refs seeded with git directly).
// Each budget is printed as a BUDGET line (bench/budget.mjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core } from '../src/core/app.js';
import { budgetLine, verdict } from './budget.mjs';
import { call, median, quietState, timed } from './core-requests.js';

const BRANCHES = Number(process.env.BENCH_BRANCHES ?? 1000);
const COMMITS = Number(process.env.BENCH_COMMITS ?? 150);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
/** Median time of a GET after a warm-up. */
async function getMedian(core: Core, token: string, path: string, query: string): Promise<number> {
  const [only] = await getMedians(core, token, [path], query);
  return only as number;
}

/**
 * The median time of each path's request, the paths taken in turn round by round: a scale row
 * compares two of them, and a burst of load on the shared machine then falls on both alike
 * (measured one after the other, a tenth of a millisecond read 2.8× in one full run).
 */
async function getMedians(core: Core, token: string, paths: string[], query: string): Promise<number[]> {
  for (let i = 0; i < 5; i++) for (const path of paths) await call(core, token, 'GET', path, undefined, query);
  const times = paths.map((): number[] => []);
  for (let i = 0; i < ROUNDS; i++) {
    for (const [j, path] of paths.entries()) times[j]?.push(await timed(() => call(core, token, 'GET', path, undefined, query)));
  }
  return times.map((t) => median(t));
}

function git(gitDir: string, args: string[], input?: string): void {
  const res = spawnSync('git', args, { env: { PATH: process.env.PATH ?? '', GIT_DIR: gitDir, HOME: tmpdir(), GIT_CONFIG_NOSYSTEM: '1' }, input, maxBuffer: 1 << 28 });
  if (res.status !== 0) throw new Error(`git ${args[0]} failed: ${res.stderr}`);
}

/** `n` commits on main, each changing one file, written by fast-import; then a commit-graph. */
function seedHistory(gitDir: string, n: number): void {
  let stream = '';
  for (let i = 0; i < n; i++) {
    const content = `line ${i}\n`;
    stream += `commit refs/heads/main\ncommitter Bench <bench@example.com> ${1767225600 + i * 60} +0000\ndata ${`commit ${i}`.length}\ncommit ${i}\n`;
    stream += `M 100644 inline file-${i % 50}.txt\ndata ${Buffer.byteLength(content)}\n${content}\n`;
  }
  git(gitDir, ['fast-import', '--quiet', '--force'], stream);
  git(gitDir, ['commit-graph', 'write', '--reachable']);
}

/** `n` branches at main's tip, in one ref transaction, then packed. */
function seedBranches(gitDir: string, n: number): void {
  let input = '';
  for (let i = 0; i < n; i++) input += `create refs/heads/b/${String(i).padStart(5, '0')} refs/heads/main\n`;
  git(gitDir, ['update-ref', '--stdin'], input);
  git(gitDir, ['pack-refs', '--all']);
}

const dir = mkdtempSync(join(tmpdir(), 'hostctl-bench-'));
try {
  const { core, rootToken } = quietState(join(dir, 'state'));
  const newProject = async (path: string, readme = true) => (await call(core, rootToken, 'POST', '/projects', { path, initialize_with_readme: readme })) as { id: number };
  const gitDirOf = (id: number) => core.repos.project({ id, repository_storage: 'default' }).path;

  // ---- branch create and the 1,000-branch page ----
  const project = await newProject('many-branches');
  const base = `/projects/${project.id}/repository`;
  // Half the branches start at the first commit (merged once main moves on), half at main's
  // new tip (not merged: they are the tip itself).
  const half = Math.floor(BRANCHES / 2);
  const createStart = process.hrtime.bigint();
  for (let i = 0; i < half; i++) await call(core, rootToken, 'POST', `${base}/branches`, { branch: `merged/${String(i).padStart(4, '0')}`, ref: 'main' });
  await call(core, rootToken, 'POST', `${base}/commits`, { branch: 'main', commit_message: 'Move on', actions: [{ action: 'create', file_path: 'next.txt', content: 'next' }] });
  for (let i = half; i < BRANCHES; i++) await call(core, rootToken, 'POST', `${base}/branches`, { branch: `topic/${String(i).padStart(4, '0')}`, ref: 'main' });
  const createSeconds = Number(process.hrtime.bigint() - createStart) / 1e9;
  const branchRate = BRANCHES / createSeconds;

  const firstPage: number[] = [];
  const allPages: number[] = [];
  let mergedSeen = 0;
  for (let run = 0; run < RUNS; run++) {
    firstPage.push(await timed(() => call(core, rootToken, 'GET', `${base}/branches`, undefined, 'per_page=100')));
    allPages.push(
      await timed(async () => {
        mergedSeen = 0;
        for (let page = 1; ; page++) {
          const list = (await call(core, rootToken, 'GET', `${base}/branches`, undefined, `per_page=100&page=${page}`)) as { merged: boolean }[];
          mergedSeen += list.filter((b) => b.merged).length;
          if (list.length < 100) break;
        }
      }),
    );
  }
  if (mergedSeen !== half) throw new Error(`expected ${half} merged branches, saw ${mergedSeen}`);
  const page1000 = await getMedian(core, rootToken, `${base}/branches`, 'per_page=100');

  // ---- commit create ----
  const commitsProject = await newProject('commit-rate');
  const commitStart = process.hrtime.bigint();
  for (let i = 0; i < COMMITS; i++) {
    await call(core, rootToken, 'POST', `/projects/${commitsProject.id}/repository/commits`, {
      branch: 'main',
      commit_message: `Change ${i}`,
      actions: [{ action: i % 3 === 0 ? 'create' : 'update', file_path: i % 3 === 0 ? `dir-${i % 7}/file-${i}.txt` : 'README.md', content: `content ${i}\n` }],
    });
  }
  const commitRate = COMMITS / (Number(process.hrtime.bigint() - commitStart) / 1e9);

  // ---- 10 vs 10,000 branches and commits ----
  const small = await newProject('small');
  const large = await newProject('large', false);
  seedHistory(gitDirOf(large.id), 10_000);
  seedBranches(gitDirOf(small.id), 9);
  seedBranches(gitDirOf(large.id), 9_999);
  const smallHist = await newProject('small-history', false);
  seedHistory(gitDirOf(smallHist.id), 10);
  // Ref listings are kept only once their files have been quiet for a moment (src/core/git/
  // refs.ts: two changes within one tick of the file system's clock must not look like one), so
  // the first 200 ms after seeding measure a listing read afresh on every request. The budget
  // is the steady state of a large list: measure after that moment.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const [branches10 = 0, branches10k = 0] = await getMedians(core, rootToken, [`/projects/${small.id}/repository/branches`, `/projects/${large.id}/repository/branches`], 'per_page=20');
  const [commits10 = 0, commits10k = 0] = await getMedians(core, rootToken, [`/projects/${smallHist.id}/repository/commits`, `/projects/${large.id}/repository/commits`], 'per_page=20');
  core.close();

  process.stdout.write(`\nGit through the API (in-process; pages are medians of ${ROUNDS} requests)\n`);
  const row = (label: string, value: string) => process.stdout.write(`  ${label.padEnd(50)} ${value}\n`);
  row(`create ${BRANCHES} branches`, `${createSeconds.toFixed(2)} s = ${branchRate.toFixed(0)}/s`);
  row(`list all ${Math.ceil((BRANCHES + 1) / 100)} pages of 100 (median of ${RUNS})`, `${median(allPages).toFixed(1)} ms (${mergedSeen} merged reported)`);
  row('list page 1 of 100 at 1,000 branches', `${page1000.toFixed(2)} ms`);
  row(`create ${COMMITS} commits`, `${commitRate.toFixed(0)}/s`);
  row('branches page 1 at 10 / 10,000 branches', `${branches10.toFixed(2)} ms / ${branches10k.toFixed(2)} ms`);
  row('commits page 1 at 10 / 10,000 commits', `${commits10.toFixed(2)} ms / ${commits10k.toFixed(2)} ms`);

  budgetLine('branch list page (100, merged flags) at 1,000 branches', `${page1000.toFixed(2)} ms`, '-', '≤ 5 ms', verdict(page1000 <= 5));
  budgetLine('branches page 1 at 10,000 vs 10 branches', `${branches10k.toFixed(2)} ms = ${(branches10k / branches10).toFixed(2)}×`, `${branches10.toFixed(2)} ms`, '≤ 2×', verdict(branches10k <= 2 * branches10));
  budgetLine('commits page 1 at 10,000 vs 10 commits', `${commits10k.toFixed(2)} ms = ${(commits10k / commits10).toFixed(2)}×`, `${commits10.toFixed(2)} ms`, '≤ 2×', verdict(commits10k <= 2 * commits10));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
