// Sweeps of what killed processes left (upload temporaries, staging repositories, half-removed
// repositories): each path is removed on its own, and one that cannot be (a storage mounted
// read-only, a foreign file) is left for the next sweep, which finds it again.
import { rmSync } from 'node:fs';

/** Removes each path (a file or a directory tree); returns those removed. */
export function removePaths(paths: readonly string[]): string[] {
  const removed: string[] = [];
  for (const path of paths) {
    try {
      rmSync(path, { recursive: true, force: true });
      removed.push(path);
    } catch {
      // Left for the next sweep.
    }
  }
  return removed;
}
