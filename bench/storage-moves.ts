// Storage moves at scale: 1,000 project repositories (each with a README commit, a branch and
// a tag) moved from one storage to another by one bulk request, run by the move worker in this
// process with its default concurrency. Prints repositories per second and the read-only
// window per repository: from scheduling to the switch (what a user of a project sees during a
// bulk move, queueing included), and from the worker picking the move up to the switch (the
// copy and the verification alone).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMoves, DEFAULT_CONCURRENCY } from '../src/core/areas/storage-moves/runner.js';
import { builtState, call, quietState } from './core-requests.js';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 1000);

const percentile = (values: number[], p: number): number => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};


/** `n` projects, each with a README commit, a branch and a tag, on the default storage. */
async function seed(stateDir: string, n: number) {
  const { core, rootToken } = quietState(stateDir, { storages: { second: 'storages/second' } });
  for (let i = 0; i < n; i++) {
    const p = (await call(core, rootToken, 'POST', '/projects', { path: `p${i}`, initialize_with_readme: true })) as { id: number };
    await call(core, rootToken, 'POST', `/projects/${p.id}/repository/branches`, { branch: 'topic', ref: 'main' });
    await call(core, rootToken, 'POST', `/projects/${p.id}/repository/tags`, { tag_name: 'v1', ref: 'main' });
  }
  return { core, rootToken };
}

const dir = mkdtempSync(join(tmpdir(), 'hostctl-bench-'));
try {
  const seedStart = process.hrtime.bigint();
  // Built once and kept in the bench cache (core-requests.ts), again whenever the git code that
  // wrote its repositories changes; the moves run on a copy.
  const { core, rootToken } = await builtState(seed, join(dir, 'state'), PROJECTS, ['git']);
  const seedSeconds = Number(process.hrtime.bigint() - seedStart) / 1e9;

  const start = process.hrtime.bigint();
  await call(core, rootToken, 'POST', '/project_repository_storage_moves', { source_storage_name: 'default', destination_storage_name: 'second' });
  // The bulk request queued a job; run the moves here, as the worker would.
  const ran = await runMoves(core);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;

  const rows = core.db.prepare('SELECT state, created_at, started_at, switched_at FROM repository_storage_moves').all() as {
    state: number;
    created_at: string;
    started_at: string;
    switched_at: string;
  }[];
  const finished = rows.filter((r) => r.state === 4).length;
  const ms = (a: string, b: string) => new Date(b).getTime() - new Date(a).getTime();
  const window = rows.map((r) => ms(r.created_at, r.switched_at));
  const work = rows.map((r) => ms(r.started_at, r.switched_at));
  const left = (core.db.prepare("SELECT COUNT(*) AS n FROM projects WHERE repository_storage = 'default'").get() as { n: number }).n;
  core.close();

  const line = (label: string, value: string) => process.stdout.write(`  ${label.padEnd(52)} ${value}\n`);
  process.stdout.write(`\nStorage moves: ${PROJECTS} project repositories, default → second, ${DEFAULT_CONCURRENCY} at a time\n`);
  line('seeding (create project, branch, tag; or copy the kept state)', `${seedSeconds.toFixed(1)} s`);
  line('moves run / finished / projects left on default', `${ran} / ${finished} / ${left}`);
  line('bulk move, wall time', `${seconds.toFixed(2)} s`);
  line('repositories per second', `${(PROJECTS / seconds).toFixed(1)}`);
  line('read-only window, scheduled → switched: median', `${percentile(window, 50)} ms`);
  line('read-only window, scheduled → switched: p95 / max', `${percentile(window, 95)} / ${Math.max(...window)} ms`);
  line('read-only window, picked up → switched: median', `${percentile(work, 50)} ms`);
  line('read-only window, picked up → switched: p95 / max', `${percentile(work, 95)} / ${Math.max(...work)} ms`);
  if (finished !== PROJECTS || left !== 0) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
