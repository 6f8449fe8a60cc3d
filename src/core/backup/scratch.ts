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
import { nameOwnerGone, ownerNamePart } from '../jobs/owner.js';
import { namesIn } from '../fs/names-in.js';
import { removePaths, type Removal } from '../fs/remove-paths.js';

export const scratchRoot = (stateDir: string): string => join(stateDir, 'tmp');

/** What the names of this process's scratch directories of `kind` begin with. */
export const scratchPrefix = (kind: string): string => `${kind}-${ownerNamePart()}`;

export type BesideKind = 'partial' | 'restoring' | 'replaced' | 'checking';

/** What the names of this process's entries of `kind` beside `target` begin with (the directory is `target`'s); `any`: anyone's. */
export const besidePrefix = (target: string, kind: BesideKind, any = false): string => `.${basename(target)}.${kind}-${any ? '' : ownerNamePart()}`;

/** A fresh name for an entry of this process of `kind` beside `target`. */
export const besidePath = (target: string, kind: BesideKind): string => join(dirname(target), `${besidePrefix(target, kind)}${randomBytes(4).toString('hex')}`);

export function scratchDir(stateDir: string, kind: string): string {
  const dir = join(scratchRoot(stateDir), `${scratchPrefix(kind)}${randomBytes(4).toString('hex')}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}


/** Scratch directories whose process is gone. */
export function deadScratch(stateDir: string): string[] {
  return namesIn(scratchRoot(stateDir))
    .filter((n) => /^[a-z]+-/.test(n) && nameOwnerGone(n.slice(n.indexOf('-') + 1)))
    .map((n) => join(scratchRoot(stateDir), n));
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
  const prefix = besidePrefix(target, kind, true);
  return namesIn(dir)
    .filter((n) => n.startsWith(prefix) && nameOwnerGone(n.slice(prefix.length)))
    .map((n) => join(dir, n));
}
