// Budget: one page of a member list costs the same with 100,000 members as with 100 (within
// 2×), for a group's direct members and for a project's members with inherited ones, on the
// first page and a deeper one, and filtered by a `query` whose matches are the same few members
// at both sizes (so only the rows it does not match grow). Both states are built here; requests
// go through the in-process core.
import type { Core } from '../src/core/app.js';
import { atTwoSizes, bulkLoad, medianPairGetMs, quietState, scaleRow } from './core-requests.js';

const NAME = 'member list';
const ROUNDS = Number(process.env.BENCH_RUNS ?? 200);

async function call(core: Core, token: string, method: string, path: string, body?: unknown): Promise<{ id: number }> {
  const res = await core.handle({ method, path, query: '', headers: { 'private-token': token, 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status} ${String(res.body)}`);
  return JSON.parse(String(res.body)) as { id: number };
}

/**
 * A term no generated user's username or name holds: the QUERY_MEMBERS members whose names hold
 * it are the only matches of `query=${TERM}` at either size.
 */
const TERM = 'quokka';
const QUERY_MEMBERS = 3;

/**
 * A group with `n` members (users made in SQL: only the membership lists are measured) and
 * QUERY_MEMBERS more named for TERM, spread over the list (first, middle, last), the first of
 * them also a direct member of the project in the group, which has two other direct members.
 */
async function build(dir: string, n: number) {
  const { core, rootToken } = quietState(dir);
  const group = await call(core, rootToken, 'POST', '/groups', { name: 'big', path: 'big' });
  const project = await call(core, rootToken, 'POST', '/projects', { name: 'app', path: 'app', namespace_id: group.id });
  const now = core.nowIso();
  bulkLoad(core, ['users', 'members'], (stage) => {
    const user = stage('INSERT INTO users (username, username_lower, email, email_lower, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const member = stage("INSERT INTO members (source_type, source_id, user_id, access_level, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)");
    const named = new Map(Array.from({ length: QUERY_MEMBERS }, (_, k) => [Math.floor((k * (n - 1)) / (QUERY_MEMBERS - 1)), k]));
    for (let i = 0; i < n; i++) {
      const id = Number(user.run(`user${i}`, `user${i}`, `user${i}@example.com`, `user${i}@example.com`, `User ${i}`, now, now).lastInsertRowid);
      member.run('namespace', group.id, id, i % 3 === 0 ? 30 : 20, now, now);
      if (i < 2) member.run('project', project.id, id, 40, now, now);
      const k = named.get(i);
      if (k !== undefined) {
        const username = `${TERM}-${k}`;
        const rare = Number(user.run(username, username, `${username}@example.com`, `${username}@example.com`, `Rare ${TERM[0]!.toUpperCase()}${TERM.slice(1)} ${k}`, now, now).lastInsertRowid);
        member.run('namespace', group.id, rare, 30, now, now);
        if (k === 0) member.run('project', project.id, rare, 30, now, now);
      }
    }
  });
  return { core, token: rootToken, group: group.id, project: project.id };
}

type State = Awaited<ReturnType<typeof build>>;
const medians = (small: State, large: State, path: (s: State) => string, query: string) =>
  medianPairGetMs({ core: small.core, token: small.token, path: path(small), query }, { core: large.core, token: large.token, path: path(large), query }, ROUNDS);

/** Fails unless `query` answers exactly the TERM members (the same list at both sizes, or the row would compare different results). */
async function sameMatches(s: State, path: string, query: string): Promise<void> {
  const res = await s.core.handle({ method: 'GET', path, query, headers: { 'private-token': s.token } });
  const names = (JSON.parse(String(res.body)) as { username: string }[]).map((m) => m.username).sort();
  const want = Array.from({ length: QUERY_MEMBERS }, (_, k) => `${TERM}-${k}`);
  if (res.status !== 200 || res.headers['x-total'] !== String(QUERY_MEMBERS) || names.join() !== want.join()) {
    throw new Error(`GET ${path}?${query}: ${res.status}, x-total ${String(res.headers['x-total'])}, ${names.join()} (want ${want.join()})`);
  }
}

await atTwoSizes(build, async (small, large) => {
  process.stdout.write(`\nMember list page, 100 vs 100,000 members (up to ${ROUNDS} requests each, in turns, 6 s a row, medians; budget 2×)\n`);
  for (const [label, path, query] of [
    ['group members, page 1', (s: typeof small) => `/groups/${s.group}/members`, 'per_page=20'],
    ['group members, page 5', (s: typeof small) => `/groups/${s.group}/members`, 'per_page=20&page=5'],
    ['project members/all, page 1', (s: typeof small) => `/projects/${s.project}/members/all`, 'per_page=20'],
    ['project members/all, page 5', (s: typeof small) => `/projects/${s.project}/members/all`, 'per_page=20&page=5'],
    [`group members, query=${TERM} (${QUERY_MEMBERS} matches)`, (s: typeof small) => `/groups/${s.group}/members`, `per_page=20&query=${TERM}`],
    [`project members/all, query=${TERM} (${QUERY_MEMBERS} matches)`, (s: typeof small) => `/projects/${s.project}/members/all`, `per_page=20&query=${TERM}`],
  ] as const) {
    if (query.includes('query=')) for (const s of [small, large]) await sameMatches(s, path(s), query);
    const [a, b] = await medians(small, large, path, query);
    scaleRow(NAME, label, a, b);
  }
  // A term whose matches grow with the list (11 at 100 members, 11,111 at 100,000): the two
  // sizes answer different lists, so the ratio says what counting more matches costs, not
  // whether a list grows; no budget.
  const [a, b] = await medians(small, large, (s) => `/groups/${s.group}/members`, 'per_page=20&query=user1');
  scaleRow(NAME, 'group members, query=user1 (11 vs 11,111 matches)', a, b, 'no budget: different result sizes');
});
