// Scratch space of backup and restore inside a state (`<state>/tmp/<kind>-<pid>-<random>`):
// on the state's own file system, private, and removed by the next run (or `doctor --fix`)
// when the process that made it is gone. Entries beside a target (`.<name>.<kind>-<pid>-<random>`:
// a backup's partial archive, a restore's scratch state) are named and swept here too. The
// names are made here alone: the CLI removes this process's entries when a signal ends it. The
// sweeps remove through removePaths: a leftover that cannot be removed is left for the next
// sweep (and doctor's report), never a failure of the backup or restore that found it.
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { pidAlive } from '../jobs/owner.js';
import { namesIn } from '../fs/names-in.js';
import { removePaths, type Removal } from '../fs/remove-paths.js';

export const scratchRoot = (stateDir: string): string => join(stateDir, 'tmp');

/** What the names of a process's scratch directories of `kind` begin with. */
export const scratchPrefix = (kind: string, pid = process.pid): string => `${kind}-${pid}-`;

export type BesideKind = 'partial' | 'restoring' | 'replaced' | 'checking';

/** What the names of a process's entries of `kind` beside `target` begin with (the directory is `target`'s). */
export const besidePrefix = (target: string, kind: BesideKind, pid: number | '' = process.pid): string => `.${basename(target)}.${kind}-${pid}${pid === '' ? '' : '-'}`;

/** A fresh name for an entry of this process of `kind` beside `target`. */
export const besidePath = (target: string, kind: BesideKind): string => join(dirname(target), `${besidePrefix(target, kind)}${randomBytes(4).toString('hex')}`);

export function scratchDir(stateDir: string, kind: string): string {
  const dir = join(scratchRoot(stateDir), `${scratchPrefix(kind)}${randomBytes(4).toString('hex')}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}


/** Scratch directories whose process is gone. */
export function deadScratch(stateDir: string): string[] {
  return namesIn(scratchRoot(stateDir)).filter((n) => {
    const pid = Number(/^[a-z]+-(\d+)-/.exec(n)?.[1]);
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && !pidAlive(pid);
  }).map((n) => join(scratchRoot(stateDir), n));
}

/** Removes the scratch directories whose process is gone. */
export const sweepScratch = (stateDir: string): Removal => removePaths(deadScratch(stateDir));

/**
 * Removes `.<name>.<kind>-<pid>-<random>` entries beside `target` whose process is gone: the
 * half-written archive of a killed backup, the scratch state of a killed restore, or the
 * database copy of a killed `restore --check`.
 */
export const sweepBeside = (target: string, kind: 'partial' | 'restoring' | 'checking'): Removal => removePaths(deadBeside(target, kind));

/** Entries beside `target` of `kind` whose process is gone. */
export function deadBeside(target: string, kind: BesideKind): string[] {
  const dir = dirname(target);
  const prefix = besidePrefix(target, kind, '');
  return namesIn(dir)
    .filter((n) => {
      if (!n.startsWith(prefix)) return false;
      const pid = Number(n.slice(prefix.length).split('-')[0]);
      return Number.isInteger(pid) && pid > 0 && pid !== process.pid && !pidAlive(pid);
    })
    .map((n) => join(dir, n));
}
