// Large answers printed other ways than JSON: `projects list --all` of a state of 3,000 projects
// (several MB of JSON) with a --jq filter and as YAML, against the same command printing JSON
// (-o json), measured in this run (interleaved runs, medians), at 750 and 3,000 projects.
// Budgets: the filtered command within 2.5× of the plain one, jq's share growing no faster than
// the data (the engine once took time growing with the square of its input: 27 s for 477 KB),
// and YAML within 3.5× of JSON (the `yaml` library's writer took 5.5–6.5×).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { BIN, median, report, sandbox, timeRun } from './lib.mjs';
import { budgetLine, verdict } from './budget.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const PROJECTS = Number(process.env.BENCH_JQ_PROJECTS ?? 3000);
// jq in WebAssembly parses about 17 MB/s here: the filter costs about as much again as the
// command that makes the JSON.
const BUDGET = 2.5;
// js-yaml writes about 12 MB/s here against JSON.stringify's 200: YAML costs about twice the command.
const YAML_BUDGET = 3.5;

/** A new state of `n` projects (rows inserted with SQL), for `projects list --all`. */
function stateOf(box, name, n) {
  const state = join(box.dir, name);
  const init = spawnSync(process.execPath, [BIN, 'init', '--state', state], { env: box.env, encoding: 'utf8' });
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
  const yaml = large.yaml / large.json;
  budgetLine(`-o yaml of ${large.mib.toFixed(1)} MiB (projects list --all) / -o json of it`, `${ms(large.yaml)} = ${yaml.toFixed(2)}×`, ms(large.json), `≤ ${YAML_BUDGET}×`, verdict(yaml <= YAML_BUDGET));
} finally {
  box.cleanup();
}
