// Files a command writes beside their target and renames into place once complete (a download's
// `.part`, a backup's partial archive). A signal ends the process with process.exit
// (io/exit-signals.ts: Ctrl-C, a `kill`, a closed terminal), so a command's own clean-up after
// a failed write never runs then; the files still pending are removed as the process exits
// instead, and an interrupted command leaves nothing half-written behind. A command that
// completes calls the returned function once its file has its name, and keeps it.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Paths to remove, and directories with the name prefixes of entries to remove. */
const pending = new Set<string>();
const prefixed = new Set<{ dir: string; prefix: string }>();
let listening = false;

function remove(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    // Already gone, or not ours to remove any more: nothing to do on the way out.
  }
}

function removePending(): void {
  for (const path of pending) remove(path);
  for (const { dir, prefix } of prefixed) {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      // The directory is gone: so is what was in it.
    }
    for (const name of names) if (name.startsWith(prefix)) remove(join(dir, name));
  }
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
