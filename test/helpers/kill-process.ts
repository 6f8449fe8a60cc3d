// Killing a process the test did not start (a detached worker, known by the pid in its marker
// file). SIGKILL is delivered asynchronously: right after kill() returns the process may still
// be running (on a busy machine, for tens of milliseconds), so a worker started next would see
// the claim's owner alive and leave the move alone. The tests wait for what the system says.
import { isAlive } from '../../src/core/jobs/owner.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** True once the process has ended: gone, or a zombie (ended, not yet reaped). */
export const processEnded = (pid: number): boolean => !isAlive({ pid, start: '' });

/** Sends SIGKILL to pid and resolves once the process has ended; throws if it never does. */
export async function killAndWaitEnded(pid: number, timeoutMs = 20_000): Promise<void> {
  try {
    process.kill(pid, 'SIGKILL');
  } catch (error) {
    if ((error as { code?: string }).code !== 'ESRCH') throw error;
  }
  const until = Date.now() + timeoutMs;
  while (!processEnded(pid)) {
    if (Date.now() > until) throw new Error(`process ${pid} still runs ${timeoutMs} ms after SIGKILL`);
    await sleep(20);
  }
}
