// Uploads stream into `<state>/blobs/tmp/<pid>-<random>` until they are complete. A process
// killed mid-upload (kill -9, a crash, power loss) leaves its file behind, which may be as large
// as the largest upload allowed: files of processes that are gone are removed when a state is
// opened (and before each upload that makes a temporary file), never those of a live process.
import { join } from 'node:path';
import { namesIn } from './fs/names-in.js';
import { removePaths, type Removal } from './fs/remove-paths.js';
import { noteSweep } from './fs/sweep-record.js';
import { nameOwnerGone, ownerNamePart } from './jobs/owner.js';

export const uploadTempDir = (stateDir: string): string => join(stateDir, 'blobs', 'tmp');

/** What this process's upload temporaries are named for (jobs/owner.ts: pid and start time). */
export const uploadTempPrefix = ownerNamePart;

/** Upload temporaries whose process is gone (`doctor` reports them; opening a state removes them). */
export function abandonedUploads(stateDir: string): string[] {
  const dir = uploadTempDir(stateDir);
  return namesIn(dir)
    .filter(nameOwnerGone)
    .map((name) => join(dir, name));
}

/** Removes upload temporaries whose process is gone (a missing directory is none); what could not go is noted for doctor. */
export function sweepAbandonedUploads(stateDir: string): Removal {
  return noteSweep(stateDir, removePaths(abandonedUploads(stateDir)));
}

