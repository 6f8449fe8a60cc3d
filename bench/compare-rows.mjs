// Compares the budget rows of two bench tables (docs/benchmarks.md as `npm run bench` writes it,
// or a run's saved output): which rows (script and budget name) one has and the other lacks.
// For checking that a change to the benches keeps every budget. Exits 1 when a row of the first
// is missing from the second.
//   node bench/compare-rows.mjs BEFORE.md AFTER.md
//   node bench/compare-rows.mjs <(git show main:docs/benchmarks.md) docs/benchmarks.md
import { readFileSync } from 'node:fs';

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  process.stderr.write('usage: node bench/compare-rows.mjs BEFORE.md AFTER.md\n');
  process.exit(2);
}

/** The rows of the last budget table in `text`, as "script | budget". */
function rows(text) {
  const tables = text.split(/\n(?=\| script )/).slice(1);
  const last = tables.at(-1) ?? '';
  const names = [];
  for (const line of last.split('\n')) {
    if (!line.startsWith('|')) break;
    const cells = line.split('|').map((c) => c.trim());
    if (cells[1] === 'script' || /^-+$/.test(cells[1] ?? '')) continue;
    names.push(`${cells[1]} | ${cells[2]}`);
  }
  return names;
}

const a = rows(readFileSync(before, 'utf8'));
const b = rows(readFileSync(after, 'utf8'));
const inB = new Set(b);
const inA = new Set(a);
const missing = a.filter((r) => !inB.has(r));
const added = b.filter((r) => !inA.has(r));
for (const r of missing) process.stdout.write(`missing: ${r}\n`);
for (const r of added) process.stdout.write(`added:   ${r}\n`);
process.stdout.write(`${a.length} rows before, ${b.length} after: ${missing.length} missing, ${added.length} added\n`);
process.exit(missing.length ? 1 : 0);
