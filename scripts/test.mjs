// Typechecks and runs the whole suite with vitest, and ends with one plain summary line
// ("tests: N passed, N failed, N skipped") that any CI log reader understands.
//
// The typecheck (tsc, one thread) runs beside vitest rather than before it, at a lower priority:
// on two cores it takes the CPU the test workers leave idle (start-up, tests waiting on a
// process or a timer) instead of adding its own twenty-odd seconds in front of the suite.
// Its output is held until the tests end, so the two never interleave; either failing fails
// the run. `--no-typecheck` leaves it out (a targeted run: `node scripts/test.mjs --no-typecheck FILE`).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const typecheck = !args.includes('--no-typecheck');
const vitestArgs = args.filter((a) => a !== '--no-typecheck');

const out = join('.tmp', 'vitest-results.json');
mkdirSync('.tmp', { recursive: true });
rmSync(out, { force: true });

/** Runs a node script; resolves to its exit status (signals count as failure). */
function run(script, scriptArgs, options) {
  const child = spawn(process.execPath, [script, ...scriptArgs], options);
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const done = new Promise((resolve) => {
    child.on('error', (e) => resolve({ status: 1, output: `${output}${e.message}\n` }));
    child.on('close', (code) => resolve({ status: code ?? 1, output }));
  });
  return { child, done };
}

let tsc;
if (typecheck) {
  tsc = run(join('node_modules', 'typescript', 'bin', 'tsc'), ['--noEmit', '-p', 'tsconfig.json'], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    // Niceness 10: the tests come first whenever both want a core.
    if (tsc.child.pid !== undefined) setPriority(tsc.child.pid, 10);
  } catch {
    // Without permission to lower it, tsc shares the cores evenly; the result is the same.
  }
}

const vitest = run(join('node_modules', 'vitest', 'vitest.mjs'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...vitestArgs], { stdio: 'inherit' });
const tests = await vitest.done;
const checked = tsc ? await tsc.done : { status: 0, output: '' };

if (tsc) {
  process.stdout.write(checked.output);
  process.stdout.write(checked.status === 0 ? '\ntypecheck: no errors\n' : `\ntypecheck: failed (tsc exit ${checked.status})\n`);
}
let status = tests.status;
if (existsSync(out)) {
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  process.stdout.write(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped\n`);
  if (r.numTotalTests === 0) {
    process.stdout.write('no test ran\n');
    status = 1;
  }
}
process.exit(status !== 0 ? status : checked.status);
