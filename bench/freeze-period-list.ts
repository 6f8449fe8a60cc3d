// Budget: a page of a project's deploy freeze periods costs the same with 100,000 periods as with
// 100 (within 2×), on the first page and a deeper one, and a project with two periods while
// another project holds the 100,000. Projects hold a few periods in practice; the list is
// measured at scale all the same. Periods are written in SQL (only the list is measured);
// requests go through the in-process core.
import type { Core } from '../src/core/app.js';
import { atTwoSizes, bulkLoad, call, medianPairGetMs, quietState, scaleRow } from './core-requests.js';

const NAME = 'freeze period list';
const ROUNDS = Number(process.env.BENCH_RUNS ?? 200);

interface State {
  core: Core;
  token: string;
  busy: number;
  quiet: number;
}

async function build(dir: string, n: number): Promise<State> {
  const { core, rootToken } = quietState(dir);
  const busy = (await call(core, rootToken, 'POST', '/projects', { path: 'busy' })) as { id: number };
  const quiet = (await call(core, rootToken, 'POST', '/projects', { path: 'quiet' })) as { id: number };
  for (const start of ['0 23 * * 5', '0 22 24 12 *']) {
    await call(core, rootToken, 'POST', `/projects/${quiet.id}/freeze_periods`, { freeze_start: start, freeze_end: '0 7 * * 1', cron_timezone: 'UTC' });
  }
  bulkLoad(core, ['freeze_periods'], (stage) => {
    const insert = stage("INSERT INTO freeze_periods (project_id, freeze_start, freeze_end, cron_timezone, created_at, updated_at) VALUES (?, ?, '0 7 * * 1', 'UTC', ?, ?)");
    for (let i = 0; i < n; i++) {
      const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
      insert.run(busy.id, `${i % 60} ${i % 24} * * ${i % 7}`, at, at);
    }
  });
  return { core, token: rootToken, busy: busy.id, quiet: quiet.id };
}

await atTwoSizes(build, async (small, large) => {
  process.stdout.write(`\nFreeze period list page, 100 vs 100,000 periods (up to ${ROUNDS} requests each, in turns, 6 s a row, medians; budget 2×)\n`);
  for (const [label, project, query] of [
    ['one project, page 1', (s: State) => s.busy, 'per_page=20'],
    ['one project, page 5', (s: State) => s.busy, 'per_page=20&page=5'],
    ['a project with 2 periods beside them', (s: State) => s.quiet, 'per_page=20'],
  ] as const) {
    const [a, b] = await medianPairGetMs(
      { core: small.core, token: small.token, path: `/projects/${project(small)}/freeze_periods`, query },
      { core: large.core, token: large.token, path: `/projects/${project(large)}/freeze_periods`, query },
      ROUNDS,
      10,
    );
    scaleRow(NAME, label, a, b);
  }
});
