// Runs every benchmark (their own output goes through as it comes) and ends with one table of
// every budget: each script prints `BUDGET name | measured | baseline | budget | verdict` lines
// (bench/budget.mjs), collected here. A script that fails shows as FAILED. `--jobs N` runs N
// scripts at once (2 unless told) (each one's output then comes whole when it ends): every budget compares with
// a baseline measured in the same script, interleaved, so sharing the cores costs spread, not
// bias, and a run on a busy machine fits in its time.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const HELPERS = ['lib.mjs', 'run-all.mjs', 'run-ts.mjs', 'budget.mjs', 'core-requests.ts', 'compare-states.mjs', 'compare-rows.mjs', 'settings-plan-seed.ts'];
const argv = process.argv.slice(2);
const jobsAt = argv.indexOf('--jobs');
// Two at a time by default: on two cores the scripts' own interleaved baselines absorb the
// sharing, and the run takes half the time. The scripts that load a server or time process
// start-up against a bare baseline (SOLO) still run alone: a neighbour would take the core their
// baseline process is measured on. writes.ts too: its floors (a file and a row made durable)
// wait on the disk while hostctl's side spends about a millisecond of CPU per write, so a
// neighbour's CPU slowed one side only (small uploads read 0.47× of their floor beside another
// script, 0.79–1.59× alone, the same code).
const jobs = jobsAt >= 0 ? Math.max(1, Number(argv[jobsAt + 1]) || 1) : 2;
const only = argv.filter((a, i) => jobsAt < 0 || (i !== jobsAt && i !== jobsAt + 1));
const SOLO = ['serve-load.ts', 'cli-startup.mjs', 'cli-remote.mjs', 'package-transfer.ts', 'writes.ts'];
// Scripts that print figures but no budget run only when named: storage-moves.ts moves 1,000
// repositories that it first makes through the API (minutes of git work), for none of the table's rows.
const NAMED_ONLY = ['storage-moves.ts'];
const scripts = readdirSync(dir)
  .filter((f) => !f.startsWith('.') && ((f.endsWith('.mjs') && !HELPERS.includes(f)) || (f.endsWith('.ts') && !HELPERS.includes(f) && !f.endsWith('.d.ts') && !f.endsWith('.d.mts'))))
  .filter((f) => (only.length === 0 ? !NAMED_ONLY.includes(f) : only.some((o) => f.includes(o))))
  .sort();
// Longest first (by the last full run's times in docs/benchmarks.md), so that no long script
// starts last and runs on alone.
const lastTimes = new Map(
  [...(/This run: [^(]*\(([^)]*)\)/.exec(readFileSyncSafe(join(dir, '..', 'docs', 'benchmarks.md')))?.[1] ?? '').matchAll(/([\w.-]+) (\d+) s/g)].map((m) => [m[1], Number(m[2])]),
);
const queue = [...scripts].sort((a, b) => (lastTimes.get(b) ?? 0) - (lastTimes.get(a) ?? 0));

function readFileSyncSafe(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function run(file) {
  const args = file.endsWith('.ts') ? [join(dir, 'run-ts.mjs'), join(dir, file)] : [join(dir, file)];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const rows = [];
    const held = [];
    let rest = '';
    let errText = '';
    child.stderr.on('data', (chunk) => {
      if (jobs > 1) held.push(chunk);
      else process.stderr.write(chunk);
      errText += chunk.toString('utf8');
      if (errText.length > 1 << 20) errText = errText.slice(-(1 << 19));
    });
    child.stdout.on('data', (chunk) => {
      if (jobs > 1) held.push(chunk);
      else process.stdout.write(chunk);
      const text = rest + chunk.toString('utf8');
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) if (line.startsWith('BUDGET ')) rows.push(line.slice(7).split('|').map((s) => s.trim()));
    });
    child.on('close', (code) => {
      for (const chunk of held) process.stdout.write(chunk);
      // What the scripts' states cost (core-requests.ts builtState, settings-plan): built or copied.
      for (const m of errText.matchAll(/^bench state .*: (built|copied from the bench cache) in ([\d.]+) s$/gm)) states[m[1] === 'built' ? 'built' : 'copied'].push(Number(m[2]));
      resolve({ code, rows });
    });
  });
}

const started = process.hrtime.bigint();
// The machine is shared: its load when the run starts and ends goes into the record.
const loadAtStart = loadavg()[0];
const results = new Map();
/** Seconds each state took, by how it was made (see run). */
const states = { built: [], copied: [] };
const durations = [];
let failed = 0;
let running = 0;
let soloRunning = false;
/** The next script this worker may start now: a solo one only when nothing runs, nothing beside a solo one. */
async function take() {
  for (;;) {
    if (queue.length === 0) return undefined;
    if (!soloRunning) {
      const at = queue.findIndex((f) => !SOLO.includes(f) || running === 0);
      if (at >= 0) {
        const file = queue.splice(at, 1)[0];
        running++;
        soloRunning = SOLO.includes(file);
        return file;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
async function worker() {
  for (;;) {
    const file = await take();
    if (file === undefined) return;
    const solo = SOLO.includes(file);
    const t0 = process.hrtime.bigint();
    const { code, rows } = await run(file);
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    durations.push([file, seconds]);
    process.stdout.write(`  (${file}: ${seconds.toFixed(1)} s)\n`);
    const out = rows.map((r) => [file, ...r]);
    if (code !== 0) {
      failed++;
      out.push([file, 'script failed', '-', '-', '-', 'FAILED']);
    }
    results.set(file, out);
    running--;
    if (solo) soloRunning = false;
  }
}
await Promise.all(Array.from({ length: Math.min(jobs, scripts.length) }, worker));
// The table keeps the scripts' order, whichever ended first.
const table = scripts.flatMap((f) => results.get(f) ?? []);
durations.sort((a, b) => scripts.indexOf(a[0]) - scripts.indexOf(b[0]));

const head = ['script', 'budget', 'measured', 'baseline', 'budget', 'verdict'];
const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => (r[i] ?? '').length)));
const line = (cells) => `| ${cells.map((c, i) => (c ?? '').padEnd(widths[i])).join(' | ')} |`;
const total = Number(process.hrtime.bigint() - started) / 1e9;
process.stdout.write(`\nBudgets (npm run bench, ${new Date().toISOString()}, ${total.toFixed(0)} s in total)\n\n`);
process.stdout.write(`${line(head)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`);
for (const r of table) process.stdout.write(`${line(r)}\n`);
const over = table.filter((r) => r[5] === 'OVER').length;
process.stdout.write(`\n${table.filter((r) => r[5] === 'PASS').length} PASS, ${over} OVER, ${table.filter((r) => r[5] === 'SKIP').length} SKIP, ${failed} script(s) failed\n`);
const loadAtEnd = loadavg()[0];
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const stateCost = `states: ${states.built.length} built (${sum(states.built).toFixed(0)} s), ${states.copied.length} copied from the bench cache (${sum(states.copied).toFixed(0)} s)`;
const timing = `${total.toFixed(0)} s in all${jobs > 1 ? `, ${jobs} scripts at a time` : ''} (${durations.map(([f, t]) => `${f} ${t.toFixed(0)} s`).join(', ')}); ${stateCost}; load average ${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} at the end, on 2 cores`;
process.stdout.write(`${timing}\n`);

// A run of every script is the record: docs/benchmarks.md gets the whole table, and the README
// the headline rows between its bench markers.
if (only.length === 0) {
  const root = join(dir, '..');
  const summary = `${table.filter((r) => r[5] === 'PASS').length} PASS, ${over} OVER`;
  const tableText = (rows) => [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
  const benchmarksPath = join(root, 'docs', 'benchmarks.md');
  // What is written about the rows (between the notes markers) is kept; the rest is this run's.
  const notes = /<!-- bench-notes -->\n[\s\S]*?<!-- \/bench-notes -->\n/.exec(readFileSyncSafe(benchmarksPath))?.[0] ?? '';
  writeFileSync(
    benchmarksPath,
    `# Benchmarks\n\nEvery budget of \`npm run bench\` (which rewrites this file but for its notes), measured ${new Date().toISOString().slice(0, 10)} on a 2-core machine: ${summary}. The README shows the headline rows.\n\nEach figure is compared with a baseline measured in the same run (medians of interleaved runs), so load on the machine hits both; a busy machine still widens the spread. This run: ${timing}.\n\n${notes ? `${notes}\n` : ''}${tableText(table)}\n`,
  );
  const readmePath = join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const marks = /(<!-- bench-headline -->\n)[\s\S]*?(<!-- \/bench-headline -->)/;
  if (marks.test(readme)) writeFileSync(readmePath, readme.replace(marks, `$1${tableText(headline(table))}\n$2`));
}
process.exit(failed ? 1 : 0);

/** The rows the README shows: start-up, serving, the worst list ratio, write rates, transfer, backup, audit recording. */
function headline(rows) {
  const ratio = (r) => Number(/= ([\d.]+)×/.exec(r[2])?.[1] ?? 0);
  const lists = rows.filter((r) => / vs /.test(r[1]));
  const worstList = lists.reduce((a, b) => (ratio(b) > ratio(a) ? b : a), lists[0]);
  return rows.filter(
    (r) =>
      r[0].startsWith('cli-startup') ||
      r[0].startsWith('cli-remote') ||
      r[0].startsWith('serve-load') ||
      / rate$/.test(r[1]) ||
      r[0].startsWith('package-transfer') ||
      r[0].startsWith('backup') ||
      r[1].startsWith('audit recording') ||
      r === worstList,
  );
}
