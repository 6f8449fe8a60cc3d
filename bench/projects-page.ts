// Budget: a page of GET /projects as a non-admin (public, internal and member-only private
// projects mixed) costs the same with 100,000 projects as with 100 (within 2×), on the first
// page and a deeper one, in the default order and by name. Projects are written in SQL (only
// the list is measured); requests go through the in-process core.
import type { Core } from '../src/core/app.js';
import { atTwoSizes, bulkLoad, medianPairGetMs, quietState, scaleRow } from './core-requests.js';

const NAME = 'project list (non-admin)';
const ROUNDS = Number(process.env.BENCH_RUNS ?? 100);

async function call(core: Core, token: string, method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await core.handle({ method, path, query: '', headers: { 'private-token': token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status} ${String(res.body)}`);
  return JSON.parse(String(res.body)) as Record<string, unknown>;
}

async function build(dir: string, n: number) {
  const { core, rootToken } = quietState(dir);
  const alice = await call(core, rootToken, 'POST', '/users', { username: 'alice', name: 'Alice', email: 'alice@example.com', password: 'a-long-password-1' });
  const token = (await call(core, rootToken, 'POST', `/users/${alice.id}/personal_access_tokens`, { name: 'bench', scopes: ['api'] })).token as string;
  const group = await call(core, rootToken, 'POST', '/groups', { name: 'big', path: 'big' });
  const other = await call(core, rootToken, 'POST', '/groups', { name: 'other', path: 'other' });
  await call(core, rootToken, 'POST', `/groups/${group.id}/members`, { user_id: alice.id, access_level: 30 });
  const visibilities = ['public', 'internal', 'private'];
  bulkLoad(core, ['projects'], (stage) => {
    const insert = stage(
      `INSERT INTO projects (namespace_id, name, path, path_lower, visibility, created_at, updated_at, last_activity_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < n; i++) {
      const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
      // Private projects sit half in the viewer's group (visible) and half elsewhere (hidden).
      const ns = i % 6 === 5 ? other.id : group.id;
      insert.run(ns, `Project ${i}`, `p${i}`, `p${i}`, visibilities[i % 3], at, at, at);
    }
  });
  return { core, token };
}


await atTwoSizes(build, async (small, large) => {
  process.stdout.write(`\nProject list page as a non-admin, 100 vs 100,000 projects (up to ${ROUNDS} requests each, in turns, 6 s a row, medians; budget 2×)\n`);
  for (const [label, query] of [
    ['page 1, default order', 'per_page=20&simple=true'],
    ['page 4, default order', 'per_page=20&page=4&simple=true'],
    ['page 1, order_by=name asc', 'per_page=20&order_by=name&sort=asc&simple=true'],
    ['page 4, order_by=name asc', 'per_page=20&page=4&order_by=name&sort=asc&simple=true'],
  ] as const) {
    const at = (s: typeof small) => ({ core: s.core, token: s.token, path: '/projects', query });
    const [a, b] = await medianPairGetMs(at(small), at(large), ROUNDS, 10);
    scaleRow(NAME, label, a, b);
  }
});
