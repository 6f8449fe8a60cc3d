// Runs the whole suite with vitest and ends with one plain summary line
// ("tests: N passed, N failed, N skipped") that any CI log reader understands.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const out = join('.tmp', 'vitest-results.json');
mkdirSync('.tmp', { recursive: true });
rmSync(out, { force: true });
const vitest = join('node_modules', 'vitest', 'vitest.mjs');
const res = spawnSync(process.execPath, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
if (existsSync(out)) {
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  process.stdout.write(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped\n`);
  if (r.numTotalTests === 0) {
    process.stdout.write('no test ran\n');
    process.exit(1);
  }
}
process.exit(res.status ?? 1);
