// Files a command writes beside their target and renames into place once complete (a download's
// `.part`). Ctrl-C ends the process with process.exit (src/cli/main.ts), so a command's own
// clean-up after a failed write never runs then; the files still pending are removed as the
// process exits instead, and an interrupted command leaves nothing half-written behind.
import { rmSync } from 'node:fs';

const pending = new Set<string>();
let listening = false;

function removePending(): void {
  for (const path of pending) {
    try {
      rmSync(path, { force: true });
    } catch {
      // Already gone, or not ours to remove any more: nothing to do on the way out.
    }
  }
}

/** Removes `path` if the process exits before the returned function is called. */
export function removedOnExit(path: string): () => void {
  pending.add(path);
  if (!listening) {
    listening = true;
    process.on('exit', removePending);
  }
  return () => {
    pending.delete(path);
  };
}
