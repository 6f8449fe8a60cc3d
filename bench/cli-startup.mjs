// Budget: a local read command (`hostctl tokens list` on the embedded local default) within
// 1.35× the time of `node -e 0`, both measured in this run (medians, runs interleaved).
import { spawnSync } from 'node:child_process';
import { BIN, compare, report, sandbox } from './lib.mjs';
import { budgetLine, verdict } from './budget.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 40);
const box = sandbox();
try {
  const init = spawnSync(process.execPath, [BIN, 'init', '--demo'], { env: box.env, encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`init failed: ${init.stderr}`);
  // Warm the file cache once.
  spawnSync(process.execPath, [BIN, 'tokens', 'list'], { env: box.env });
  const [baseline, list, version] = compare(
    [
      { cmd: process.execPath, args: ['-e', '0'], env: box.env },
      { cmd: process.execPath, args: [BIN, 'tokens', 'list'], env: box.env },
      { cmd: process.execPath, args: [BIN, '--version'], env: box.env },
    ],
    runs,
  );
  const ratio = list / baseline;
  report(`CLI start-up (${runs} interleaved runs, medians)`, {
    'node -e 0': `${baseline.toFixed(1)} ms`,
    'hostctl --version': `${version.toFixed(1)} ms (${(version / baseline).toFixed(2)}×)`,
    'hostctl tokens list (local)': `${list.toFixed(1)} ms`,
    'ratio tokens list / node -e 0': `${ratio.toFixed(2)}× (budget 1.35×: ${ratio <= 1.35 ? 'within' : 'OVER'})`,
  });
  budgetLine('local read command (tokens list) / node -e 0', `${list.toFixed(1)} ms = ${ratio.toFixed(2)}×`, `${baseline.toFixed(1)} ms`, '≤ 1.35×', verdict(ratio <= 1.35));
} finally {
  box.cleanup();
}
