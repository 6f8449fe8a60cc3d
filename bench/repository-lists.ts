// Budget: one page of a repository list costs the same at 10,000 entries as at 10 (within 2×):
// a directory listing (tree) of 10,000 files, the branches and tags that contain a commit
// (10,000 refs), and the file diffs of a commit that changes 10,000 files. Repositories are
// seeded with git directly (fast-import, one ref transaction); requests go through the
// in-process core.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, medianPairGetMs, quietState } from './core-requests.js';
import { budgetLine, verdict } from './budget.mjs';

const ROUNDS = Number(process.env.BENCH_RUNS ?? 40);

function git(gitDir: string, args: string[], input?: string): string {
  const res = spawnSync('git', args, { env: { PATH: process.env.PATH ?? '', GIT_DIR: gitDir, HOME: tmpdir(), GIT_CONFIG_NOSYSTEM: '1' }, input, maxBuffer: 1 << 28 });
  if (res.status !== 0) throw new Error(`git ${args[0]} failed: ${res.stderr}`);
  return res.stdout.toString('utf8');
}

/** A first commit with one file, then one commit adding `n` files; `n` branches and `n` tags at the first commit. */
function seed(gitDir: string, n: number): { first: string; second: string } {
  const parts: string[] = [];
  parts.push(`commit refs/heads/main\nmark :1\ncommitter Bench <bench@example.com> 1767225600 +0000\ndata 5\nfirst\nM 100644 inline README.md\ndata 6\nhello\n\n`);
  parts.push(`commit refs/heads/main\nmark :2\ncommitter Bench <bench@example.com> 1767225660 +0000\ndata 6\nsecond\nfrom :1\n`);
  for (let i = 0; i < n; i++) {
    const content = `file ${i}\n`;
    parts.push(`M 100644 inline file-${String(i).padStart(5, '0')}.txt\ndata ${Buffer.byteLength(content)}\n${content}`);
  }
  parts.push('\n');
  git(gitDir, ['fast-import', '--quiet', '--force'], parts.join(''));
  const first = git(gitDir, ['rev-parse', 'refs/heads/main~1']).trim();
  const second = git(gitDir, ['rev-parse', 'refs/heads/main']).trim();
  let input = '';
  for (let i = 0; i < n; i++) input += `create refs/heads/b/${String(i).padStart(5, '0')} ${first}\ncreate refs/tags/t/${String(i).padStart(5, '0')} ${first}\n`;
  git(gitDir, ['update-ref', '--stdin'], input);
  git(gitDir, ['pack-refs', '--all']);
  git(gitDir, ['commit-graph', 'write', '--reachable']);
  return { first, second };
}

const dir = mkdtempSync(join(tmpdir(), 'hostctl-bench-'));
try {
  const { core, rootToken } = quietState(join(dir, 'state'));
  const gitDirOf = (id: number) => core.repos.project({ id, repository_storage: 'default' }).path;
  const small = (await call(core, rootToken, 'POST', '/projects', { path: 'small', initialize_with_readme: false })) as { id: number };
  const large = (await call(core, rootToken, 'POST', '/projects', { path: 'large', initialize_with_readme: false })) as { id: number };
  const a = seed(gitDirOf(small.id), 10);
  const b = seed(gitDirOf(large.id), 10_000);
  // [label, path, query at 10, query at 10,000]
  type Case = [string, (id: number, c: { first: string; second: string }) => string, string, string];
  const cases: Case[] = [
    ['tree, page 1', (id) => `/projects/${id}/repository/tree`, 'per_page=5', 'per_page=5'],
    ['tree, last page', (id) => `/projects/${id}/repository/tree`, 'per_page=5&page=2', 'per_page=5&page=2000'],
    ['tree, keyset from the middle', (id) => `/projects/${id}/repository/tree`, 'per_page=5&pagination=keyset&page_token=file-00004.txt', 'per_page=5&pagination=keyset&page_token=file-05000.txt'],
    ['refs containing a commit, page 1', (id, c) => `/projects/${id}/repository/commits/${c.first}/refs`, 'per_page=5', 'per_page=5'],
    ['refs containing a commit, deep page', (id, c) => `/projects/${id}/repository/commits/${c.first}/refs`, 'per_page=5&page=3', 'per_page=5&page=3000'],
    ['commit diff, page 1', (id, c) => `/projects/${id}/repository/commits/${c.second}/diff`, 'per_page=5', 'per_page=5'],
    ['commit diff, last page', (id, c) => `/projects/${id}/repository/commits/${c.second}/diff`, 'per_page=5&page=2', 'per_page=5&page=2000'],
  ];
  process.stdout.write(`\nRepository lists, 10 vs 10,000 entries (up to ${ROUNDS} requests each, in turns, 6 s a row, medians)\n`);
  for (const [label, path, smallQuery, largeQuery] of cases) {
    const [x, y] = await medianPairGetMs({ core, token: rootToken, path: path(small.id, a), query: smallQuery }, { core, token: rootToken, path: path(large.id, b), query: largeQuery }, ROUNDS, 5);
    const ratio = y / x;
    process.stdout.write(`  ${label.padEnd(44)} ${x.toFixed(2)} ms vs ${y.toFixed(2)} ms  → ${ratio.toFixed(2)}× (budget 2×: ${ratio <= 2 ? 'within' : 'OVER'})\n`);
    budgetLine(`repository lists at 10,000 vs 10: ${label}`, `${y.toFixed(2)} ms = ${ratio.toFixed(2)}×`, `${x.toFixed(2)} ms`, '≤ 2×', verdict(ratio <= 2));
  }
  core.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
