// Budget: a local read command (`hostctl tokens list` on the embedded local default) within
// 1.35× the CPU time of `node -e 0`, both measured in this run (medians, runs interleaved; wall
// times are printed beside them). Where NODE_EXTRA_CA_CERTS is set, Node parses those
// certificates at every start, `node -e 0` included: the ratio is given both with the
// environment as it is and without that variable, each against its own baseline.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { BIN, compare, report, sandbox, timesText, withoutExtraCerts } from './lib.mjs';
import { startupBudgetLine, startupRatioText } from './budget.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 40);
const BUDGET = 1.35;
const box = sandbox();
try {
  const init = spawnSync(process.execPath, [BIN, 'init', '--demo'], { env: box.env, encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`init failed: ${init.stderr}`);
  // Warm the file cache once.
  spawnSync(process.execPath, [BIN, 'tokens', 'list'], { env: box.env });
  const bare = withoutExtraCerts(box.env);
  const [baseline, list, version, bareBaseline, bareList] = compare(
    [
      { cmd: process.execPath, args: ['-e', '0'], env: box.env },
      { cmd: process.execPath, args: [BIN, 'tokens', 'list'], env: box.env },
      { cmd: process.execPath, args: [BIN, '--version'], env: box.env },
      ...(bare
        ? [
            { cmd: process.execPath, args: ['-e', '0'], env: bare },
            { cmd: process.execPath, args: [BIN, 'tokens', 'list'], env: bare },
          ]
        : []),
    ],
    runs,
  );
  const certs = bare ? ` (NODE_EXTRA_CA_CERTS set: ${Math.round(statSync(box.env.NODE_EXTRA_CA_CERTS).size / 1024)} KiB parsed by every Node process)` : '';
  report(`CLI start-up (${runs} interleaved runs, medians)${certs}`, {
    'node -e 0': timesText(baseline),
    'hostctl --version': timesText(version, baseline),
    'hostctl tokens list (local)': timesText(list, baseline),
    [`ratio tokens list / node -e 0 (CPU)`]: startupRatioText(list, baseline, BUDGET),
    ...(bare
      ? {
          'without NODE_EXTRA_CA_CERTS: node -e 0': timesText(bareBaseline),
          'without NODE_EXTRA_CA_CERTS: tokens list': timesText(bareList, bareBaseline),
        }
      : {}),
  });
  startupBudgetLine('local read command (tokens list) / node -e 0, CPU time', list, baseline, BUDGET);
  if (bare) startupBudgetLine('local read command (tokens list) / node -e 0, CPU time, without NODE_EXTRA_CA_CERTS', bareList, bareBaseline, BUDGET);
} finally {
  box.cleanup();
}
