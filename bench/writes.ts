// Writes against their floors, each floor measured in this run on the same machine state:
// - branch create in a repository of 30,000 refs, against `git update-ref` creating the same kind
//   of branch in the same repository (rate and p99);
// - commit create (one file changed) at 30,000 refs, against the git plumbing that does the same
//   (hash-object, mktree, commit-tree, update-ref);
// - release create (a new tag each), one client (beside its floor: the tag's ref file and one
//   durable SQLite row), and eight clients on eight projects at once;
// - small (1 KiB) generic package uploads, against a loop that writes the same 1 KiB to a file
//   with fsync and commits one row durably (WAL, synchronous=FULL) in SQLite. Every upload sends
//   bytes the store does not hold yet, as a registry's uploads mostly do (the bytes stored each
//   time); BENCH_UPLOAD_CONTENT=same sends the same bytes every time, which the store holds after
//   the first upload (only a row written).
// In-process (the core's own cost plus git's and the disk's). Large uploads through `serve` are
// compared with a bare server in bench/package-transfer.ts. Each budget is a BUDGET line.
import { spawnSync } from 'node:child_process';
import { closeSync, fsyncSync, mkdirSync, mkdtempSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Core } from '../src/core/app.js';
import { budgetLine, verdict } from './budget.mjs';
import { call, quietState } from './core-requests.js';

const REFS = Number(process.env.BENCH_REFS ?? 30_000);
const CREATES = Number(process.env.BENCH_CREATES ?? 300);
const COMMITS = Number(process.env.BENCH_COMMITS ?? 100);
const RELEASES = Number(process.env.BENCH_RELEASES ?? 120);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 1000);
const CLIENTS = 8;
/** Each small upload sends bytes the store does not hold yet, unless `same` is asked for. */
const DISTINCT_UPLOADS = process.env.BENCH_UPLOAD_CONTENT !== 'same';
/** Which parts run (comma-separated: branches, commits, releases, uploads); all by default. */
const PARTS = process.env.BENCH_WRITES_PART?.split(',').map((p) => p.trim());
const part = (name: string): boolean => !PARTS || PARTS.includes(name);

const p99 = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.99) - 1)] as number;
};
const elapsedMs = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;

const gitEnv = { PATH: process.env.PATH ?? '', HOME: tmpdir(), GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'Bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'Bench', GIT_COMMITTER_EMAIL: 'bench@example.com' };
function git(gitDir: string, args: string[], input?: string): string {
  const res = spawnSync('git', args, { env: { ...gitEnv, GIT_DIR: gitDir }, input, maxBuffer: 1 << 28, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`git ${args[0]} failed: ${res.stderr}`);
  return res.stdout;
}

/** `n` branches at main's tip in one ref transaction, then packed (as a long-lived repository is). */
function seedBranches(gitDir: string, n: number, prefix: string): void {
  let input = '';
  for (let i = 0; i < n; i++) input += `create refs/heads/${prefix}/${String(i).padStart(5, '0')} refs/heads/main\n`;
  git(gitDir, ['update-ref', '--stdin'], input);
  git(gitDir, ['pack-refs', '--all']);
}

/** Runs `step(i)` for i < n; returns per-step milliseconds and the rate per second. */
async function rateOf(n: number, step: (i: number) => Promise<unknown> | unknown): Promise<{ times: number[]; rate: number }> {
  const times: number[] = [];
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    await step(i);
    times.push(elapsedMs(t));
  }
  return { times, rate: n / (elapsedMs(start) / 1000) };
}

/**
 * Alternates `ours` and `floor` in `rounds` chunks, so that the machine's load falls on both
 * alike; returns both rates and our p99.
 */
async function sideBySide(n: number, rounds: number, ours: (i: number) => Promise<unknown>, floor: (i: number) => unknown) {
  const a: number[] = [];
  const b: number[] = [];
  let aMs = 0;
  let bMs = 0;
  const per = Math.ceil(n / rounds);
  for (let r = 0; r < rounds; r++) {
    const x = await rateOf(per, (i) => ours(r * per + i));
    a.push(...x.times);
    aMs += (per / x.rate) * 1000;
    const y = await rateOf(per, (i) => floor(r * per + i));
    b.push(...y.times);
    bMs += (per / y.rate) * 1000;
  }
  return { ours: (per * rounds) / (aMs / 1000), floor: (per * rounds) / (bMs / 1000), p99: p99(a), floorP99: p99(b) };
}

const row = (label: string, value: string) => process.stdout.write(`  ${label.padEnd(56)} ${value}\n`);

const dir = mkdtempSync(join(tmpdir(), 'hostctl-bench-'));
let core: Core | undefined;
try {
  const state = quietState(join(dir, 'state'));
  core = state.core;
  const c = core;
  const token = state.rootToken;
  const newProject = async (path: string) => (await call(c, token, 'POST', '/projects', { path, initialize_with_readme: true })) as { id: number };
  const gitDirOf = (id: number) => c.repos.project({ id, repository_storage: 'default' }).path;
  process.stdout.write(`\nWrites against their floors (in-process; floors measured in this run)\n`);

  // ---- branch create at 30,000 refs, against git update-ref ----
  const refs = await newProject('many-refs');
  const refsGit = gitDirOf(refs.id);
  const mainTip = git(refsGit, ['rev-parse', 'refs/heads/main']).trim();
  if (part('branches') || part('commits')) seedBranches(refsGit, REFS, 'seed');
  if (part('branches')) {
    const branches = await sideBySide(
      CREATES,
      6,
      (i) => call(c, token, 'POST', `/projects/${refs.id}/repository/branches`, { branch: `api/${String(i).padStart(5, '0')}`, ref: 'main' }),
      (i) => git(refsGit, ['update-ref', `refs/heads/plain/${String(i).padStart(5, '0')}`, mainTip, '0'.repeat(40)]),
    );
    row(`branch create at ${REFS.toLocaleString('en')} refs`, `${branches.ours.toFixed(0)}/s (p99 ${branches.p99.toFixed(1)} ms)`);
    row('  git update-ref, same repository', `${branches.floor.toFixed(0)}/s (p99 ${branches.floorP99.toFixed(1)} ms)`);
    const branchRatio = branches.ours / branches.floor;
    budgetLine(`branch create at ${REFS.toLocaleString('en')} refs / git update-ref: rate`, `${branches.ours.toFixed(0)}/s = ${branchRatio.toFixed(2)}×`, `${branches.floor.toFixed(0)}/s`, '≥ 0.8×', verdict(branchRatio >= 0.8));
    budgetLine(`branch create at ${REFS.toLocaleString('en')} refs: p99`, `${branches.p99.toFixed(1)} ms`, `git update-ref p99 ${branches.floorP99.toFixed(1)} ms`, '≤ 60 ms', verdict(branches.p99 <= 60));
  }

  // ---- commit create at 30,000 refs, against git plumbing ----
  if (part('commits')) {
    let parent = git(refsGit, ['rev-parse', 'refs/heads/main']).trim();
    const readmeMode = '100644';
    const commits = await sideBySide(
      COMMITS,
      4,
      (i) =>
        call(c, token, 'POST', `/projects/${refs.id}/repository/commits`, {
          branch: 'main',
          commit_message: `Change ${i}`,
          actions: [{ action: 'update', file_path: 'README.md', content: `content ${i}\n` }],
        }),
      (i) => {
        const blob = git(refsGit, ['hash-object', '-w', '--stdin'], `content ${i}\n`).trim();
        const tree = git(refsGit, ['mktree'], `${readmeMode} blob ${blob}\tREADME.md\n`).trim();
        const commit = git(refsGit, ['commit-tree', tree, '-p', parent, '-m', `Change ${i}`]).trim();
        git(refsGit, ['update-ref', 'refs/heads/plumbing', commit, i === 0 ? '0'.repeat(40) : parent]);
        parent = commit;
      },
    );
    row(`commit create at ${REFS.toLocaleString('en')} refs`, `${commits.ours.toFixed(0)}/s (p99 ${commits.p99.toFixed(1)} ms)`);
    row('  git hash-object + mktree + commit-tree + update-ref', `${commits.floor.toFixed(0)}/s`);
    const commitRatio = commits.ours / commits.floor;
    budgetLine(`commit create at ${REFS.toLocaleString('en')} refs / git plumbing: rate`, `${commits.ours.toFixed(0)}/s = ${commitRatio.toFixed(2)}×`, `${commits.floor.toFixed(0)}/s`, '≥ 0.8×', verdict(commitRatio >= 0.8));
  }

  // ---- release create, one client and eight ----
  // The floor of a release: its tag's ref file (a lock file written and renamed into place) and
  // one durable SQLite row, measured alongside so that the machine's load shows on both.
  const floorDir = join(dir, 'floor');
  mkdirSync(floorDir);
  const floorDb = new Database(join(floorDir, 'floor.db'));
  floorDb.pragma('journal_mode = WAL');
  floorDb.pragma('synchronous = FULL');
  floorDb.exec('CREATE TABLE files (id INTEGER PRIMARY KEY, name TEXT NOT NULL, size INTEGER NOT NULL)');
  const insert = floorDb.prepare('INSERT INTO files (name, size) VALUES (?, ?)');
  const tagDir = join(floorDir, 'refs', 'tags');
  mkdirSync(tagDir, { recursive: true });
  if (part('releases')) {
    const releaseProjects: { id: number }[] = [];
    for (let p = 0; p < CLIENTS; p++) releaseProjects.push(await newProject(`releases-${p}`));
    const release = (projectId: number, n: number) => call(c, token, 'POST', `/projects/${projectId}/releases`, { tag_name: `v${n}.0.0`, ref: 'main', name: `Release ${n}`, description: 'Notes' });
    const one = await sideBySide(
      RELEASES,
      4,
      (i) => release((releaseProjects[0] as { id: number }).id, i),
      (i) => {
        const lock = join(tagDir, `v${i}.0.0.lock`);
        const fd = openSync(lock, 'wx');
        writeSync(fd, `${mainTip}\n`);
        closeSync(fd);
        renameSync(lock, join(tagDir, `v${i}.0.0`));
        insert.run(`v${i}.0.0`, 0);
      },
    );
    const perClient = Math.ceil(RELEASES / CLIENTS) * 2;
    const many: number[] = [];
    const manyStart = process.hrtime.bigint();
    await Promise.all(
      releaseProjects.map(async (p, k) => {
        for (let i = 0; i < perClient; i++) {
          const t = process.hrtime.bigint();
          await release(p.id, 10_000 + k * perClient + i);
          many.push(elapsedMs(t));
        }
      }),
    );
    const manyRate = (perClient * CLIENTS) / (elapsedMs(manyStart) / 1000);
    row('release create, 1 client', `${one.ours.toFixed(0)}/s (p99 ${one.p99.toFixed(1)} ms)`);
    row('  tag ref file + one durable SQLite row', `${one.floor.toFixed(0)}/s`);
    row(`release create, ${CLIENTS} clients on ${CLIENTS} projects`, `${manyRate.toFixed(0)}/s (p99 ${p99(many).toFixed(1)} ms)`);
    budgetLine('release create, 1 client: rate', `${one.ours.toFixed(0)}/s = ${(one.ours / one.floor).toFixed(2)}× of its floor`, `tag ref + durable row ${one.floor.toFixed(0)}/s`, '≥ 100/s', verdict(one.ours >= 100));
    budgetLine(`release create, ${CLIENTS} clients on ${CLIENTS} projects / 1 client: rate`, `${manyRate.toFixed(0)}/s = ${(manyRate / one.ours).toFixed(2)}×`, `${one.ours.toFixed(0)}/s`, '≥ 1.5×', verdict(manyRate >= 1.5 * one.ours));
  }

  // ---- small package uploads, against a durable file + row ----
  if (part('uploads')) {
    const pkgProject = await newProject('packages');
    const kib = Buffer.alloc(1024, 'x');
    const uploads = await sideBySide(
      UPLOADS,
      5,
      (i) =>
        c.handle({
          method: 'PUT',
          path: `/projects/${pkgProject.id}/packages/generic/small/1.0.${i}/file.bin`,
          headers: { 'private-token': token, 'content-type': 'application/octet-stream', 'content-length': String(kib.length) },
          body: DISTINCT_UPLOADS ? Buffer.concat([Buffer.from(`${i}\n`), kib.subarray(String(i).length + 1)]) : kib,
        }).then((res) => {
          if (res.status !== 201) throw new Error(`upload → ${res.status} ${String(res.body)}`);
        }),
      (i) => {
        const tmp = join(floorDir, `tmp-${i}`);
        const fd = openSync(tmp, 'wx');
        writeSync(fd, kib);
        fsyncSync(fd);
        closeSync(fd);
        renameSync(tmp, join(floorDir, `file-${i}`));
        insert.run(`file-${i}`, kib.length);
      },
    );
    row(`small package upload (1 KiB), ${UPLOADS} files${DISTINCT_UPLOADS ? ', new bytes each' : ', the same bytes each'}`, `${uploads.ours.toFixed(0)}/s (p99 ${uploads.p99.toFixed(1)} ms)`);
    row('  1 KiB file with fsync + one durable SQLite row', `${uploads.floor.toFixed(0)}/s`);
    const uploadRatio = uploads.ours / uploads.floor;
    budgetLine('small (1 KiB) package upload / durable file + row: rate', `${uploads.ours.toFixed(0)}/s = ${uploadRatio.toFixed(2)}×`, `${uploads.floor.toFixed(0)}/s`, '≥ 0.5×', verdict(uploadRatio >= 0.5));
  }
  floorDb.close();
} finally {
  core?.close();
  rmSync(dir, { recursive: true, force: true });
}
