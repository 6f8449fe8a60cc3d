import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { currentProcess, isAlive, ownerGone, startTimeOf } from './owner.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stateOf = (pid: number): string | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
};

const parents: number[] = [];
afterEach(() => {
  for (const pid of parents.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

describe.runIf(process.platform === 'linux')('a process owner', () => {
  it('is alive while it runs, with the start time it recorded', () => {
    expect(isAlive(currentProcess())).toBe(true);
    expect(isAlive({ pid: process.pid, start: '' })).toBe(true);
  });

  it('is gone when the pid now names a process started at another time', () => {
    const start = startTimeOf(process.pid);
    expect(start).not.toBe('');
    expect(ownerGone({ pid: process.pid, start: String(Number(start) + 1) })).toBe(true);
  });

  it('is gone once it has ended, even while its parent has not reaped it (a zombie)', async () => {
    // The shell starts a child, then becomes `sleep`, which never waits for it; the child ends
    // only once its parent is `sleep` (a shell still running could reap it first, as it did on a
    // loaded machine), and stays a zombie of a live parent, as a killed worker does under an init
    // that does not reap.
    const child = `until [ "$(cat /proc/$PPID/comm)" = sleep ]; do sleep 0.01; done`;
    const parent = spawn('sh', ['-c', `sh -c '${child}' & echo $!; exec sleep 30`], { stdio: ['ignore', 'pipe', 'ignore'] });
    parents.push(parent.pid!);
    const pid = await new Promise<number>((resolve) => parent.stdout!.once('data', (d: Buffer) => resolve(Number(String(d).trim()))));
    const until = Date.now() + 20_000;
    while (stateOf(pid) !== 'Z' && Date.now() < until) await sleep(10);
    expect(stateOf(pid)).toBe('Z');
    // It still answers signal 0, so a pid check alone would call it alive.
    expect(() => process.kill(pid, 0)).not.toThrow();
    expect(isAlive({ pid, start: '' })).toBe(false);
    expect(ownerGone({ pid, start: startTimeOf(pid) })).toBe(true);
  });
});
