// Budget: a page of the repository storage move lists costs the same with 100,000 moves of a
// kind as with 100 (within 2×): for projects, snippets and groups, the administrators' list of
// every move of the kind and the list of one container's moves (half of the kind's moves), on
// the first page and a deeper one. Moves are written in SQL (only the lists are measured);
// requests go through the in-process core.
import { initState } from '../src/core/init.js';
import type { Core } from '../src/core/app.js';
import { atTwoSizes, bulkLoad, call, medianPairGetMs, scaleRow } from './core-requests.js';

const NAME = 'storage move list';
const ROUNDS = Number(process.env.BENCH_RUNS ?? 100);
const KINDS = [
  ['project', 'projects'],
  ['snippet', 'snippets'],
  ['group', 'groups'],
] as const;
type Kind = (typeof KINDS)[number][0];

interface State {
  core: Core;
  token: string;
  /** The container holding half of each kind's moves. */
  busy: Record<Kind, number>;
}

/** `n` finished moves of every kind: even ones of the busy container, odd ones spread over nine others. */
async function build(dir: string, n: number): Promise<State> {
  const { core, rootToken } = initState({ stateDir: dir, tier: 'premium', storages: { second: 'storages/second' } });
  core.log = () => undefined;
  const containers: Record<Kind, number[]> = { project: [], snippet: [], group: [] };
  const snippet = core.db.prepare("INSERT INTO snippets (author_id, title, visibility, created_at, updated_at) VALUES (1, ?, 'public', ?, ?)");
  for (let i = 0; i < 10; i++) {
    const group = (await call(core, rootToken, 'POST', '/groups', { name: `Group ${i}`, path: `group-${i}` })) as { id: number };
    containers.group.push(group.id);
    containers.project.push(((await call(core, rootToken, 'POST', '/projects', { path: `app-${i}`, namespace_id: group.id })) as { id: number }).id);
    const at = core.nowIso();
    containers.snippet.push(Number(snippet.run(`Snippet ${i}`, at, at).lastInsertRowid));
  }
  bulkLoad(core, ['repository_storage_moves', 'snippets'], (stage) => {
    const insert = stage(
      `INSERT INTO repository_storage_moves (container_type, container_id, state, source_storage_name, destination_storage_name, created_at, updated_at)
       VALUES (?, ?, 4, ?, ?, ?, ?)`,
    );
    for (const [kind] of KINDS) {
      for (let i = 0; i < n; i++) {
        const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
        const id = containers[kind][i % 2 === 0 ? 0 : 1 + (i % 9)] as number;
        const [from, to] = i % 4 < 2 ? ['default', 'second'] : ['second', 'default'];
        insert.run(kind, id, from, to, at, at);
      }
    }
  });
  return { core, token: rootToken, busy: { project: containers.project[0] as number, snippet: containers.snippet[0] as number, group: containers.group[0] as number } };
}

await atTwoSizes(build, async (small, large) => {
  process.stdout.write(`\nStorage move list page, 100 vs 100,000 moves of each kind (up to ${ROUNDS} requests each, in turns, 6 s a row, medians; budget 2×)\n`);
  for (const [kind, plural] of KINDS) {
    for (const [label, path, query] of [
      [`${kind} moves, every ${kind}, page 1`, () => `/${kind}_repository_storage_moves`, 'per_page=20'],
      [`${kind} moves, every ${kind}, page 3`, () => `/${kind}_repository_storage_moves`, 'per_page=20&page=3'],
      [`${kind} moves, one ${kind}, page 1`, (s: State) => `/${plural}/${s.busy[kind]}/repository_storage_moves`, 'per_page=20'],
      [`${kind} moves, one ${kind}, page 2`, (s: State) => `/${plural}/${s.busy[kind]}/repository_storage_moves`, 'per_page=20&page=2'],
    ] as const) {
      const [a, b] = await medianPairGetMs({ core: small.core, token: small.token, path: path(small), query }, { core: large.core, token: large.token, path: path(large), query }, ROUNDS, 10);
      scaleRow(NAME, label, a, b);
    }
  }
});
