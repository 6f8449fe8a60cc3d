// Shared helpers of the benchmark scripts: timing loops, medians, and a temporary CLI sandbox.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/** Alternates the commands run by run so that machine load affects them alike. */
export function compare(commands, runs) {
  const times = commands.map(() => []);
  for (let i = 0; i < runs; i++) commands.forEach((c, j) => times[j].push(timeRun(c.cmd, c.args, c.env)));
  return times.map(median);
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
