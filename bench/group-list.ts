// Budget: one page of the group list costs the same among 100,000 groups as among 100 (within
// 2×): as an administrator (every order and direction, page 1 and a deep page), as a user who
// belongs to a few groups (their groups, and with all_available), and the subgroups and
// descendant groups of a group that holds most of them. Groups are seeded with direct INSERTs:
// one top group whose children are nine in ten of the groups, the rest one level further down;
// a tenth of the groups are public. Requests go through the in-process core.
import type { Core } from '../src/core/app.js';
import { atTwoSizes, bulkLoad, call, medianPairGetMs, quietState, scaleRow, userWithToken } from './core-requests.js';

const ROUNDS = Number(process.env.BENCH_RUNS ?? 60);

interface State {
  core: Core;
  root: string;
  user: string;
  top: number;
}

async function build(dir: string, n: number): Promise<State> {
  const { core, rootToken } = quietState(dir);
  const top = (await call(core, rootToken, 'POST', '/groups', { name: 'Top', path: 'top' })) as { id: number };
  const alice = await userWithToken(core, rootToken, 'alice');
  const user = alice.token;
  const db = core.db;
  const at = new Date(Date.UTC(2025, 0, 1)).toISOString();
  bulkLoad(core, ['namespaces', 'members'], (stage) => {
    const group = stage(
      `INSERT INTO namespaces (kind, name, path, full_path, full_path_lower, full_name, parent_id, visibility, created_at, updated_at) VALUES ('group', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const member = stage(`INSERT INTO members (source_type, source_id, user_id, access_level, created_at, updated_at) VALUES ('namespace', ?, ?, 30, ?, ?)`);
    let firstChild = 0;
    for (let i = 1; i < n; i++) {
      // Names and paths in an order of their own (not the insertion order).
      const name = `Group ${String((i * 7919) % n).padStart(6, '0')}`;
      const path = `g-${String((i * 104729) % n).padStart(6, '0')}`;
      const nested = i % 10 === 0 && firstChild !== 0;
      const parentPath = nested ? 'top/g-first' : 'top';
      const visibility = i % 10 === 1 ? 'public' : 'private';
      const id = Number(group.run(name, path, `${parentPath}/${path}`, `${parentPath}/${path}`.toLowerCase(), `Top / ${name}`, nested ? firstChild : top.id, visibility, at, at).lastInsertRowid);
      if (i === 1) {
        // The rename goes to the row itself (its triggers as a rename fires them): written first.
        stage.flush();
        db.prepare(`UPDATE namespaces SET path = 'g-first', full_path = 'top/g-first', full_path_lower = 'top/g-first' WHERE id = ?`).run(id);
        firstChild = id;
      }
      // Alice belongs to three groups.
      if (i === 5 || i === 50 || i === 95) member.run(id, alice.id, at, at);
    }
  });
  return { core, root: rootToken, user, top: top.id };
}

await atTwoSizes(build, async (small, large) => {
  type Case = [label: string, path: (s: State) => string, query: string, as?: 'user'];
  const cases: Case[] = [];
  const both = (label: string, path: (s: State) => string, query: string, as?: 'user') => {
    cases.push([`${label}, page 1`, path, `per_page=20${query}`, as]);
    cases.push([`${label}, page 4 of 5`, path, `per_page=5&page=4${query}`, as]);
  };
  for (const order of ['name', 'path', 'id']) for (const sort of ['asc', 'desc']) both(`administrator, ${order} ${sort}`, () => '/groups', `&order_by=${order}&sort=${sort}`);
  // Without a search, similarity is the name order in sort's direction.
  both('administrator, similarity desc (no search)', () => '/groups', '&order_by=similarity&sort=desc');
  for (const order of ['name', 'path', 'id']) cases.push([`member of 3, ${order}, page 1`, () => '/groups', `per_page=20&order_by=${order}`, 'user']);
  both('user, all_available (public), name', () => '/groups', '&all_available=true', 'user');
  for (const order of ['name', 'path', 'id']) both(`subgroups, ${order}`, (s) => `/groups/${s.top}/subgroups`, `&order_by=${order}`);
  for (const order of ['name', 'path', 'id']) both(`descendant groups, ${order}`, (s) => `/groups/${s.top}/descendant_groups`, `&order_by=${order}`);
  process.stdout.write(`\nGroup lists, 100 vs 100,000 groups (up to ${ROUNDS} requests each, in turns, 6 s a row, medians)\n`);
  for (const [label, path, query, as] of cases) {
    const [x, y] = await medianPairGetMs(
      { core: small.core, token: as ? small.user : small.root, path: path(small), query },
      { core: large.core, token: as ? large.user : large.root, path: path(large), query },
      ROUNDS,
      5,
    );
    scaleRow('group list', label, x, y);
  }
});
