// Uploads stream into `<state>/blobs/tmp/<pid>-<random>` until they are complete. A process
// killed mid-upload (kill -9, a crash, power loss) leaves its file behind, which may be as large
// as the largest upload allowed: files of processes that are gone are removed when a state is
// opened (and before each upload), never those of a live process.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export const uploadTempDir = (stateDir: string): string => join(stateDir, 'blobs', 'tmp');

/** Removes upload temporaries whose process is gone; returns how many. A missing directory is none. */
export function sweepAbandonedUploads(stateDir: string): number {
  const dir = uploadTempDir(stateDir);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const pid = Number(name.split('-')[0]);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || isAlive(pid)) continue;
    try {
      rmSync(join(dir, name), { force: true });
      removed++;
    } catch {
      // A read-only or foreign file stays; the next opening tries again.
    }
  }
  return removed;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}
