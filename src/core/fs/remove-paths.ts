// The one removal of what killed processes left (upload temporaries, staging repositories,
// half-removed repositories, backup and restore scratch, a signalled command's half-written
// files): each path is removed on its own, and one that cannot be (a storage mounted read-only, a
// foreign file, a directory a writer still adds to) is left for the next sweep, which finds it
// again. A failed removal of a leftover never fails the command or the opening of a state; it is
// returned with its reason, for doctor to report.
import { rmSync } from 'node:fs';

export interface RemovalFailure {
  path: string;
  /** The error's code (EACCES, EBUSY, ENOTEMPTY, …), or its message when it has none. */
  reason: string;
}

export interface Removal {
  removed: string[];
  failed: RemovalFailure[];
}

/**
 * A directory that gained an entry after it was listed (a write of this process's I/O threads
 * still landing as it exits) is listed again, this many times in all: rmSync's own retries
 * only repeat the rmdir.
 */
const ATTEMPTS = 3;

function removeOne(path: string): void {
  for (let attempt = 1; ; attempt++) {
    try {
      rmSync(path, { recursive: true, force: true });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY' || attempt === ATTEMPTS) throw error;
    }
  }
}

/** Removes each path (a file or a directory tree, none is no error); never throws. */
export function removePaths(paths: readonly string[]): Removal {
  const out: Removal = { removed: [], failed: [] };
  for (const path of paths) {
    try {
      removeOne(path);
      out.removed.push(path);
    } catch (error) {
      out.failed.push({ path, reason: (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error)) });
    }
  }
  return out;
}
