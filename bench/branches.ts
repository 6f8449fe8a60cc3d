// Branches at scale: creating 1,000 branches through the API, then listing them with their
// `merged` flags (every page of 100, the first page, and a regex filter). Requests go through the
// in-process core, so the figures are the core's own cost plus git's.
// Budget: a list page costs a fixed number of git processes (not one per branch), so a page of
// 100 branches out of 1,000 should answer within 250 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initState } from '../src/core/init.js';
import type { Core } from '../src/core/app.js';

const BRANCHES = Number(process.env.BENCH_BRANCHES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGE_BUDGET_MS = 250;

const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

async function call(core: Core, token: string, method: string, path: string, body?: unknown, query = ''): Promise<unknown> {
  const res = await core.handle({
    method,
    path,
    query,
    headers: { 'private-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status} ${String(res.body)}`);
  return typeof res.body === 'string' && res.body ? JSON.parse(res.body) : null;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const dir = mkdtempSync(join(tmpdir(), 'hostctl-bench-'));
try {
  const { core, rootToken } = initState({ stateDir: join(dir, 'state') });
  core.log = () => undefined;
  const project = (await call(core, rootToken, 'POST', '/projects', { path: 'many-branches', initialize_with_readme: true })) as { id: number };
  const base = `/projects/${project.id}/repository`;

  // Half the branches start at the first commit (merged once main moves on), half at main's
  // new tip (not merged: they are the tip itself).
  const createTimes: number[] = [];
  const half = Math.floor(BRANCHES / 2);
  const createStart = process.hrtime.bigint();
  for (let i = 0; i < half; i++) createTimes.push(await timed(() => call(core, rootToken, 'POST', `${base}/branches`, { branch: `merged/${String(i).padStart(4, '0')}`, ref: 'main' })));
  await call(core, rootToken, 'POST', `${base}/commits`, { branch: 'main', commit_message: 'Move on', actions: [{ action: 'create', file_path: 'next.txt', content: 'next' }] });
  for (let i = half; i < BRANCHES; i++) createTimes.push(await timed(() => call(core, rootToken, 'POST', `${base}/branches`, { branch: `topic/${String(i).padStart(4, '0')}`, ref: 'main' })));
  const createTotal = Number(process.hrtime.bigint() - createStart) / 1e6;

  const firstPage: number[] = [];
  const allPages: number[] = [];
  const regexPage: number[] = [];
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
    regexPage.push(await timed(() => call(core, rootToken, 'GET', `${base}/branches`, undefined, `per_page=100&regex=${encodeURIComponent('^topic/\\d*7$')}`)));
  }

  const first = median(firstPage);
  process.stdout.write(`\nBranches: ${BRANCHES} branches (${half} merged), medians of ${RUNS} runs\n`);
  process.stdout.write(`  ${'create 1 branch (median of all creates)'.padEnd(48)} ${median(createTimes).toFixed(1)} ms\n`);
  process.stdout.write(`  ${`create all ${BRANCHES} branches`.padEnd(48)} ${(createTotal / 1000).toFixed(2)} s\n`);
  process.stdout.write(`  ${'list page 1 (per_page=100, merged flags)'.padEnd(48)} ${first.toFixed(1)} ms (budget ${PAGE_BUDGET_MS} ms: ${first <= PAGE_BUDGET_MS ? 'within' : 'OVER'})\n`);
  process.stdout.write(`  ${`list all ${Math.ceil((BRANCHES + 1) / 100)} pages`.padEnd(48)} ${median(allPages).toFixed(1)} ms (${mergedSeen} merged reported)\n`);
  process.stdout.write(`  ${'list with an RE2 regex'.padEnd(48)} ${median(regexPage).toFixed(1)} ms\n`);
  if (mergedSeen !== half) throw new Error(`expected ${half} merged branches, saw ${mergedSeen}`);
  core.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
