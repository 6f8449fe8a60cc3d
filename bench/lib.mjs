// Shared helpers of the benchmark scripts: timing loops, medians, a temporary CLI sandbox, and
// the bench cache for states the scripts build through the CLI or a served instance.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
export const BIN = join(ROOT, 'bin', 'hostctl.js');

export const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** Wall time of one synchronous run of a command, in ms. */
export function timeRun(cmd, args, env) {
  const start = process.hrtime.bigint();
  const res = spawnSync(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${res.stderr}`);
  return ms;
}

/**
 * One run of a command, through bash: the wall time around it and its CPU time (user + system
 * of the child, from getrusage, as bash's `times` prints it, to the millisecond), in ms. On a
 * machine shared with other work the CPU time is the steadier figure: waiting for a core adds
 * to the wall time only.
 */
export function cpuRun(cmd, args, env) {
  const script = 's=$EPOCHREALTIME; "$@" >/dev/null </dev/null; r=$?; e=$EPOCHREALTIME; echo "$s $e"; times; exit $r';
  const res = spawnSync('bash', ['-c', script, 'bash', cmd, ...args], { env, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${res.stderr}`);
  const [span, , children] = res.stdout.trim().split('\n');
  const [start, end] = span.split(' ').map(Number);
  const seconds = (t) => {
    const m = /^(\d+)m([\d.]+)s$/.exec(t);
    if (!m) throw new Error(`unexpected output of times: ${res.stdout}`);
    return Number(m[1]) * 60 + Number(m[2]);
  };
  const [user, sys] = children.trim().split(/\s+/).map(seconds);
  return { wall: (end - start) * 1000, cpu: (user + sys) * 1000, user: user * 1000, sys: sys * 1000 };
}

/** A command's median CPU and wall time (compare), with ratios to a baseline's when given. */
export function timesText(t, base) {
  const ratio = (a, b) => (base ? ` (${(a / b).toFixed(2)}×)` : '');
  const split = `user ${t.user.toFixed(1)}, sys ${t.sys.toFixed(1)}${t.impossible ? `; ${t.impossible} of ${t.runs} runs impossible` : ''}`;
  return `CPU ${t.cpu.toFixed(1)} ms${ratio(t.cpu, base?.cpu)} [${split}], wall ${t.wall.toFixed(1)} ms${ratio(t.wall, base?.wall)}`;
}

/**
 * Whether a run's CPU time is more than its process could have used: its wall time on every
 * core, plus the 2 ms `times` rounds to. Full runs of the bench have now and then read start-up
 * CPU times several times their wall time (`node -e 0` at 143 ms of CPU in 24.5 ms, on 2
 * cores) while the same script alone reads CPU ≈ wall; such a reading is not a measurement.
 */
export const impossibleCpu = (t) => t.cpu > t.wall * availableParallelism() + 2;

/**
 * Alternates the commands run by run so that machine load affects them alike; the median wall
 * and CPU times of each (cpuRun).
 */
export function compare(commands, runs) {
  const times = commands.map(() => ({ wall: [], cpu: [], user: [], sys: [], impossible: 0 }));
  for (let i = 0; i < runs; i++) {
    commands.forEach((c, j) => {
      const t = cpuRun(c.cmd, c.args, c.env);
      times[j].wall.push(t.wall);
      times[j].cpu.push(t.cpu);
      times[j].user.push(t.user);
      times[j].sys.push(t.sys);
      if (impossibleCpu(t)) times[j].impossible++;
    });
  }
  return times.map((t) => ({ wall: median(t.wall), cpu: median(t.cpu), user: median(t.user), sys: median(t.sys), impossible: t.impossible, runs }));
}

/**
 * NODE_EXTRA_CA_CERTS makes every Node process, `node -e 0` too, read and parse that file of
 * certificates (and Node's own root store) before any JavaScript runs: on a machine that sets
 * it, the baseline carries that fixed cost and a ratio to it reads smaller. The start-up
 * benches measure both: as the environment is, and without it. Undefined when it is not set.
 */
export function withoutExtraCerts(env) {
  if (!env.NODE_EXTRA_CA_CERTS) return undefined;
  const bare = { ...env };
  delete bare.NODE_EXTRA_CA_CERTS;
  return bare;
}

export function sandbox() {
  const dir = mkdtempSync(join(tmpdir(), 'hostctl-bench-'));
  const env = { ...process.env, HOSTCTL_CONFIG_DIR: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data'), NO_COLOR: '1' };
  delete env.HOSTCTL_CONTEXT;
  delete env.HOSTCTL_URL;
  delete env.HOSTCTL_TOKEN;
  delete env.HOSTCTL_STATE;
  return { dir, env, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function report(name, figures) {
  process.stdout.write(`\n${name}\n`);
  for (const [label, value] of Object.entries(figures)) process.stdout.write(`  ${label.padEnd(44)} ${value}\n`);
}

/**
 * A digest of files and directories of the project (paths relative to its root; directories
 * whole, without their tests), for keying a kept state on the code that wrote it.
 */
export function digestOf(paths) {
  const hash = createHash('sha256');
  const walk = (path) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) walk(join(path, name));
    } else if (!path.endsWith('.test.ts')) {
      hash.update(`${path.slice(ROOT.length)}\0`).update(readFileSync(path));
    }
  };
  for (const p of paths) walk(join(ROOT, p));
  return hash.digest('hex').slice(0, 16);
}

/** The bench cache of core-requests.ts (builtState): where built states are kept between runs. */
const CACHE = process.env.HOSTCTL_BENCH_CACHE ?? join(tmpdir(), 'hostctl-bench-cache');

/**
 * A state directory kept in the bench cache under `name` and `key`: copied into `target` with
 * what its build answered (tokens), or undefined when none is kept (or the cache is off).
 */
export function copyKept(name, key, target) {
  if (CACHE === 'off') return undefined;
  const kept = join(CACHE, `${name}-${key}`);
  if (!existsSync(join(kept, 'answer.json'))) return undefined;
  cpSync(join(kept, 'state'), target, { recursive: true });
  return JSON.parse(readFileSync(join(kept, 'answer.json'), 'utf8'));
}

/**
 * Keeps the state directory `source` (idle: no write in flight; its WAL goes with it and is
 * replayed on open) and `answer` under `name` and `key`, replacing states of other keys.
 */
export function keep(name, key, source, answer) {
  if (CACHE === 'off') return;
  try {
    mkdirSync(CACHE, { recursive: true, mode: 0o700 });
    const staging = mkdtempSync(join(CACHE, '.staging-'));
    cpSync(source, join(staging, 'state'), { recursive: true, filter: (src) => !src.endsWith('-shm') });
    writeFileSync(join(staging, 'answer.json'), JSON.stringify(answer));
    for (const old of readdirSync(CACHE)) if (old.startsWith(`${name}-`)) rmSync(join(CACHE, old), { recursive: true, force: true });
    try {
      renameSync(staging, join(CACHE, `${name}-${key}`));
    } catch {
      rmSync(staging, { recursive: true, force: true });
    }
  } catch (error) {
    process.stderr.write(`bench cache: state not kept (${error.message})\n`);
  }
}
