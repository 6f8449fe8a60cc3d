// Budget: one page of a project's protected branches, error tracking client keys, pipelines
// (each order and direction, and by status), package protection rules, the files of one
// package, a group's and a user's projects (each order, star_count and similarity without a
// search among them, as an administrator and as a user) and
// the notification outbox (everyone's as an administrator, one's own as a user) costs the same
// from 100,000 rows as from 100 (within 2×). Both states are built here with direct INSERTs; requests go through
// the in-process core.
import type { Core } from '../src/core/app.js';
import { atTwoSizes, bulkLoad, call, medianPairGetMs, quietState, scaleRow, userWithToken } from './core-requests.js';

const ROUNDS = Number(process.env.BENCH_RUNS ?? 60);
const STATUSES = ['success', 'failed', 'running', 'canceled'];

interface State {
  core: Core;
  root: string;
  user: string;
  project: number;
  pkg: number;
  group: number;
  alice: number;
}

async function build(dir: string, n: number): Promise<State> {
  const { core, rootToken } = quietState(dir);
  const project = (await call(core, rootToken, 'POST', '/projects', { path: 'app' })) as { id: number };
  const group = (await call(core, rootToken, 'POST', '/groups', { name: 'Bench', path: 'bench', visibility: 'public' })) as { id: number };
  const alice = await userWithToken(core, rootToken, 'alice');
  const user = alice.token;
  const db = core.db;
  const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
  let pkg = 0;
  bulkLoad(core, ['protected_branches', 'error_tracking_client_keys', 'pipelines', 'package_files', 'notification_outbox'], (stage) => {
    const rule = stage('INSERT INTO protected_branches (project_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)');
    const key = stage('INSERT INTO error_tracking_client_keys (project_id, active, public_key, created_at, updated_at) VALUES (?, 1, ?, ?, ?)');
    const pipeline = stage('INSERT INTO pipelines (iid, project_id, sha, ref, status, source, user_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const file = stage(`INSERT INTO package_files (package_id, file_name, size, file_md5, file_sha1, file_sha256, created_at, updated_at) VALUES (?, ?, 1, 'm', 's', ?, ?, ?)`);
    const outbox = stage(`INSERT INTO notification_outbox (event, user_id, project_id, project_path, actor_id, subject, created_at) VALUES (?, ?, ?, 'root/app', 1, 'New release', ?)`);
    pkg = Number(
      db.prepare(`INSERT INTO packages (project_id, name, version, package_type, type_rank, created_at, updated_at) VALUES (?, 'lib', '1.0.0', 'generic', 7, ?, ?)`).run(project.id, at(0), at(0))
        .lastInsertRowid,
    );
    for (let i = 0; i < n; i++) {
      rule.run(project.id, `release/${i}`, at(i), at(i));
      key.run(project.id, `key-${i}`, at(i), at(i));
      pipeline.run(i + 1, project.id, 'a'.repeat(40), `ref-${i % 97}`, STATUSES[i % STATUSES.length], 'push', 1 + (i % 2), at(i), at(n - i));
      file.run(pkg, `file-${(i * 7919) % n}.tgz`, String(i), at(i), at(i));
      // Every fifth entry is alice's; the rest are the administrator's.
      outbox.run(i % 2 ? 'new_release' : 'moved_project', i % 5 === 0 ? alice.id : 1, project.id, at(i));
    }
  });
  const ns = (db.prepare("SELECT id FROM namespaces WHERE kind = 'user' AND owner_id = ?").get(alice.id) as { id: number }).id;
  bulkLoad(core, ['projects', 'package_protection_rules'], (stage) => {
    const project_ = stage(
      `INSERT INTO projects (namespace_id, name, path, path_lower, visibility, creator_id, created_at, updated_at, last_activity_at, star_count) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
    );
    const rule_ = stage(`INSERT INTO package_protection_rules (project_id, package_name_pattern, package_type, created_at, updated_at) VALUES (?, ?, 'npm', ?, ?)`);
    for (let i = 0; i < n; i++) {
      // A tenth public, the rest private; names, creation and activity in orders of their own.
      const visibility = i % 10 === 1 ? 'public' : 'private';
      const name = `P ${String((i * 7919) % n).padStart(6, '0')}`;
      project_.run(group.id, name, `p-${i}`, `p-${i}`, visibility, at(i), at(n - i), at((i * 31) % n), (i * 7919) % 97);
      project_.run(ns, name, `p-${i}`, `p-${i}`, visibility, at(i), at(n - i), at((i * 31) % n), (i * 7919) % 97);
      rule_.run(project.id, `@scope/package-${i}`, at(i), at(i));
    }
  });
  return { core, root: rootToken, user, project: project.id, pkg, group: group.id, alice: alice.id };
}

await atTwoSizes(build, async (small, large) => {
  type Case = [label: string, path: (s: State) => string, query: string, as?: 'user', unbudgeted?: string];
  const cases: Case[] = [];
  const both = (label: string, path: (s: State) => string, query: string, as?: 'user') => {
    cases.push([`${label}, page 1`, path, `per_page=20${query}`, as]);
    cases.push([`${label}, page 4 of 5`, path, `per_page=5&page=4${query}`, as]);
  };
  both('protected branches', (s) => `/projects/${s.project}/protected_branches`, '');
  cases.push(['protected branches, search', (s) => `/projects/${s.project}/protected_branches`, 'per_page=20&search=release/1', undefined, 'no budget: counts matching rows']);
  both('client keys', (s) => `/projects/${s.project}/error_tracking/client_keys`, '');
  for (const order of ['id', 'status', 'ref', 'updated_at', 'user_id']) for (const sort of ['desc', 'asc']) both(`pipelines, ${order} ${sort}`, (s) => `/projects/${s.project}/pipelines`, `&order_by=${order}&sort=${sort}`);
  both('pipelines, status=failed', (s) => `/projects/${s.project}/pipelines`, '&status=failed');
  for (const order of ['id', 'file_name', 'created_at']) for (const sort of ['asc', 'desc']) both(`package files, ${order} ${sort}`, (s) => `/projects/${s.project}/packages/${s.pkg}/package_files`, `&order_by=${order}&sort=${sort}`);
  both('package protection rules', (s) => `/projects/${s.project}/packages/protection/rules`, '');
  // similarity without a search is the group list's name order: ascending, ties by id in sort's direction.
  for (const order of ['created_at', 'id', 'name', 'path', 'updated_at', 'last_activity_at', 'star_count', 'similarity']) {
    for (const sort of ['desc', 'asc']) both(`group projects, ${order} ${sort}`, (s) => `/groups/${s.group}/projects`, `&order_by=${order}&sort=${sort}`);
  }
  both("a user's projects, as the user, star_count desc", (s) => `/users/${s.alice}/projects`, '&order_by=star_count&sort=desc', 'user');
  // A user outside the group sees its public tenth: 10 projects at 100, so both pages stay
  // within those ten.
  cases.push(['group projects, as a user (public ones), page 1', (s) => `/groups/${s.group}/projects`, 'per_page=5', 'user']);
  cases.push(['group projects, as a user (public ones), page 4 of 5', (s) => `/groups/${s.group}/projects`, 'per_page=2&page=4', 'user']);
  both("a user's projects, as the user", (s) => `/users/${s.alice}/projects`, '', 'user');
  both("a user's projects, as an administrator", (s) => `/users/${s.alice}/projects`, '');
  both('outbox, administrator (everyone)', () => '/hostctl/notifications/outbox', '');
  both('outbox, a user (own entries)', () => '/hostctl/notifications/outbox', '', 'user');
  cases.push(['outbox, event=new_release', () => '/hostctl/notifications/outbox', 'per_page=20&event=new_release', undefined, 'no budget: counts matching rows']);
  process.stdout.write(`\nProject lists, 100 vs 100,000 rows (up to ${ROUNDS} requests each, in turns, 6 s a row, medians)\n`);
  for (const [label, path, query, as, unbudgeted] of cases) {
    const [x, y] = await medianPairGetMs(
      { core: small.core, token: as ? small.user : small.root, path: path(small), query },
      { core: large.core, token: as ? large.user : large.root, path: path(large), query },
      ROUNDS,
      5,
    );
    scaleRow('project lists', label, x, y, unbudgeted);
  }
});
