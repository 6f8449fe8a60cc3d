// Listing a directory that may be missing or unreadable: the state's scans (leftovers,
// orphans, blob files, git writer records) treat such a directory as empty, and report what
// they find in the directories they can read.
import { readdirSync } from 'node:fs';

/** The names in `dir`, or none when it cannot be read. */
export function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
