// Budget: one page of a project's (or group's) package list costs the same from 100,000
// packages as from 100 (within 2×): pages come from indexed orderings and totals from the
// trigger-kept package_counts. Both states are built here; requests go through the in-process core.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initState } from '../src/core/init.js';
import type { Core } from '../src/core/app.js';
import { bulkLoad, medianPairGetMs, scaleRow } from './core-requests.js';

const ROUNDS = Number(process.env.BENCH_RUNS ?? 200);
const TYPES: [string, number][] = [
  ['npm', 2],
  ['maven', 1],
  ['pypi', 5],
  ['generic', 7],
];

async function seed(core: Core, token: string, n: number): Promise<{ project: number; group: number }> {
  const headers = { 'private-token': token, 'content-type': 'application/json' };
  const group = JSON.parse(String((await core.handle({ method: 'POST', path: '/groups', headers, body: JSON.stringify({ name: 'Bench', path: 'bench' }) })).body)) as { id: number };
  const project = JSON.parse(String((await core.handle({ method: 'POST', path: '/projects', headers, body: JSON.stringify({ path: 'registry', namespace_id: group.id }) })).body)) as { id: number };
  bulkLoad(core, ['packages'], (stage) => {
    const insert = stage(
      `INSERT INTO packages (project_id, name, version, package_type, type_rank, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < n; i++) {
      const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
      const [type, rank] = TYPES[i % TYPES.length] as [string, number];
      insert.run(project.id, `package-${i % 997}`, `1.${i % 50}.${i}`, type, rank, i % 20 === 0 ? 'hidden' : 'default', at, at);
    }
  });
  return { project: project.id, group: group.id };
}


const dir = mkdtempSync(join(tmpdir(), 'hostctl-bench-'));
try {
  const small = initState({ stateDir: join(dir, 'small') });
  const large = initState({ stateDir: join(dir, 'large') });
  const a = await seed(small.core, small.rootToken, 100);
  const b = await seed(large.core, large.rootToken, 100_000);
  const cases: [string, (ids: { project: number; group: number }) => string, string][] = [
    ['project, first page (created_at asc)', (ids) => `/projects/${ids.project}/packages`, 'per_page=20'],
    ['project, page 3, order_by=name', (ids) => `/projects/${ids.project}/packages`, 'per_page=20&page=3&order_by=name'],
    ['project, order_by=version desc', (ids) => `/projects/${ids.project}/packages`, 'per_page=20&order_by=version&sort=desc'],
    ['project, order_by=type', (ids) => `/projects/${ids.project}/packages`, 'per_page=20&order_by=type'],
    ['project, package_type=npm', (ids) => `/projects/${ids.project}/packages`, 'per_page=20&package_type=npm'],
    ['group, first page', (ids) => `/groups/${ids.group}/packages`, 'per_page=20'],
    ['filter package_name=package-99', (ids) => `/projects/${ids.project}/packages`, 'per_page=20&package_name=package-99'],
  ];
  process.stdout.write(`\nPackage list page, 100 vs 100,000 packages (up to ${ROUNDS} requests each, in turns, 6 s a row, medians)\n`);
  for (const [label, path, query] of cases) {
    const [x, y] = await medianPairGetMs({ core: small.core, token: small.rootToken, path: path(a), query }, { core: large.core, token: large.rootToken, path: path(b), query }, ROUNDS);
    // A name or version filter has to read the matching rows to count them (up to 10,001):
    // reported, not held to the budget.
    scaleRow('package list', label, x, y, label.startsWith('filter') ? 'no budget: counts matching rows' : undefined);
  }
  small.core.close();
  large.core.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
