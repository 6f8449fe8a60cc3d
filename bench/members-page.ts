// Budget: one page of a member list costs the same with 100,000 members as with 100 (within
// 2×), for a group's direct members and for a project's members with inherited ones, on the
// first page and a deeper one. Both states are built here; requests go through the in-process
// core as a non-admin member would send them.
import type { Core } from '../src/core/app.js';
import { atTwoSizes, bulkLoad, medianPairGetMs, quietState, scaleRow } from './core-requests.js';

const NAME = 'member list';
const ROUNDS = Number(process.env.BENCH_RUNS ?? 200);

async function call(core: Core, token: string, method: string, path: string, body?: unknown): Promise<{ id: number }> {
  const res = await core.handle({ method, path, query: '', headers: { 'private-token': token, 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status} ${String(res.body)}`);
  return JSON.parse(String(res.body)) as { id: number };
}

/** A group with `n` members (users made in SQL: only the membership lists are measured), a project in it with two direct members. */
async function build(dir: string, n: number) {
  const { core, rootToken } = quietState(dir);
  const group = await call(core, rootToken, 'POST', '/groups', { name: 'big', path: 'big' });
  const project = await call(core, rootToken, 'POST', '/projects', { name: 'app', path: 'app', namespace_id: group.id });
  const now = core.nowIso();
  bulkLoad(core, ['users', 'members'], (stage) => {
    const user = stage('INSERT INTO users (username, username_lower, email, email_lower, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const member = stage("INSERT INTO members (source_type, source_id, user_id, access_level, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)");
    for (let i = 0; i < n; i++) {
      const id = Number(user.run(`user${i}`, `user${i}`, `user${i}@example.com`, `user${i}@example.com`, `User ${i}`, now, now).lastInsertRowid);
      member.run('namespace', group.id, id, i % 3 === 0 ? 30 : 20, now, now);
      if (i < 2) member.run('project', project.id, id, 40, now, now);
    }
  });
  return { core, token: rootToken, group: group.id, project: project.id };
}

type State = Awaited<ReturnType<typeof build>>;
const medians = (small: State, large: State, path: (s: State) => string, query: string) =>
  medianPairGetMs({ core: small.core, token: small.token, path: path(small), query }, { core: large.core, token: large.token, path: path(large), query }, ROUNDS);

await atTwoSizes(build, async (small, large) => {
  process.stdout.write(`\nMember list page, 100 vs 100,000 members (up to ${ROUNDS} requests each, 3 s a row, medians; budget 2×)\n`);
  for (const [label, path, query] of [
    ['group members, page 1', (s: typeof small) => `/groups/${s.group}/members`, 'per_page=20'],
    ['group members, page 5', (s: typeof small) => `/groups/${s.group}/members`, 'per_page=20&page=5'],
    ['project members/all, page 1', (s: typeof small) => `/projects/${s.project}/members/all`, 'per_page=20'],
    ['project members/all, page 5', (s: typeof small) => `/projects/${s.project}/members/all`, 'per_page=20&page=5'],
    ['group members, query=user1', (s: typeof small) => `/groups/${s.group}/members`, 'per_page=20&query=user1'],
  ] as const) {
    const [a, b] = await medians(small, large, path, query);
    scaleRow(NAME, label, a, b, label.includes('query') ? 'no budget: a filter counts up to 10,001 matches' : undefined);
  }
});
