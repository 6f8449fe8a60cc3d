// A 1 GiB generic package file up and down through `hostctl serve` (with curl, and with the
// hostctl CLI), against curl writing and reading the same bytes through a plain node:http
// server that streams to and from a file, all in this run; uploads in several rounds, the two
// servers taking turns to go first, compared by the median of the rounds' ratios. Figures:
// throughput and peak RSS of every process involved (servers read from /proc before they stop;
// CLI runs report their own peak through a preloaded module), and each server's CPU per upload. Budgets: no process above
// 200 MiB; an upload through serve at 0.8× or more of the plain server's rate.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { budgetLine, verdict as budgetVerdict } from './budget.mjs';
import { waitForUrl } from './core-requests.js';

const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'hostctl.js');
const PRELOAD = join(ROOT, 'test', 'helpers', 'report-rss.cjs');
const SIZE_MIB = Number(process.env.BENCH_FILE_MIB ?? 1024);
const BUDGET_MIB = 200;
const UPLOAD_ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
/** BENCH_UPLOADS_ONLY=1: the upload rounds and their budget line only (no downloads, no CLI). */
const UPLOADS_ONLY = process.env.BENCH_UPLOADS_ONLY === '1';

/** Peak RSS of a running process in MiB (Linux /proc), or NaN where /proc is missing. */
function peakOf(pid: number | undefined): number {
  const file = `/proc/${pid}/status`;
  if (!pid || !existsSync(file)) return Number.NaN;
  const m = /VmHWM:\s+(\d+)/.exec(readFileSync(file, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

/** CPU seconds (user + system, every thread) a running process has used so far (Linux /proc), or NaN. */
function cpuOf(pid: number | undefined): number {
  const file = `/proc/${pid}/stat`;
  if (!pid || !existsSync(file)) return Number.NaN;
  const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function curl(args: string[]): number {
  const res = spawnSync('curl', ['-sS', '-f', '-w', '%{time_total}', ...args], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`curl ${args.join(' ')} failed: ${res.stderr}`);
  return Number(res.stdout.trim());
}

const dir = mkdtempSync(join(tmpdir(), 'hostctl-bench-'));
const children: ChildProcess[] = [];
const mib = (n: number) => (Number.isNaN(n) ? 'n/a' : `${n.toFixed(0)} MiB`);
const rate = (seconds: number) => `${(SIZE_MIB / seconds).toFixed(0)} MiB/s (${seconds.toFixed(2)} s)`;
try {
  const env: NodeJS.ProcessEnv = { ...process.env, HOSTCTL_CONFIG_DIR: join(dir, 'config'), NO_COLOR: '1' };
  for (const k of ['HOSTCTL_CONTEXT', 'HOSTCTL_URL', 'HOSTCTL_TOKEN', 'HOSTCTL_STATE']) delete env[k];
  const token = 'hpat-bench-root-token-0123456789';
  const state = join(dir, 'state');
  spawnSync(process.execPath, [BIN, 'init', '--state', state, '--root-token', token], { env, stdio: 'ignore' });
  spawnSync(process.execPath, [BIN, 'projects', 'create', '--path', 'bench', '--state', state], { env, stdio: 'ignore' });

  const file = join(dir, 'payload.bin');
  const fd = openSync(file, 'w');
  const chunk = randomBytes(1024 * 1024);
  for (let i = 0; i < SIZE_MIB; i++) {
    chunk[0] = i & 0xff;
    writeSync(fd, chunk);
  }
  closeSync(fd);

  const plainFile = join(dir, 'plain.mjs');
  writeFileSync(
    plainFile,
    `import { createServer } from 'node:http';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
const stored = ${JSON.stringify(join(dir, 'plain-stored.bin'))};
const s = createServer(async (req, res) => {
  if (req.method === 'PUT') {
    await pipeline(req, createWriteStream(stored));
    res.writeHead(201, { 'content-type': 'application/json' }).end('{"message":"201 Created"}');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': statSync(stored).size });
  await pipeline(createReadStream(stored), res);
});
s.listen(0, '127.0.0.1', () => process.stderr.write('listening http://127.0.0.1:' + s.address().port + '\\n'));`,
  );
  const plain = spawn(process.execPath, [plainFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(plain);
  const plainUrl = await waitForUrl(plain, /(http:\/\/[^\s]+)/);
  const serve = spawn(process.execPath, [BIN, 'serve', '--state', state, '--port', '0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(serve);
  const serveUrl = await waitForUrl(serve, /at (http:\/\/[^\s]+)\/api\/v4/);
  const generic = (name: string) => `${serveUrl}/api/v4/projects/root%2Fbench/packages/generic/${name}/1.0.0/payload.bin`;

  // Uploads in rounds, the plain server and serve taking turns to go first (the page cache's
  // writeback of one upload slows the next, whoever it is); each round's ratio, then the median.
  // Each server's CPU time per upload (every thread) goes beside the rates: the rates depend on
  // what else the two cores run, the CPU much less.
  const ups: { plain: number; serve: number }[] = [];
  const cpu = { plain: [] as number[], serve: [] as number[] };
  const timed = (pid: number | undefined, into: number[], run: () => number): number => {
    const before = cpuOf(pid);
    const seconds = run();
    into.push(cpuOf(pid) - before);
    return seconds;
  };
  for (let r = 0; r < UPLOAD_ROUNDS; r++) {
    const plainUp = () => timed(plain.pid, cpu.plain, () => curl(['-T', file, `${plainUrl}/payload.bin`, '-o', '/dev/null']));
    const serveUp = () => timed(serve.pid, cpu.serve, () => curl(['-T', file, '-H', `PRIVATE-TOKEN: ${token}`, generic(r === 0 ? 'curl' : `curl-${r}`), '-o', '/dev/null']));
    if (r % 2 === 0) {
      const plain = plainUp();
      ups.push({ plain, serve: serveUp() });
    } else {
      const serve = serveUp();
      ups.push({ plain: plainUp(), serve });
    }
  }
  const median = (xs: number[]): number => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? (s[(s.length - 1) / 2] as number) : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
  };
  const plainUp = median(ups.map((u) => u.plain));
  const serveUp = median(ups.map((u) => u.serve));
  const upRatio = median(ups.map((u) => u.plain / u.serve));
  const cpuLine = `CPU per upload: plain ${median(cpu.plain).toFixed(2)} s, serve ${median(cpu.serve).toFixed(2)} s (medians)`;
  if (UPLOADS_ONLY) {
    process.stdout.write(`\nGeneric package upload, ${SIZE_MIB} MiB file, ${UPLOAD_ROUNDS} rounds: plain ${rate(plainUp)}, serve ${rate(serveUp)} (rounds ${ups.map((u) => (u.plain / u.serve).toFixed(2)).join(', ')}); ${cpuLine}\n`);
    budgetLine(`${SIZE_MIB} MiB package upload, curl → serve / bare node:http server: rate`, `${(SIZE_MIB / serveUp).toFixed(0)} MiB/s = ${upRatio.toFixed(2)}×`, `${(SIZE_MIB / plainUp).toFixed(0)} MiB/s`, '≥ 0.8×', budgetVerdict(upRatio >= 0.8));
  } else {
    const plainDown = curl([`${plainUrl}/payload.bin`, '-o', join(dir, 'plain-down.bin')]);
    rmSync(join(dir, 'plain-down.bin'));
    const serveDown = curl(['-H', `PRIVATE-TOKEN: ${token}`, generic('curl'), '-o', join(dir, 'serve-down.bin')]);
    rmSync(join(dir, 'serve-down.bin'));

    // The CLI, remote (through serve) and local (in-process core), each reporting its own peak.
    const reports = join(dir, 'rss');
    const cliEnv = { ...env, NODE_OPTIONS: `--require ${PRELOAD}`, HOSTCTL_RSS_REPORT: reports };
    const cli = (args: string[], remote: boolean): { seconds: number; peak: number } => {
      for (const f of readdirSync(dir).filter((n) => n.startsWith('rss.'))) rmSync(join(dir, f));
      const start = process.hrtime.bigint();
      const res = spawnSync(process.execPath, [BIN, ...args, ...(remote ? ['--url', serveUrl] : ['--state', state])], {
        env: remote ? { ...cliEnv, HOSTCTL_TOKEN: token } : cliEnv,
        encoding: 'utf8',
      });
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      if (res.status !== 0) throw new Error(`hostctl ${args.join(' ')} failed: ${res.stderr}`);
      const report = readdirSync(dir).find((n) => n.startsWith('rss.'));
      return { seconds, peak: report ? Number(readFileSync(join(dir, report), 'utf8')) / 1024 : Number.NaN };
    };
    const out = join(dir, 'cli-down.bin');
    const remoteUp = cli(['packages', 'upload', '-R', 'root/bench', '--name', 'cli-remote', '--package-version', '1.0.0', file], true);
    const remoteDown = cli(['packages', 'download', '-R', 'root/bench', '--name', 'cli-remote', '--package-version', '1.0.0', 'payload.bin', '-O', out], true);
    rmSync(out);
    const servePeak = peakOf(serve.pid);
    const plainPeak = peakOf(plain.pid);
    if (plain.exitCode !== null) process.stderr.write(`plain server exited ${plain.exitCode}\n`);
    const localUp = cli(['packages', 'upload', '-R', 'root/bench', '--name', 'cli-local', '--package-version', '1.0.0', file], false);
    const localDown = cli(['packages', 'download', '-R', 'root/bench', '--name', 'cli-local', '--package-version', '1.0.0', 'payload.bin', '-O', out], false);
    rmSync(out);

    const peaks = [servePeak, plainPeak, remoteUp.peak, remoteDown.peak, localUp.peak, localDown.peak].filter((n) => !Number.isNaN(n));
    process.stdout.write(`\nGeneric package transfer, ${SIZE_MIB} MiB file (uploads: medians of ${UPLOAD_ROUNDS} rounds; the rest one run each)\n`);
    process.stdout.write(`  curl → plain node:http, upload            ${rate(plainUp)}\n`);
    process.stdout.write(`  curl → hostctl serve, upload              ${rate(serveUp)}  (${upRatio.toFixed(2)}× the plain server's rate; rounds ${ups.map((u) => (u.plain / u.serve).toFixed(2)).join(', ')})\n`);
    process.stdout.write(`  ${cpuLine}\n`);
    process.stdout.write(`  curl ← plain node:http, download          ${rate(plainDown)}\n`);
    process.stdout.write(`  curl ← hostctl serve, download            ${rate(serveDown)}  (${(plainDown / serveDown).toFixed(2)}× the plain server's rate)\n`);
    process.stdout.write(`  hostctl CLI → serve, upload               ${rate(remoteUp.seconds)}, CLI peak ${mib(remoteUp.peak)}\n`);
    process.stdout.write(`  hostctl CLI ← serve, download             ${rate(remoteDown.seconds)}, CLI peak ${mib(remoteDown.peak)}\n`);
    process.stdout.write(`  hostctl CLI, local state, upload          ${rate(localUp.seconds)}, peak ${mib(localUp.peak)}\n`);
    process.stdout.write(`  hostctl CLI, local state, download        ${rate(localDown.seconds)}, peak ${mib(localDown.peak)}\n`);
    process.stdout.write(`  peak RSS: hostctl serve ${mib(servePeak)}, plain node:http ${mib(plainPeak)}\n`);
    process.stdout.write(`  budget ${BUDGET_MIB} MiB per process: ${peaks.every((p) => p < BUDGET_MIB) ? 'within' : 'OVER'}\n`);
    budgetLine(`${SIZE_MIB} MiB package upload, curl → serve / bare node:http server: rate`, `${(SIZE_MIB / serveUp).toFixed(0)} MiB/s = ${upRatio.toFixed(2)}×`, `${(SIZE_MIB / plainUp).toFixed(0)} MiB/s`, '≥ 0.8×', budgetVerdict(upRatio >= 0.8));
    budgetLine(`peak RSS of any process moving a ${SIZE_MIB} MiB package file`, mib(Math.max(...peaks)), `plain node:http ${mib(plainPeak)}`, `< ${BUDGET_MIB} MiB`, budgetVerdict(peaks.every((p) => p < BUDGET_MIB)));
  }
} finally {
  for (const c of children) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dir, { recursive: true, force: true });
}
