// Budget: a page of GET /users (as an administrator, in the default order and by name) costs the
// same with 100,000 users as with 100 (within 2×), on the first page and a deeper one. Users are
// written in SQL (only the list is measured); requests go through the in-process core.
import { atTwoSizes, bulkLoad, medianPairGetMs, quietState, scaleRow } from './core-requests.js';

const NAME = 'user list (admin)';
const ROUNDS = Number(process.env.BENCH_RUNS ?? 100);

function build(dir: string, n: number) {
  const { core, rootToken } = quietState(dir);
  const now = core.nowIso();
  bulkLoad(core, ['users'], (stage) => {
    const insert = stage('INSERT INTO users (username, username_lower, email, email_lower, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    for (let i = 0; i < n; i++) insert.run(`user${i}`, `user${i}`, `user${i}@example.com`, `user${i}@example.com`, `User ${(i * 7919) % n}`, now, now);
  });
  return { core, token: rootToken };
}


await atTwoSizes(build, async (small, large) => {
  process.stdout.write(`\nUser list page as an administrator, 100 vs 100,000 users (up to ${ROUNDS} requests each, in turns, 6 s a row, medians; budget 2×)\n`);
  for (const [label, query] of [
    ['page 1, default order', 'per_page=20'],
    ['page 4, default order', 'per_page=20&page=4'],
    ['page 1, order_by=name asc', 'per_page=20&order_by=name&sort=asc'],
    ['page 4, order_by=name asc', 'per_page=20&page=4&order_by=name&sort=asc'],
  ] as const) {
    const at = (s: typeof small) => ({ core: s.core, token: s.token, path: '/users', query });
    const [a, b] = await medianPairGetMs(at(small), at(large), ROUNDS, 10);
    scaleRow(NAME, label, a, b);
  }
});
