// Budget: the plan of a settings file that declares 1,000 projects × 5 sections (freeze periods,
// security settings, protected branches, package protection rules, error tracking) — the whole
// `hostctl diff -f FILE` command — within 2 s against the local instance, and against `hostctl
// serve` on loopback within 3× the local time. Both measured in this run (medians of interleaved
// runs, with `node -e 0` as the start-up baseline). The state is made through the API (of an
// in-process core); ten projects differ from the file, so the plan has something to show.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ROOT, copyKept, digestOf, keep, median, report, sandbox } from './lib.mjs';
import { budgetLine, verdict } from './budget.mjs';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 1000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const LOCAL_BUDGET_MS = 2000;
const REMOTE_RATIO = 3;
const DRIFTING = 10;
const NAME = `settings plan, ${PROJECTS.toLocaleString('en')} projects × 5 sections`;

const box = sandbox();
const state = join(box.dir, 'state');
const file = join(box.dir, 'settings.yaml');
// The commands find the state and root's token through the environment: a state copied from the
// bench cache has no context in this sandbox's configuration.
box.env.HOSTCTL_STATE = state;

/**
 * Wall time (ms) and CPU time (user + system, ms, from GNU time) of one CLI run; `diff` exits 0
 * (in sync) or 11 (differences), both fine here. The CPU time tells a slow run from a starved one
 * on a shared machine.
 */
function timed(args, env) {
  const start = process.hrtime.bigint();
  const res = spawnSync('/usr/bin/time', ['-f', 'CPU %U %S', process.execPath, ...args], { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (res.status !== 0 && res.status !== 11) throw new Error(`hostctl ${args.slice(1).join(' ')} exited ${res.status}: ${res.stderr.slice(0, 2000)}`);
  const cpu = /CPU ([\d.]+) ([\d.]+)\s*$/.exec(res.stderr);
  return { ms, cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : Number.NaN, stdout: res.stdout };
}

/** What writes the seeded state: the schema, init and the areas the seeding calls. */
const SEEDED_BY = ['bench/settings-plan-seed.ts', 'bench/core-requests.ts', 'src/core/db/migrations', 'src/core/init.ts', 'src/core/instance.ts', ...['projects', 'groups', 'freeze-periods', 'protected-branches', 'packages', 'error-tracking', 'security-settings'].map((a) => `src/core/areas/${a}`)];

const FREEZE = { freeze_start: '0 23 * * 5', freeze_end: '0 7 * * 1', cron_timezone: 'Europe/Berlin' };

function settingsFile() {
  const lines = ['version: 1', 'projects:'];
  for (let i = 0; i < PROJECTS; i++) {
    lines.push(
      `  bench/app-${i}:`,
      '    freeze_periods:',
      `      - {freeze_start: "${FREEZE.freeze_start}", freeze_end: "${FREEZE.freeze_end}", cron_timezone: ${FREEZE.cron_timezone}}`,
      '    security_settings: {secret_push_protection_enabled: true}',
      '    protected_branches:',
      '      main: {push_access_level: maintainer, merge_access_level: developer}',
      '    package_protection_rules:',
      `      - {package_name_pattern: "app-${i}-*", package_type: generic, minimum_access_level_for_push: maintainer, minimum_access_level_for_delete: owner}`,
      '    error_tracking: {active: true, integrated: true}',
    );
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
}

let server;
try {
  // The seeded state is kept in the bench cache under the code that wrote it (the schema, init,
  // the areas the seeding calls, this script); a later run copies it instead of seeding again.
  const seedStart = Date.now();
  const key = digestOf([...SEEDED_BY, 'bench/settings-plan.mjs', 'bench/lib.mjs']);
  const kept = copyKept(`settings-plan-${PROJECTS}`, key, state);
  let token = kept?.token;
  if (token === undefined) {
    // Made through the API of an in-process core (bench/settings-plan-seed.ts): the same requests
    // as through the served instance, without 6,000 HTTP round trips.
    const seed = spawnSync(process.execPath, [join(ROOT, 'bench', 'run-ts.mjs'), join(ROOT, 'bench', 'settings-plan-seed.ts'), state, String(PROJECTS), String(DRIFTING), JSON.stringify(FREEZE)], {
      env: box.env,
      encoding: 'utf8',
    });
    if (seed.status !== 0) throw new Error(`seeding failed: ${seed.stderr}`);
    token = seed.stdout.trim().split('\n').pop();
    keep(`settings-plan-${PROJECTS}`, key, state, { token });
  }
  box.env.HOSTCTL_TOKEN = token;
  server = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--host', '127.0.0.1'], { env: box.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise((resolve, reject) => {
    let seen = '';
    const onData = (d) => {
      seen += d;
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(seen);
      if (m) resolve(m[0]);
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', onData);
    server.on('exit', (code) => reject(new Error(`serve exited ${code}: ${seen}`)));
  });

  const seedSeconds = (Date.now() - seedStart) / 1000;
  process.stderr.write(`bench state settings-plan ${PROJECTS}: ${kept ? 'copied from the bench cache' : 'built'} in ${seedSeconds.toFixed(1)} s\n`);
  settingsFile();

  const local = [BIN, 'diff', '-f', file];
  const remoteEnv = { ...box.env, HOSTCTL_URL: url, HOSTCTL_TOKEN: token };
  // One run each to warm the page cache and the code cache; its plan is the one reported.
  // (The served instance stays up for the local runs too: it idles between the remote ones.)
  const first = timed(local, box.env);
  const summary = first.stdout.trim().split('\n').pop();
  timed(local, remoteEnv);
  const t = { node: [], local: [], remote: [], localCpu: [], remoteCpu: [] };
  for (let i = 0; i < runs; i++) {
    t.node.push(timed(['-e', '0'], box.env).ms);
    const l = timed(local, box.env);
    const r = timed(local, remoteEnv);
    t.local.push(l.ms);
    t.localCpu.push(l.cpuMs);
    t.remote.push(r.ms);
    t.remoteCpu.push(r.cpuMs);
  }
  const [nodeMs, localMs, remoteMs, localCpu, remoteCpu] = [median(t.node), median(t.local), median(t.remote), median(t.localCpu), median(t.remoteCpu)];
  const ratio = remoteMs / localMs;
  report(`Settings plan: hostctl diff -f of ${PROJECTS.toLocaleString('en')} projects × 5 sections (${runs} interleaved runs, medians; state made in ${seedSeconds.toFixed(0)} s)`, {
    'plan summary': summary,
    'node -e 0': `${nodeMs.toFixed(1)} ms`,
    'hostctl diff -f (local)': `${localMs.toFixed(0)} ms, CPU ${localCpu.toFixed(0)} ms (budget ${LOCAL_BUDGET_MS} ms: ${localMs <= LOCAL_BUDGET_MS ? 'PASS' : 'OVER'})`,
    'hostctl diff -f (against serve)': `${remoteMs.toFixed(0)} ms, CPU of the client ${remoteCpu.toFixed(0)} ms`,
    'ratio serve / local': `${ratio.toFixed(2)}× (budget ${REMOTE_RATIO.toFixed(2)}×: ${ratio <= REMOTE_RATIO ? 'PASS' : 'OVER'})`,
  });
  budgetLine(`${NAME}, local (diff -f)`, `${localMs.toFixed(0)} ms (CPU ${localCpu.toFixed(0)} ms)`, `node -e 0 ${nodeMs.toFixed(1)} ms`, `≤ ${LOCAL_BUDGET_MS} ms`, verdict(localMs <= LOCAL_BUDGET_MS));
  budgetLine(`${NAME}, serve / local`, `${remoteMs.toFixed(0)} ms = ${ratio.toFixed(2)}×`, `${localMs.toFixed(0)} ms`, `≤ ${REMOTE_RATIO.toFixed(2)}×`, verdict(ratio <= REMOTE_RATIO));
} finally {
  server?.kill('SIGTERM');
  box.cleanup();
}
