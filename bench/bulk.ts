// --from-file: what running a verb once per record costs, against two baselines measured in this
// run (rounds interleaved, medians):
// - the floor: the same creates sent straight to the core in-process, one request each, with no
//   CLI around them (what any per-record run must pay). hostctl's run also starts a process,
//   checks every record first (a dry run of each, its reads sent) and keeps each result. Budget:
//   its rate ≥ 0.5× of the floor's.
// - the way without it: one `hostctl milestones create` process per record (a shell loop).
//   Budget: a record of the file run ≥ 10× faster than a process of the loop.
// Milestones are rows only (no git), so the CLI's own share is as large as it gets.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openCore } from '../src/core/app.js';
import { call, median, quietState } from './core-requests.js';
import { budgetLine, verdict } from './budget.mjs';

const RECORDS = Number(process.env.BENCH_BULK_RECORDS ?? 1000);
const PROCESSES = Number(process.env.BENCH_BULK_PROCESSES ?? 20);
const ROUNDS = Number(process.env.BENCH_BULK_ROUNDS ?? 3);

const BIN = join(resolve(import.meta.dirname, '..'), 'bin', 'hostctl.js');
const dir = mkdtempSync(join(tmpdir(), 'hostctl-bench-'));
try {
  const state = join(dir, 'state');
  const { core, rootToken } = quietState(state);
  const project = (await call(core, rootToken, 'POST', '/projects', { name: 'bulk' })) as { id: number };
  core.close();
  const env: NodeJS.ProcessEnv = { ...process.env, HOSTCTL_CONFIG_DIR: join(dir, 'config'), HOSTCTL_STATE: state, HOSTCTL_TOKEN: rootToken, NO_COLOR: '1' };
  delete env.HOSTCTL_CONTEXT;
  delete env.HOSTCTL_URL;
  const hostctl = (args: string[]) => {
    const start = process.hrtime.bigint();
    const res = spawnSync(process.execPath, [BIN, ...args], { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (res.status !== 0) throw new Error(`hostctl ${args.join(' ')} failed (${String(res.status)}): ${res.stderr.slice(-2000)}`);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };

  const floorMs: number[] = [];
  const bulkMs: number[] = [];
  const processMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // The floor: the same requests, in-process, on a core opened for them (its opening not timed).
    const floorCore = openCore({ stateDir: state, log: () => undefined });
    try {
      const start = process.hrtime.bigint();
      for (let i = 0; i < RECORDS; i++) await call(floorCore, rootToken, 'POST', `/projects/${project.id}/milestones`, { title: `floor-${round}-${i}` });
      floorMs.push(Number(process.hrtime.bigint() - start) / 1e6);
    } finally {
      floorCore.close();
    }
    const file = join(dir, `records-${round}.jsonl`);
    writeFileSync(file, Array.from({ length: RECORDS }, (_, i) => `${JSON.stringify({ title: `bulk-${round}-${i}`, description: 'made by --from-file' })}\n`).join(''));
    bulkMs.push(hostctl(['milestones', 'create', '-R', String(project.id), '--from-file', file, '-o', 'jsonl']));
    const each: number[] = [];
    for (let i = 0; i < PROCESSES; i++) each.push(hostctl(['milestones', 'create', '-R', String(project.id), '--title', `process-${round}-${i}`, '--description', 'made by one process']));
    processMs.push(median(each));
  }
  const floorRate = (RECORDS * 1000) / median(floorMs);
  const bulkRate = (RECORDS * 1000) / median(bulkMs);
  const perRecord = median(bulkMs) / RECORDS;
  const perProcess = median(processMs);
  process.stdout.write(
    [
      `--from-file (${RECORDS.toLocaleString('en')} milestone creates, ${ROUNDS} rounds, medians)`,
      `  floor, in-process requests: ${median(floorMs).toFixed(0)} ms = ${floorRate.toFixed(0)}/s`,
      `  hostctl milestones create --from-file: ${median(bulkMs).toFixed(0)} ms = ${bulkRate.toFixed(0)}/s (${perRecord.toFixed(2)} ms a record, start-up and the checking pass included)`,
      `  one hostctl process per record: ${perProcess.toFixed(1)} ms each (median of ${PROCESSES} per round)`,
      '',
    ].join('\n'),
  );
  const ratio = bulkRate / floorRate;
  budgetLine(`--from-file, ${RECORDS.toLocaleString('en')} creates / the same requests in-process: rate`, `${bulkRate.toFixed(0)}/s = ${ratio.toFixed(2)}×`, `${floorRate.toFixed(0)}/s`, '≥ 0.5×', verdict(ratio >= 0.5));
  const speedup = perProcess / perRecord;
  budgetLine('--from-file, a record / one process per record (a shell loop)', `${perRecord.toFixed(2)} ms = ${speedup.toFixed(0)}× faster`, `${perProcess.toFixed(1)} ms`, '≥ 10×', verdict(speedup >= 10));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
