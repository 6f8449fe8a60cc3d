// Opt-in setup file that records the CPU each test file costs, its worker's own time and the
// time of the child processes it waited for (git, the CLI as a process, serve), to the file
// named by HOSTCTL_TEST_CPU_LOG, one JSON line per test file. Wall time on a shared machine says
// more about the neighbours than about a file; these counts do not.
//   HOSTCTL_TEST_CPU_LOG=.tmp/cpu.jsonl npx vitest run --setupFiles test/helpers/cpu-per-file.ts
// Linux only (it reads /proc/self/stat); elsewhere it records nothing.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';

const TICK = 100; // USER_HZ, 100 on every Linux vitest runs on

function times(): { user: number; sys: number; childUser: number; childSys: number } | null {
  if (!existsSync('/proc/self/stat')) return null;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields after the command name (which may hold spaces): state is field 3, utime 14 … cstime 17.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: +f[11] / TICK, sys: +f[12] / TICK, childUser: +f[13] / TICK, childSys: +f[14] / TICK };
}

// Evaluated when the test file's run starts (setup files run before each file), so the file's
// imports count too.
const start = times();
const started = Date.now();

afterAll(() => {
  const log = process.env.HOSTCTL_TEST_CPU_LOG;
  const end = times();
  if (!log || !start || !end) return;
  const d = (k: keyof typeof start) => +(end[k] - start[k]).toFixed(2);
  const row = { file: expect.getState().testPath, wall: (Date.now() - started) / 1000, user: d('user'), sys: d('sys'), childUser: d('childUser'), childSys: d('childSys'), pid: process.pid };
  appendFileSync(log, JSON.stringify(row) + '\n');
});
