// Scratch space of backup and restore inside a state (`<state>/tmp/<kind>-<pid>-<random>`):
// on the state's own file system, private, and removed by the next run (or `doctor --fix`)
// when the process that made it is gone.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { pidAlive } from '../jobs/owner.js';

export const scratchRoot = (stateDir: string): string => join(stateDir, 'tmp');

export function scratchDir(stateDir: string, kind: string): string {
  const dir = join(scratchRoot(stateDir), `${kind}-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}


/** Scratch directories whose process is gone. */
export function deadScratch(stateDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(scratchRoot(stateDir));
  } catch {
    return [];
  }
  return names.filter((n) => {
    const pid = Number(/^[a-z]+-(\d+)-/.exec(n)?.[1]);
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && !pidAlive(pid);
  }).map((n) => join(scratchRoot(stateDir), n));
}

export function sweepScratch(stateDir: string): number {
  const dead = deadScratch(stateDir);
  for (const d of dead) rmSync(d, { recursive: true, force: true });
  return dead.length;
}

/**
 * Removes `.<name>.<kind>-<pid>-<random>` entries beside `target` whose process is gone: the
 * half-written archive of a killed backup, or the scratch state of a killed restore.
 */
export function sweepBeside(target: string, kind: 'partial' | 'restoring'): number {
  return deadBeside(target, kind).map((p) => rmSync(p, { recursive: true, force: true })).length;
}

/** Entries beside `target` of `kind` whose process is gone. */
export function deadBeside(target: string, kind: 'partial' | 'restoring' | 'replaced' | 'checking'): string[] {
  const dir = dirname(target);
  const prefix = `.${basename(target)}.${kind}-`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => {
      if (!n.startsWith(prefix)) return false;
      const pid = Number(n.slice(prefix.length).split('-')[0]);
      return Number.isInteger(pid) && pid > 0 && pid !== process.pid && !pidAlive(pid);
    })
    .map((n) => join(dir, n));
}
