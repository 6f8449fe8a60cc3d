// Repositories written before their owner's row exists (a new snippet's, with its first commit)
// live in `<storage>/@staging/<pid>-<start>-<time36>-….tmp` (RepositoryStore.staging) until the
// transaction that inserts the row renames them into place. A process killed in between leaves
// one behind, which no row will ever name: the core sweeps those of processes that are gone
// when it opens a state (as it does killed uploads), and doctor reports and removes them.
//
// The owner is the pid with its start time (jobs/owner.ts): serve and one-shot commands share a
// state, and a staging directory another live process is still filling must never go, while a
// pid the system has handed to another process since must not keep a leftover forever. Where
// the system does not give start times (or for names without one: git's `.init-` temporaries
// and staging names of before 2026-11-29), a live pid counts as reused only once the directory
// is older than any write takes (STAGING_SAFE_AGE_MS, by the time its name carries).
import { namesIn } from '../fs/names-in.js';
import { removePaths, type Removal } from '../fs/remove-paths.js';
import { join } from 'node:path';
import { ownerGone } from '../jobs/owner.js';

/** The staging directory of a storage, beside `@projects`, `@groups` and `@snippets` (same file system). */
export const STAGING_DIR = '@staging';

/** Past this age a staging directory of a live pid with no start time to compare is taken as abandoned. */
export const STAGING_SAFE_AGE_MS = 24 * 3_600_000;

/** `<pid>-<start>-<time36>-…` in `@staging/`. */
const STAGED = /^([1-9]\d*)-(\d*)-([0-9a-z]+)-/;
/** Left in the kind directories: `<id>.git.init-<pid>-<time36>-…` (git's empty repository written aside) and `new-<pid>-<time36>-….tmp` (earlier staging names); removals cut short: DELETING. */
const KIND_TEMP = /(?:^new-|\.git\.init-)([1-9]\d*)-([0-9a-z]+)-/;

/** `<id>.git.deleting-…` (or `.wiki.git.deleting-…`): a removal a crash cut short. */
const DELETING = /^[1-9]\d*(?:\.wiki)?\.git\.deleting-/;

function abandoned(pid: number, start: string, born: number, now: number): boolean {
  if (ownerGone({ pid, start })) return true;
  return start === '' && Number.isFinite(born) && now - born > STAGING_SAFE_AGE_MS;
}

/** Whether a name in `@staging/` is a staging directory whose process is gone. */
export function stagingAbandoned(name: string, now: number): boolean {
  const m = STAGED.exec(name);
  return m !== null && abandoned(Number(m[1]), m[2] ?? '', parseInt(m[3] ?? '', 36), now);
}

/** Whether a name in `@projects`, `@groups` or `@snippets` is a temporary of a process that is gone. */
export function kindTempAbandoned(name: string, now: number): boolean {
  if (name.endsWith('.git')) return false;
  // A repository being removed is renamed aside first (RepositoryBase.remove): its row is gone,
  // so whatever is left of it may go whoever removes it, a live remover included.
  if (DELETING.test(name)) return true;
  const m = KIND_TEMP.exec(name);
  return m !== null && abandoned(Number(m[1]), '', parseInt(m[2] ?? '', 36), now);
}

/** Staging directories of processes that are gone, in the given storage directories. */
export function abandonedStagings(storageDirs: Iterable<string>, now = Date.now()): string[] {
  const out: string[] = [];
  for (const base of storageDirs) for (const name of namesIn(join(base, STAGING_DIR))) if (stagingAbandoned(name, now)) out.push(join(base, STAGING_DIR, name));
  return out;
}

/**
 * Removes the staging directories of processes that are gone. Only
 * `@staging/` is read, which is empty but for writes in flight: opening a state never lists the
 * thousands of repositories beside it.
 */
export function sweepAbandonedStagings(storageDirs: Iterable<string>, now = Date.now()): Removal {
  // What cannot be removed (a storage mounted read-only) the caller notes for doctor (fs/sweep-record.ts); the next opening tries again.
  return removePaths(abandonedStagings(storageDirs, now));
}
