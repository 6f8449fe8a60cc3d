// Removals the file system refuses, for the tests of the sweeps of killed processes' leftovers.
// A directory without write permission keeps what is in it; root passes over modes, so where the
// tests run as root, the removal runs as nobody: in this process through its effective uid (for
// one synchronous call, given back after), or as a process started as nobody. The refusal is the
// kernel's own EACCES; nothing of ours is replaced.
import { chmodSync, existsSync, lchownSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const NOBODY = 65534;

const isRoot = (): boolean => process.geteuid?.() === 0;

/** A temporary directory nobody may enter and write in (what a test plants must be reachable). */
export function reachableTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o777);
  return dir;
}

/** Makes `dirs` (and what the test writes in them) open to nobody: modes 0777. */
export function openToNobody(...dirs: string[]): void {
  for (const dir of dirs) {
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o777);
  }
}

/**
 * A leftover directory at `path` that cannot be removed whole: it holds `locked/`, a directory
 * without write permission holding a file. `release` gives it its write permission back (if
 * it is still there).
 */
export function plantUnremovable(path: string): { release: () => void } {
  const locked = join(path, 'locked');
  openToNobody(path, locked);
  writeFileSync(join(locked, 'held'), 'held by a directory that is not writable');
  chmodSync(locked, 0o555);
  return {
    release: () => {
      if (existsSync(locked)) chmodSync(locked, 0o777);
    },
  };
}

/** A leftover directory at `path` holding a file, which nobody can remove. */
export function plantRemovable(path: string): void {
  openToNobody(path);
  writeFileSync(join(path, 'left'), 'left by a killed process');
}

/** Runs the synchronous `fn` as nobody where this process is root (as itself otherwise). */
export function asNobody<T>(fn: () => T): T {
  const seteuid = process.seteuid;
  if (!isRoot() || !seteuid) return fn();
  seteuid(NOBODY);
  try {
    return fn();
  } finally {
    seteuid(0);
  }
}

/** execa/spawn options that start a process as nobody where this one is root. */
export const nobodyProcess = (): { uid?: number; gid?: number } => (isRoot() ? { uid: NOBODY, gid: NOBODY } : {});

/** Gives the tree at `path` to nobody where this process is root (a state a process started as nobody works on). */
export function giveToNobody(path: string): void {
  if (!isRoot()) return;
  lchownSync(path, NOBODY, NOBODY);
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory()) giveToNobody(join(path, entry.name));
    else lchownSync(join(path, entry.name), NOBODY, NOBODY);
  }
}

/**
 * Takes every write permission away from the tree at `path` (directories 0555, files 0444): a
 * state its owner (nobody, where this process is root: giveToNobody first) can read but not write.
 */
export function makeReadOnly(path: string): void {
  const isDir = statSync(path).isDirectory();
  if (isDir) for (const entry of readdirSync(path)) makeReadOnly(join(path, entry));
  chmodSync(path, isDir ? 0o555 : 0o444);
}
