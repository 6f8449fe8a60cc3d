// Budget: one page of a repository's tags costs the same at 10,000 tags as at 10 (within 2×),
// page 1 and a deep page, in each order the route offers (updated, name, version) and with a
// search. Tags are seeded with git directly (fast-import: one commit per tag, so that every tag
// has its own date); requests go through the in-process core.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, medianPairGetMs, quietState } from './core-requests.js';
import { budgetLine, verdict } from './budget.mjs';

const ROUNDS = Number(process.env.BENCH_RUNS ?? 40);

function git(gitDir: string, args: string[], input?: string): void {
  const res = spawnSync('git', args, { env: { PATH: process.env.PATH ?? '', GIT_DIR: gitDir, HOME: tmpdir(), GIT_CONFIG_NOSYSTEM: '1' }, input, maxBuffer: 1 << 28 });
  if (res.status !== 0) throw new Error(`git ${args[0]} failed: ${res.stderr}`);
}

/** `n` commits on main, each tagged (lightweight; every tenth annotated), then packed refs. */
function seedTags(gitDir: string, n: number): void {
  const parts: string[] = [];
  for (let i = 1; i <= n; i++) {
    const msg = `commit ${i}`;
    parts.push(`commit refs/heads/main\nmark :${i}\ncommitter Bench <bench@example.com> ${1767225600 + i * 60} +0000\ndata ${msg.length}\n${msg}\n`);
    const content = `line ${i}\n`;
    parts.push(`M 100644 inline file-${i % 50}.txt\ndata ${Buffer.byteLength(content)}\n${content}\n`);
    const name = `v1.${Math.floor(i / 100)}.${i % 100}`;
    if (i % 10 === 0) {
      const text = `release ${name}`;
      parts.push(`tag ${name}\nfrom :${i}\ntagger Bench <bench@example.com> ${1767225600 + i * 60 + 30} +0000\ndata ${text.length}\n${text}\n`);
    } else parts.push(`reset refs/tags/${name}\nfrom :${i}\n\n`);
  }
  git(gitDir, ['fast-import', '--quiet', '--force'], parts.join(''));
  git(gitDir, ['pack-refs', '--all']);
  git(gitDir, ['commit-graph', 'write', '--reachable']);
}

const dir = mkdtempSync(join(tmpdir(), 'hostctl-bench-'));
try {
  const { core, rootToken } = quietState(join(dir, 'state'));
  const gitDirOf = (id: number) => core.repos.project({ id, repository_storage: 'default' }).path;
  const small = (await call(core, rootToken, 'POST', '/projects', { path: 'small', initialize_with_readme: false })) as { id: number };
  const large = (await call(core, rootToken, 'POST', '/projects', { path: 'large', initialize_with_readme: false })) as { id: number };
  seedTags(gitDirOf(small.id), 10);
  seedTags(gitDirOf(large.id), 10_000);
  // [label, query at 10 tags, query at 10,000]: the last page is page 2 of 5 tags at 10 tags
  // and page 2,000 at 10,000.
  const cases: [string, string, string][] = [];
  for (const order of ['updated', 'name', 'version']) {
    for (const sort of ['desc', 'asc']) {
      const q = `per_page=5&order_by=${order}&sort=${sort}`;
      cases.push([`page 1, order_by=${order} ${sort}`, q, q]);
      cases.push([`last page, order_by=${order} ${sort}`, `${q}&page=2`, `${q}&page=2000`]);
    }
  }
  cases.push(['page 1, search=v1.', 'per_page=5&search=v1.', 'per_page=5&search=v1.']);
  // Both keyset pages hold rows of the same kinds, so that only the list's size differs: five tags
  // in name order, the second of them annotated (v1.0.10 after v1.0.1; v1.50.10 after v1.50.1).
  cases.push(['keyset, after a given tag', 'per_page=5&pagination=keyset&order_by=name&sort=asc&page_token=v1.0.1', 'per_page=5&pagination=keyset&order_by=name&sort=asc&page_token=v1.50.0']);
  process.stdout.write(`\nTag list page, 10 vs 10,000 tags (up to ${ROUNDS} requests each, in turns, 6 s a row, medians)\n`);
  for (const [label, smallQuery, largeQuery] of cases) {
    const tags = (id: number, query: string) => ({ core, token: rootToken, path: `/projects/${id}/repository/tags`, query });
    const [x, y] = await medianPairGetMs(tags(small.id, smallQuery), tags(large.id, largeQuery), ROUNDS, 10);
    const ratio = y / x;
    process.stdout.write(`  ${label.padEnd(44)} ${x.toFixed(2)} ms vs ${y.toFixed(2)} ms  → ${ratio.toFixed(2)}× (budget 2×: ${ratio <= 2 ? 'within' : 'OVER'})\n`);
    budgetLine(`tags at 10,000 vs 10: ${label}`, `${y.toFixed(2)} ms = ${ratio.toFixed(2)}×`, `${x.toFixed(2)} ms`, '≤ 2×', verdict(ratio <= 2));
  }
  core.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
