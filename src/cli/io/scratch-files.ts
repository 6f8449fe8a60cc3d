// Files a command writes beside their target and renames into place once complete (a download's
// `.part`, a backup's partial archive, a restore's scratch state). A signal ends the process
// with process.exit (io/exit-signals.ts: Ctrl-C, a `kill`, a closed terminal), so a command's
// own clean-up after a failed write never runs then; the files still pending are removed as the
// process exits instead, and an interrupted command leaves nothing half-written behind. A
// command that completes calls the returned function once its file has its name, and keeps it.
import { join } from 'node:path';
import { namesIn } from '../../core/fs/names-in.js';
import { removePaths } from '../../core/fs/remove-paths.js';

/** Paths to remove, and directories with the name prefixes of entries to remove. */
const pending = new Set<string>();
const prefixed = new Set<{ dir: string; prefix: string }>();
let listening = false;

// Through removePaths, as the sweeps of killed processes' leftovers: what cannot be removed on
// the way out is left as a killed process's would be (a backup's or restore's, the next run
// sweeps), and never turns the exit into a crash.
function removePending(): void {
  const paths = [...pending];
  for (const { dir, prefix } of prefixed) for (const name of namesIn(dir)) if (name.startsWith(prefix)) paths.push(join(dir, name));
  removePaths(paths);
}

function listen(): void {
  if (listening) return;
  listening = true;
  process.on('exit', removePending);
}

/** Removes `path` if the process exits before the returned function is called. */
export function removedOnExit(path: string): () => void {
  pending.add(path);
  listen();
  return () => {
    pending.delete(path);
  };
}

/**
 * Removes the entries of `dir` whose names start with `prefix` if the process exits before the
 * returned function is called: for files whose whole name is made elsewhere (the core names a
 * backup's partial archive with a random part), `prefix` holding this process's id.
 */
export function removedOnExitByPrefix(dir: string, prefix: string): () => void {
  const entry = { dir, prefix };
  prefixed.add(entry);
  listen();
  return () => {
    prefixed.delete(entry);
  };
}
