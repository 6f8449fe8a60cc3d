// Budget: one page of a project's access tokens (all, and each state), and of what the calling
// token can reach (/personal_access_tokens/self/associations, with and without
// min_access_level), costs the same from 100,000 rows as from 100 (within 2×). Project tokens
// are seeded as the platform makes them: a bot user, its membership and its token; the
// associations state holds that many groups and projects (a tenth public) of which the caller
// belongs to a few. Requests go through the in-process core.
import type { Core } from '../src/core/app.js';
import { atTwoSizes, bulkLoad, call, medianPairGetMs, quietState, scaleRow, userWithToken } from './core-requests.js';

const ROUNDS = Number(process.env.BENCH_RUNS ?? 60);

interface State {
  core: Core;
  root: string;
  user: string;
  project: number;
}

async function build(dir: string, n: number): Promise<State> {
  const { core, rootToken } = quietState(dir);
  const project = (await call(core, rootToken, 'POST', '/projects', { path: 'app' })) as { id: number };
  const alice = await userWithToken(core, rootToken, 'alice');
  const user = alice.token;
  const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
  bulkLoad(core, ['users', 'members', 'personal_access_tokens', 'namespaces', 'projects'], (stage) => {
    const bot = stage(`INSERT INTO users (username, username_lower, email, email_lower, name, bot, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)`);
    const member = stage(`INSERT INTO members (source_type, source_id, user_id, access_level, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`);
    const token = stage(
      `INSERT INTO personal_access_tokens (user_id, name, token_digest, scopes, revoked, expires_at, created_at, updated_at) VALUES (?, ?, ?, '["api"]', ?, ?, ?, ?)`,
    );
    const group = stage(
      `INSERT INTO namespaces (kind, name, path, full_path, full_path_lower, full_name, visibility, created_at, updated_at) VALUES ('group', ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const proj = stage(
      `INSERT INTO projects (namespace_id, name, path, path_lower, visibility, creator_id, created_at, updated_at, last_activity_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)`,
    );
    for (let i = 0; i < n; i++) {
      const name = `project_${project.id}_bot_${i}`;
      const id = Number(bot.run(name, name, `${name}@noreply.example.com`, `${name}@noreply.example.com`, `Token ${i}`, at(i), at(i)).lastInsertRowid);
      member.run('project', project.id, id, 40, at(i), at(i));
      // A tenth revoked and a tenth expired: the state filters have rows of both kinds.
      token.run(id, `token-${i}`, `digest-${i}`, i % 10 === 0 ? 1 : 0, i % 10 === 5 ? '2024-01-01' : null, at(i), at(i));
    }
    // Groups and projects for the associations: alice belongs to three groups (with their
    // projects) and two projects elsewhere.
    for (let i = 0; i < n; i++) {
      const path = `g-${i}`;
      const g = Number(group.run(`Group ${i}`, path, path, path, `Group ${i}`, i % 10 === 1 ? 'public' : 'private', at(i), at(i)).lastInsertRowid);
      proj.run(g, `P ${i}`, `p-${i}`, `p-${i}`, i % 10 === 1 ? 'public' : 'private', at(i), at(i), at(i));
      if (i === 5 || i === 50 || i === 95) member.run('namespace', g, alice.id, 30, at(i), at(i));
    }
  });
  return { core, root: rootToken, user, project: project.id };
}

await atTwoSizes(build, async (small, large) => {
  type Case = [label: string, path: (s: State) => string, query: string, as?: 'user', unbudgeted?: string];
  const cases: Case[] = [];
  const both = (label: string, path: (s: State) => string, query: string, as?: 'user', unbudgeted?: string) => {
    cases.push([`${label}, page 1`, path, `per_page=20${query}`, as, unbudgeted]);
    cases.push([`${label}, page 4 of 5`, path, `per_page=5&page=4${query}`, as, unbudgeted]);
  };
  // Whether a token is active depends on today's date, so these totals count their rows (up to
  // 10,001): reported, not held to the budget.
  const byDate = 'no budget: counts matching rows';
  both('project access tokens', (s) => `/projects/${s.project}/access_tokens`, '');
  both('project access tokens, state=active', (s) => `/projects/${s.project}/access_tokens`, '&state=active', undefined, byDate);
  both('project access tokens, state=inactive', (s) => `/projects/${s.project}/access_tokens`, '&state=inactive', undefined, byDate);
  both('project access tokens, revoked=true', (s) => `/projects/${s.project}/access_tokens`, '&revoked=true');
  both('associations (a member of 3 groups)', () => '/personal_access_tokens/self/associations', '', 'user');
  both('associations, min_access_level=30', () => '/personal_access_tokens/self/associations', '&min_access_level=30', 'user');
  process.stdout.write(`\nToken lists, 100 vs 100,000 rows (up to ${ROUNDS} requests each, in turns, 6 s a row, medians)\n`);
  for (const [label, path, query, as, unbudgeted] of cases) {
    const [x, y] = await medianPairGetMs(
      { core: small.core, token: as ? small.user : small.root, path: path(small), query },
      { core: large.core, token: as ? large.user : large.root, path: path(large), query },
      ROUNDS,
      5,
    );
    scaleRow('token lists', label, x, y, unbudgeted);
  }
});
