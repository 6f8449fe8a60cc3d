// Copying one bare repository between storages, and proving the copy equal. The copy is made
// in a temporary directory inside the destination storage and renamed into place only after it
// verified, so a half-written copy never sits where a repository is expected. The checksum
// covers HEAD and every ref with the object it names; the copy must also pass git's
// connectivity check (every object reachable from a ref is present).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { cp, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { runGit } from '../../git/exec.js';

/** Scratch directory of moves inside a storage (never a repository path). */
export const MOVES_DIR = '@moves';

export async function repositoryChecksum(path: string): Promise<string> {
  // HEAD is read as a file (a symbolic ref in a bare repository): one git process less.
  const [refs, head] = await Promise.all([runGit(path, ['for-each-ref', '--format=%(objectname) %(refname)']), readFile(join(path, 'HEAD'), 'utf8')]);
  const lines = refs.stdout.toString('utf8').split('\n').filter(Boolean).sort();
  return createHash('sha256')
    .update(`HEAD ${head.trim()}\n`)
    .update(lines.join('\n'))
    .digest('hex');
}

/** Throws when an object reachable from a ref is missing or broken. */
export async function checkConnectivity(path: string): Promise<boolean> {
  const res = await runGit(path, ['fsck', '--connectivity-only', '--no-dangling', '--no-progress'], { okCodes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
  return res.code === 0;
}

/** Removes a directory by renaming it aside first, so a crash never leaves half of it in place. */
export async function removeRepository(path: string, trashDir: string, tag: string): Promise<void> {
  if (!existsSync(path)) return;
  mkdirSync(trashDir, { recursive: true });
  const trash = join(trashDir, `trash-${tag}-${randomBytes(6).toString('hex')}`);
  await rename(path, trash);
  await rm(trash, { recursive: true, force: true });
}

export async function copyToTemp(source: string, temp: string): Promise<void> {
  await rm(temp, { recursive: true, force: true });
  mkdirSync(dirname(temp), { recursive: true });
  // Writer records name processes writing at the source (src/core/git/recovery.ts), not here.
  await cp(source, temp, { recursive: true, errorOnExist: false, force: true, preserveTimestamps: true, filter: (from) => basename(from) !== 'hostctl-writers' });
}

export async function moveIntoPlace(temp: string, target: string): Promise<void> {
  mkdirSync(dirname(target), { recursive: true });
  await rename(temp, target);
}

/** Finishes removals a killed worker left half-done (directories already renamed aside). */
export async function sweepTrash(trashDir: string): Promise<void> {
  let names: string[];
  try {
    names = readdirSync(trashDir);
  } catch {
    return;
  }
  await Promise.all(names.filter((n) => n.startsWith('trash-')).map((n) => rm(join(trashDir, n), { recursive: true, force: true })));
}
