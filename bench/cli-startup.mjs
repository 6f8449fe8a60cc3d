// Budget: a local read command (`hostctl tokens list` on the embedded local default) within
// 1.35× the CPU time of `node -e 0`, both measured in this run (medians, runs interleaved; wall
// times are printed beside them). Where NODE_EXTRA_CA_CERTS is set, Node parses those
// certificates at every start, `node -e 0` included: the ratio is given both with the
// environment as it is and without that variable, each against its own baseline. Beside them,
// the floor (bench/startup-floor.cjs: the SQLite addon alone opening the same state, one query,
// its rows printed) shows what any Node program answering from this state pays at start.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  const state = join(box.dir, 'data', 'hostctl', 'state.db');
  if (!existsSync(state)) throw new Error(`no state at ${state}`);
  const floor = [fileURLToPath(new URL('startup-floor.cjs', import.meta.url)), state];
  const bare = withoutExtraCerts(box.env);
  const [baseline, list, version, floorRun, bareBaseline, bareList, bareFloor] = compare(
    [
      { cmd: process.execPath, args: ['-e', '0'], env: box.env },
      { cmd: process.execPath, args: [BIN, 'tokens', 'list'], env: box.env },
      { cmd: process.execPath, args: [BIN, '--version'], env: box.env },
      { cmd: process.execPath, args: floor, env: box.env },
      ...(bare
        ? [
            { cmd: process.execPath, args: ['-e', '0'], env: bare },
            { cmd: process.execPath, args: [BIN, 'tokens', 'list'], env: bare },
            { cmd: process.execPath, args: floor, env: bare },
          ]
        : []),
    ],
    runs,
  );
  const certs = bare ? ` (NODE_EXTRA_CA_CERTS set: ${Math.round(statSync(box.env.NODE_EXTRA_CA_CERTS).size / 1024)} KiB parsed by every Node process)` : '';
  report(`CLI start-up (${runs} interleaved runs, medians)${certs}`, {
    'node -e 0': timesText(baseline),
    'hostctl --version': timesText(version, baseline),
    'floor: addon, open, one query, print': timesText(floorRun, baseline),
    'hostctl tokens list (local)': timesText(list, baseline),
    [`ratio tokens list / node -e 0 (CPU)`]: startupRatioText(list, baseline, BUDGET),
    ...(bare
      ? {
          'without NODE_EXTRA_CA_CERTS: node -e 0': timesText(bareBaseline),
          'without NODE_EXTRA_CA_CERTS: floor': timesText(bareFloor, bareBaseline),
          'without NODE_EXTRA_CA_CERTS: tokens list': timesText(bareList, bareBaseline),
        }
      : {}),
  });
  startupBudgetLine('local read command (tokens list) / node -e 0, CPU time', list, baseline, BUDGET);
  if (bare) startupBudgetLine('local read command (tokens list) / node -e 0, CPU time, without NODE_EXTRA_CA_CERTS', bareList, bareBaseline, BUDGET);
  // What any Node program answering from this state pays (information): the budget above leaves
  // hostctl's own code the difference.
  startupBudgetLine(`floor of that read (the SQLite addon alone: open, one query, print) / node -e 0 (information${bare ? ', without NODE_EXTRA_CA_CERTS' : ''})`, bare ? bareFloor : floorRun, bare ? bareBaseline : baseline);
} finally {
  box.cleanup();
}
