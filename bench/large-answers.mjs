// Large answers printed other ways than JSON: `projects list --all` of a state of 3,000 projects
// (several MB of JSON) with a --jq filter and as YAML, against the same command printing JSON
// (-o json), measured in this run (interleaved runs, medians), at 750 and 3,000 projects.
// Budgets: the filtered command within 2.5× of the plain one, jq's share growing no faster than
// the data (the engine once took time growing with the square of its input: 27 s for 477 KB),
// and YAML within 3.5× of JSON (the `yaml` library's writer took 5.5–6.5×). And memory: the peak
// RSS of `projects list --all -o jsonl` from `hostctl serve` at 16× the projects, within 2× (the
// CLI once held every row and the whole text: 4.1× for 12,000 against 750; now page by page).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { BIN, ROOT, median, report, sandbox, timeRun } from './lib.mjs';
import { budgetLine, verdict } from './budget.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const PROJECTS = Number(process.env.BENCH_JQ_PROJECTS ?? 3000);
// jq in WebAssembly parses about 17 MB/s here: the filter costs about as much again as the
// command that makes the JSON.
const BUDGET = 2.5;
// js-yaml writes about 12 MB/s here against JSON.stringify's 200: YAML costs about twice the command.
const YAML_BUDGET = 3.5;
const RSS_BUDGET = 2;
const PRELOAD = join(ROOT, 'test', 'helpers', 'report-rss.cjs');
const TOKEN = `hpat-${randomBytes(24).toString('base64url')}`;

/** A new state of `n` projects (rows inserted with SQL), for `projects list --all`. */
function stateOf(box, name, n) {
  const state = join(box.dir, name);
  const init = spawnSync(process.execPath, [BIN, 'init', '--state', state, '--root-token', TOKEN], { env: box.env, encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`init failed: ${init.stderr}`);
  const db = new Database(join(state, 'state.db'));
  try {
    const ns = db.prepare("SELECT id FROM namespaces WHERE kind = 'user' ORDER BY id LIMIT 1").get().id;
    db.prepare(
      `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < ?)
       INSERT INTO projects (namespace_id, name, path, path_lower, visibility, creator_id, created_at, updated_at, last_activity_at, description)
       SELECT ?, 'Project ' || i, 'p-' || i, 'p-' || i, 'private', 1,
              strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || i || ' minutes'), strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || i || ' minutes'), strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || i || ' minutes'),
              'A project made for the --jq bench, number ' || i
       FROM seq`,
    ).run(n, ns);
  } finally {
    db.close();
  }
  return state;
}

const FILTER = '.[] | select(.visibility == "private") | .path_with_namespace';
const list = ['projects', 'list', '--all'];

/** Medians of -o json, of the filter and of -o yaml, runs interleaved, and the JSON's size. */
function measure(state) {
  const env = { ...box.env, HOSTCTL_STATE: state };
  const json = spawnSync(process.execPath, [BIN, ...list, '-o', 'json'], { env, maxBuffer: 1 << 30 });
  if (json.status !== 0) throw new Error(`projects list failed: ${json.stderr}`);
  const t = { json: [], jq: [], yaml: [] };
  for (let i = 0; i < runs; i++) {
    t.json.push(timeRun(process.execPath, [BIN, ...list, '-o', 'json'], env));
    t.jq.push(timeRun(process.execPath, [BIN, ...list, '--jq', FILTER], env));
    t.yaml.push(timeRun(process.execPath, [BIN, ...list, '-o', 'yaml'], env));
  }
  return { json: median(t.json), jq: median(t.jq), yaml: median(t.yaml), mib: json.stdout.length / 1048576 };
}

/** Peak RSS (MiB) of `projects list --all -o jsonl` run against `hostctl serve` of `state`. */
async function remotePeak(state) {
  const serve = spawn(process.execPath, [BIN, 'serve', '--state', state, '--port', '0'], { env: box.env, stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    let log = '';
    const url = await new Promise((resolve, reject) => {
      serve.stderr.on('data', (chunk) => {
        log += chunk;
        const m = /at (http:\/\/127\.0\.0\.1:\d+)\/api\/v4/.exec(log);
        if (m) resolve(m[1]);
      });
      serve.on('exit', () => reject(new Error(`serve exited: ${log}`)));
    });
    const reports = join(box.dir, 'rss');
    for (const f of readdirSync(box.dir).filter((f) => f.startsWith('rss.'))) rmSync(join(box.dir, f));
    const env = { ...box.env, HOSTCTL_URL: url, HOSTCTL_TOKEN: TOKEN, NODE_OPTIONS: `--require ${PRELOAD}`, HOSTCTL_RSS_REPORT: reports };
    const run = spawnSync(process.execPath, [BIN, ...list, '-o', 'jsonl'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    if (run.status !== 0) throw new Error(`projects list failed: ${run.stderr}`);
    const peaks = readdirSync(box.dir).filter((f) => f.startsWith('rss.')).map((f) => Number(readFileSync(join(box.dir, f), 'utf8')) / 1024);
    return Math.max(...peaks);
  } finally {
    serve.kill();
  }
}

const box = sandbox();
try {
  const small = measure(stateOf(box, 'small', PROJECTS / 4));
  const large = measure(stateOf(box, 'large', PROJECTS));
  const ms = (n) => `${n.toFixed(0)} ms`;
  report(`--jq '${FILTER}' and -o yaml over projects list --all (${runs} interleaved runs, medians)`, {
    [`${(PROJECTS / 4).toLocaleString('en')} projects (${small.mib.toFixed(1)} MiB): -o json`]: ms(small.json),
    [`${(PROJECTS / 4).toLocaleString('en')} projects: --jq`]: `${ms(small.jq)} (${(small.jq / small.json).toFixed(2)}×; jq's share ${ms(small.jq - small.json)})`,
    [`${PROJECTS.toLocaleString('en')} projects (${large.mib.toFixed(1)} MiB): -o json`]: ms(large.json),
    [`${PROJECTS.toLocaleString('en')} projects: --jq`]: `${ms(large.jq)} (${(large.jq / large.json).toFixed(2)}×; jq's share ${ms(large.jq - large.json)})`,
    [`${(PROJECTS / 4).toLocaleString('en')} projects: -o yaml`]: `${ms(small.yaml)} (${(small.yaml / small.json).toFixed(2)}×)`,
    [`${PROJECTS.toLocaleString('en')} projects: -o yaml`]: `${ms(large.yaml)} (${(large.yaml / large.json).toFixed(2)}×)`,
  });
  const ratio = large.jq / large.json;
  budgetLine(`--jq over ${large.mib.toFixed(1)} MiB (projects list --all) / -o json of it`, `${ms(large.jq)} = ${ratio.toFixed(2)}×`, ms(large.json), `≤ ${BUDGET}×`, verdict(ratio <= BUDGET));
  // jq's own share at 4× the data: 4× when it grows with the data, 16× when with its square.
  const growth = (large.jq - large.json) / Math.max(1, small.jq - small.json);
  budgetLine(`--jq's share of the time at 4× the data (${PROJECTS.toLocaleString('en')} vs ${(PROJECTS / 4).toLocaleString('en')} projects)`, `${growth.toFixed(1)}×`, `${ms(small.jq - small.json)} at ${(PROJECTS / 4).toLocaleString('en')}`, '≤ 5× (linear: 4×)', verdict(growth <= 5));
  const many = stateOf(box, 'many', PROJECTS * 4);
  const [smallPeak, manyPeak] = [await remotePeak(join(box.dir, 'small')), await remotePeak(many)];
  const rss = manyPeak / smallPeak;
  budgetLine(`peak RSS of projects list --all -o jsonl from serve, ${(PROJECTS * 4).toLocaleString('en')} / ${(PROJECTS / 4).toLocaleString('en')} projects`, `${manyPeak.toFixed(0)} MiB = ${rss.toFixed(2)}×`, `${smallPeak.toFixed(0)} MiB`, `≤ ${RSS_BUDGET}× (16× the rows)`, verdict(rss <= RSS_BUDGET));
  const yaml = large.yaml / large.json;
  budgetLine(`-o yaml of ${large.mib.toFixed(1)} MiB (projects list --all) / -o json of it`, `${ms(large.yaml)} = ${yaml.toFixed(2)}×`, ms(large.json), `≤ ${YAML_BUDGET}×`, verdict(yaml <= YAML_BUDGET));
} finally {
  box.cleanup();
}
