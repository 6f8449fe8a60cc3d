// Runs every benchmark in turn (their own output goes through as it comes) and ends with one
// table of every budget: each script prints `BUDGET name | measured | baseline | budget | verdict`
// lines (bench/budget.mjs), collected here. A script that fails shows as FAILED.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const HELPERS = ['lib.mjs', 'run-all.mjs', 'run-ts.mjs', 'budget.mjs', 'core-requests.ts'];
const only = process.argv.slice(2);
const scripts = readdirSync(dir)
  .filter((f) => !f.startsWith('.') && ((f.endsWith('.mjs') && !HELPERS.includes(f)) || (f.endsWith('.ts') && !HELPERS.includes(f) && !f.endsWith('.d.ts') && !f.endsWith('.d.mts'))))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

function run(file) {
  const args = file.endsWith('.ts') ? [join(dir, 'run-ts.mjs'), join(dir, file)] : [join(dir, file)];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    const rows = [];
    let rest = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const text = rest + chunk.toString('utf8');
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) if (line.startsWith('BUDGET ')) rows.push(line.slice(7).split('|').map((s) => s.trim()));
    });
    child.on('close', (code) => resolve({ code, rows }));
  });
}

const started = process.hrtime.bigint();
const table = [];
let failed = 0;
for (const file of scripts) {
  const t0 = process.hrtime.bigint();
  const { code, rows } = await run(file);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  process.stdout.write(`  (${file}: ${seconds.toFixed(1)} s)\n`);
  for (const r of rows) table.push([file, ...r]);
  if (code !== 0) {
    failed++;
    table.push([file, 'script failed', '-', '-', '-', 'FAILED']);
  }
}

const head = ['script', 'budget', 'measured', 'baseline', 'budget', 'verdict'];
const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => (r[i] ?? '').length)));
const line = (cells) => `| ${cells.map((c, i) => (c ?? '').padEnd(widths[i])).join(' | ')} |`;
const total = Number(process.hrtime.bigint() - started) / 1e9;
process.stdout.write(`\nBudgets (npm run bench, ${new Date().toISOString()}, ${total.toFixed(0)} s in total)\n\n`);
process.stdout.write(`${line(head)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`);
for (const r of table) process.stdout.write(`${line(r)}\n`);
const over = table.filter((r) => r[5] === 'OVER').length;
process.stdout.write(`\n${table.filter((r) => r[5] === 'PASS').length} PASS, ${over} OVER, ${table.filter((r) => r[5] === 'SKIP').length} SKIP, ${failed} script(s) failed\n`);
process.exit(failed ? 1 : 0);
