// Budget: one page of the token list costs the same from 100,000 tokens as from 100 (within
// 2×). Both states are built here; requests go through the in-process core.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initState } from '../src/core/init.js';
import type { Core } from '../src/core/app.js';
import { bulkLoad, medianPairGetMs, scaleRow } from './core-requests.js';

const ROUNDS = Number(process.env.BENCH_RUNS ?? 200);

function seed(core: Core, n: number): void {
  bulkLoad(core, ['personal_access_tokens'], (stage) => {
    const insert = stage(
      `INSERT INTO personal_access_tokens (user_id, name, token_digest, scopes, expires_at, created_at, updated_at)
       VALUES (1, ?, ?, '["api"]', '2027-01-01', ?, ?)`,
    );
    for (let i = 0; i < n; i++) {
      const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
      insert.run(`token-${i}`, `digest-${i}-${Math.random()}`, at, at);
    }
  });
}


const dir = mkdtempSync(join(tmpdir(), 'hostctl-bench-'));
try {
  const small = initState({ stateDir: join(dir, 'small') });
  const large = initState({ stateDir: join(dir, 'large') });
  seed(small.core, 99);
  seed(large.core, 99_999);
  const figures: [string, number, number][] = [];
  for (const [label, query] of [
    ['first page (default sort)', 'per_page=20'],
    ['page 3, sort=name_asc', 'per_page=20&page=3&sort=name_asc'],
    ['page 3, sort=expires_desc', 'per_page=20&page=3&sort=expires_desc'],
    ['filter state=active, created_desc', 'per_page=20&state=active&sort=created_desc'],
  ] as const) {
    const at = (s: typeof small) => ({ core: s.core, token: s.rootToken, path: '/personal_access_tokens', query });
    const [a, b] = await medianPairGetMs(at(small), at(large), ROUNDS);
    figures.push([label, a, b]);
  }
  process.stdout.write(`\nToken list page, 100 vs 100,000 tokens (up to ${ROUNDS} requests each, in turns, 6 s a row, medians)\n`);
  for (const [label, a, b] of figures) {
    // A filter that matches more than 10,000 rows has to look at 10,001 of them to know that
    // the totals must be omitted: that case is reported, not held to the budget.
    scaleRow('tokens page', label, a, b, label.startsWith('filter') ? 'no budget: counts up to 10,001 matches' : undefined);
  }
  small.core.close();
  large.core.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
