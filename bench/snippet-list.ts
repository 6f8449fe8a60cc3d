// Budget: a page of each snippet list costs the same with 100,000 snippets as with 100 (within
// 2×): the caller's own (GET /snippets), the public ones, everything visible (as an
// administrator, with the storage filter, and as a non-admin), and a project's (as a non-member
// and as an administrator), on the first page and a deeper one. Snippets are written in SQL
// without repositories (only the lists are measured); requests go through the in-process core.
import type { Core } from '../src/core/app.js';
import { atTwoSizes, bulkLoad, call, medianPairGetMs, quietState, scaleRow } from './core-requests.js';

const NAME = 'snippet list';
const ROUNDS = Number(process.env.BENCH_RUNS ?? 100);
const VISIBILITIES = ['public', 'internal', 'private'] as const;

interface State {
  core: Core;
  root: string;
  alice: string;
  project: number;
}

/**
 * `n` snippets: three in four personal (most by the viewer alice and public, some internal or
 * private by bob), one in four in bob's public project `app` (every visibility, a few by alice).
 */
async function build(dir: string, n: number): Promise<State> {
  const { core, rootToken } = quietState(dir);
  const user = async (name: string) => {
    const u = (await call(core, rootToken, 'POST', '/users', { username: name, name, email: `${name}@example.com`, password: 'a-long-password-1' })) as { id: number };
    const t = (await call(core, rootToken, 'POST', `/users/${u.id}/personal_access_tokens`, { name: 'bench', scopes: ['api'] })) as { token: string };
    return { id: u.id, token: t.token };
  };
  const alice = await user('alice');
  const bob = await user('bob');
  const group = (await call(core, rootToken, 'POST', '/groups', { name: 'Apps', path: 'apps', visibility: 'public' })) as { id: number };
  const project = (await call(core, rootToken, 'POST', '/projects', { path: 'app', namespace_id: group.id, visibility: 'public' })) as { id: number };
  bulkLoad(core, ['snippets'], (stage) => {
    const insert = stage('INSERT INTO snippets (project_id, author_id, title, visibility, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)');
    for (let i = 0; i < n; i++) {
      const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
      const k = i % 8;
      if (k < 5) insert.run(null, alice.id, `Snippet ${i}`, 'public', at, at);
      else if (k === 5) insert.run(null, bob.id, `Snippet ${i}`, i % 16 === 5 ? 'internal' : 'private', at, at);
      else insert.run(project.id, i % 40 === 6 ? alice.id : bob.id, `Snippet ${i}`, VISIBILITIES[(i >> 3) % 3], at, at);
    }
  });
  return { core, root: rootToken, alice: alice.token, project: project.id };
}

type Case = [label: string, who: 'root' | 'alice', path: (s: State) => string, query: string];

const CASES: Case[] = [
  ['own (GET /snippets), page 1', 'alice', () => '/snippets', 'per_page=20'],
  ['own (GET /snippets), page 3', 'alice', () => '/snippets', 'per_page=20&page=3'],
  ['public, page 1', 'alice', () => '/snippets/public', 'per_page=20'],
  ['public, page 3', 'alice', () => '/snippets/public', 'per_page=20&page=3'],
  ['all as admin, page 1', 'root', () => '/snippets/all', 'per_page=20'],
  ['all as admin, page 3', 'root', () => '/snippets/all', 'per_page=20&page=3'],
  ['all as admin, repository_storage=default', 'root', () => '/snippets/all', 'per_page=20&page=3&repository_storage=default'],
  ['all as non-admin, page 1', 'alice', () => '/snippets/all', 'per_page=20'],
  ['all as non-admin, page 3', 'alice', () => '/snippets/all', 'per_page=20&page=3'],
  ['project as non-member, page 1', 'alice', (s) => `/projects/${s.project}/snippets`, 'per_page=5'],
  ['project as non-member, page 3', 'alice', (s) => `/projects/${s.project}/snippets`, 'per_page=5&page=3'],
  ['project as admin, page 3', 'root', (s) => `/projects/${s.project}/snippets`, 'per_page=5&page=3'],
  ['filter own, created_after', 'alice', () => '/snippets', 'per_page=20&created_after=2025-01-01T00:30:00Z'],
];

await atTwoSizes(build, async (small, large) => {
  process.stdout.write(`\nSnippet list page, 100 vs 100,000 snippets (up to ${ROUNDS} requests each, in turns, 6 s a row, medians; budget 2×)\n`);
  for (const [label, who, path, query] of CASES) {
    const [a, b] = await medianPairGetMs({ core: small.core, token: small[who], path: path(small), query }, { core: large.core, token: large[who], path: path(large), query }, ROUNDS, 10);
    scaleRow(NAME, label, a, b, label.startsWith('filter') ? 'no budget: a filter counts up to 10,001 matches' : undefined);
  }
});
