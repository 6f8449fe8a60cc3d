// `hostctl backup` and `hostctl restore` of the demo state against `tar cf` / `tar xf` of the
// same directory (medians of interleaved runs, all measured in this run; budget: within 3×), and
// a backup of a state holding one large generic package file: its time against `tar cf` of that
// state (within 3×) and the backup process's peak RSS (reported by a preloaded module; budget
// < 200 MiB, the archive is streamed, never held in memory).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ROOT, median, report, sandbox, timeRun } from './lib.mjs';
import { budgetLine, verdict } from './budget.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const SIZE_MIB = Number(process.env.BENCH_FILE_MIB ?? 256);
const RATIO_BUDGET = 3;
const RSS_BUDGET_MIB = 200;
const PRELOAD = join(ROOT, 'test', 'helpers', 'report-rss.cjs');

const box = sandbox();
const hostctl = (args) => {
  const res = spawnSync(process.execPath, [BIN, ...args], { env: box.env, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`hostctl ${args.join(' ')} failed: ${res.stderr}`);
  return res;
};
const ms = (n) => `${n.toFixed(1)} ms`;
const x = (n) => `${n.toFixed(2)}×`;

/** Medians of backup/restore and tar cf/xf of one state, runs interleaved so load hits them alike. */
function measure(state, tag, n) {
  const archive = join(box.dir, `${tag}.tar`);
  const plain = join(box.dir, `${tag}-plain.tar`);
  const restored = join(box.dir, `${tag}-restored`);
  const extracted = join(box.dir, `${tag}-extracted`);
  const t = { backup: [], tarC: [], restore: [], tarX: [], node: [] };
  for (let i = 0; i < n; i++) {
    t.backup.push(timeRun(process.execPath, [BIN, 'backup', '--state', state, '-O', archive], box.env));
    t.tarC.push(timeRun('tar', ['cf', plain, '-C', state, '.'], box.env));
    rmSync(restored, { recursive: true, force: true });
    t.restore.push(timeRun(process.execPath, [BIN, 'restore', archive, '--state', restored], box.env));
    rmSync(extracted, { recursive: true, force: true });
    mkdirSync(extracted);
    t.tarX.push(timeRun('tar', ['xf', plain, '-C', extracted], box.env));
    t.node.push(timeRun(process.execPath, ['-e', '0'], box.env));
  }
  for (const p of [archive, plain, restored, extracted]) rmSync(p, { recursive: true, force: true });
  return { backup: median(t.backup), tarC: median(t.tarC), restore: median(t.restore), tarX: median(t.tarX), node: median(t.node) };
}

/** Peak RSS (MiB) of every node process of one CLI run, each written by the preloaded module. */
function peakOfRun(args) {
  const reports = join(box.dir, 'rss');
  for (const f of readdirSync(box.dir).filter((f) => f.startsWith('rss.'))) rmSync(join(box.dir, f));
  const start = process.hrtime.bigint();
  const res = spawnSync(process.execPath, [BIN, ...args], {
    env: { ...box.env, NODE_OPTIONS: `--require ${PRELOAD}`, HOSTCTL_RSS_REPORT: reports },
    encoding: 'utf8',
  });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  if (res.status !== 0) throw new Error(`hostctl ${args.join(' ')} failed: ${res.stderr}`);
  const peaks = readdirSync(box.dir)
    .filter((f) => f.startsWith('rss.'))
    .map((f) => Number(readFileSync(join(box.dir, f), 'utf8')) / 1024);
  return { wall, peak: peaks.length ? Math.max(...peaks) : Number.NaN };
}

try {
  // The demo state: many small files (database, bare repositories, a few package files).
  const demo = join(box.dir, 'demo');
  hostctl(['init', '--demo', '--state', demo]);
  measure(demo, 'warm', 1);
  const small = measure(demo, 'demo', runs);
  const backupRatio = small.backup / small.tarC;
  const restoreRatio = small.restore / small.tarX;

  // A state with one large package file, uploaded through the CLI on the local state.
  const big = join(box.dir, 'big');
  hostctl(['init', '--state', big]);
  hostctl(['projects', 'create', '--path', 'bench', '--state', big]);
  const payload = join(box.dir, 'payload.bin');
  const fd = openSync(payload, 'w');
  const chunk = randomBytes(1024 * 1024);
  for (let i = 0; i < SIZE_MIB; i++) {
    chunk[0] = i & 0xff;
    writeSync(fd, chunk);
  }
  closeSync(fd);
  hostctl(['packages', 'upload', '-R', 'root/bench', '--name', 'large', '--package-version', '1.0.0', payload, '--state', big]);
  rmSync(payload);
  const bigArchive = join(box.dir, 'big.tar');
  const bigPlain = join(box.dir, 'big-plain.tar');
  const bigRuns = Math.min(runs, 3);
  const bigBackup = [];
  const bigTar = [];
  const bigPeaks = [];
  for (let i = 0; i < bigRuns; i++) {
    const r = peakOfRun(['backup', '--state', big, '-O', bigArchive]);
    bigBackup.push(r.wall);
    bigPeaks.push(r.peak);
    bigTar.push(timeRun('tar', ['cf', bigPlain, '-C', big, '.'], box.env));
  }
  const bigRestored = join(box.dir, 'big-restored');
  const restorePeak = peakOfRun(['restore', bigArchive, '--state', bigRestored]);
  const bigRatio = median(bigBackup) / median(bigTar);
  const backupPeak = Math.max(...bigPeaks);

  report(`Backup and restore of the demo state (${runs} interleaved runs, medians)`, {
    'tar cf of the state directory': ms(small.tarC),
    'hostctl backup -O x.tar': `${ms(small.backup)} (${x(backupRatio)})`,
    'tar xf of that tar': ms(small.tarX),
    'hostctl restore x.tar --state NEW': `${ms(small.restore)} (${x(restoreRatio)})`,
    'node -e 0 (start-up share of the above)': ms(small.node),
  });
  report(`Backup of a state holding a ${SIZE_MIB} MiB package file (${bigRuns} runs, medians)`, {
    'tar cf of the state directory': ms(median(bigTar)),
    'hostctl backup -O x.tar': `${ms(median(bigBackup))} (${x(bigRatio)})`,
    'hostctl backup peak RSS': `${backupPeak.toFixed(0)} MiB (budget < ${RSS_BUDGET_MIB} MiB)`,
    'hostctl restore peak RSS (one run)': `${restorePeak.peak.toFixed(0)} MiB in ${ms(restorePeak.wall)}`,
  });
  budgetLine('backup of the demo state / tar cf', `${ms(small.backup)} = ${x(backupRatio)}`, ms(small.tarC), `≤ ${RATIO_BUDGET.toFixed(2)}×`, verdict(backupRatio <= RATIO_BUDGET));
  budgetLine('restore of the demo state / tar xf', `${ms(small.restore)} = ${x(restoreRatio)}`, ms(small.tarX), `≤ ${RATIO_BUDGET.toFixed(2)}×`, verdict(restoreRatio <= RATIO_BUDGET));
  budgetLine(`backup of a ${SIZE_MIB} MiB package state / tar cf`, `${ms(median(bigBackup))} = ${x(bigRatio)}`, ms(median(bigTar)), `≤ ${RATIO_BUDGET.toFixed(2)}×`, verdict(bigRatio <= RATIO_BUDGET));
  budgetLine(`peak RSS of backup, ${SIZE_MIB} MiB package state`, `${backupPeak.toFixed(0)} MiB`, `restore ${restorePeak.peak.toFixed(0)} MiB`, `< ${RSS_BUDGET_MIB} MiB`, verdict(backupPeak < RSS_BUDGET_MIB));
} finally {
  box.cleanup();
}
