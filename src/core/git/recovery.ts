// Leftovers of a writer that was killed mid-write: git's lock files (`refs/**.lock`,
// `packed-refs.lock`, `HEAD.lock`, `config.lock`, and under `objects/info/` those of the
// commit-graph layers written after ref writes), our temporary index files, and object
// quarantine directories. Any of them blocks later writes (or housekeeping) forever.
//
// Each writing process registers itself in `<repo>/hostctl-writers/` (pid, start time,
// sequence) before its first write there, and keeps the record while its writes keep coming:
// it is removed a moment after the last one ends (KEEP_MS), and when the process exits. A
// record whose process is gone marks a killed writer; the next write to the repository then
// removes the leftovers — but only when no other live process is registered there (its locks
// may be real), and none of this process's own writes is running on it. Keeping the record
// between writes spares each write a file created and removed (two journal updates that a
// loaded disk makes as slow as the ref write itself). The same records tell a reader measuring
// the repository (its kept size and commit count) whether a write may be under way there.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { currentProcess, isAlive, ownerGone } from '../jobs/owner.js';
import { namesIn } from '../fs/names-in.js';

/** The directory of writer records inside a repository. */
export const WRITERS_DIR = 'hostctl-writers';
const inFlight = new Map<string, number>();
let seq = 0;
/** How long this process's record stays after its last write in a repository ends. */
const KEEP_MS = 1000;
/** This process's record per repository, and the timer that removes it once writes stop. */
const kept = new Map<string, { path: string; timer: NodeJS.Timeout | null }>();
let exitHooked = false;

interface WriterRecord {
  name: string;
  pid: number;
  start: string;
}

function parseRecord(name: string): WriterRecord | null {
  const m = /^(\d+)-([^-]*)-\d+$/.exec(name);
  return m ? { name, pid: Number(m[1]), start: m[2] ?? '' } : null;
}

function listRecords(repo: string): WriterRecord[] {
  return namesIn(join(repo, WRITERS_DIR))
    .map(parseRecord)
    .filter((r): r is WriterRecord => r !== null);
}

/** Lock files git leaves in a repository when a writer dies (what recoverRepository removes; doctor lists them). */
export function gitLockFiles(repo: string): string[] {
  const out: string[] = [];
  // Refs may nest.
  const below = (dir: string): void => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory()) below(p);
      else if (e.name.endsWith('.lock')) out.push(p);
    }
  };
  below(join(repo, 'refs'));
  below(join(repo, 'objects', 'info'));
  for (const name of ['packed-refs.lock', 'HEAD.lock', 'config.lock', 'index.lock', 'shallow.lock']) if (existsSync(join(repo, name))) out.push(join(repo, name));
  return out;
}

/** Removes a dead writer's leftovers when it is safe; returns how many paths were removed. */
export function recoverRepository(repo: string): number {
  const me = currentProcess();
  // This process's own record (kept between its writes) says nothing of other processes.
  const others = listRecords(repo).filter((r) => !(r.pid === me.pid && r.start === me.start));
  const dead = others.filter((r) => ownerGone({ pid: r.pid, start: r.start }));
  if (dead.length === 0) return 0;
  // A live writer elsewhere: its locks may be real. Leave everything for a later write.
  if (dead.length < others.length) return 0;
  let removed = 0;
  for (const lock of gitLockFiles(repo)) {
    rmSync(lock, { force: true });
    removed++;
  }
  for (const name of namesIn(repo)) {
    if (name.startsWith('hostctl-index-')) {
      rmSync(join(repo, name), { force: true });
      removed++;
    }
  }
  for (const name of namesIn(join(repo, 'objects'))) {
    if (name.startsWith('incoming-') || name.startsWith('tmp_objdir')) {
      rmSync(join(repo, 'objects', name), { recursive: true, force: true });
      removed++;
    }
  }
  for (const r of dead) rmSync(join(repo, WRITERS_DIR, r.name), { force: true });
  return removed;
}


function begin(repo: string): void {
  const running = inFlight.get(repo) ?? 0;
  if (running === 0) recoverRepository(repo);
  inFlight.set(repo, running + 1);
  const held = kept.get(repo);
  if (held?.timer) {
    clearTimeout(held.timer);
    held.timer = null;
  }
  // Still there? (A repository removed and made again at the same path lost it.)
  if (held && statSync(held.path, { throwIfNoEntry: false })) return;
  const me = currentProcess();
  const record = join(repo, WRITERS_DIR, `${me.pid}-${me.start}-${seq++}`);
  try {
    mkdirSync(join(repo, WRITERS_DIR), { recursive: true });
    writeFileSync(record, '');
  } catch {
    kept.delete(repo);
    return;
  }
  kept.set(repo, { path: record, timer: null });
  if (!exitHooked) {
    exitHooked = true;
    process.on('exit', dropAllRecords);
  }
}

function dropRecord(repo: string): void {
  const held = kept.get(repo);
  if (!held || (inFlight.get(repo) ?? 0) > 0) return;
  kept.delete(repo);
  try {
    unlinkSync(held.path);
  } catch {
    // already gone
  }
}

function dropAllRecords(): void {
  for (const repo of [...kept.keys()]) dropRecord(repo);
}

function end(repo: string): void {
  const running = (inFlight.get(repo) ?? 1) - 1;
  if (running > 0) {
    inFlight.set(repo, running);
    return;
  }
  inFlight.delete(repo);
  const held = kept.get(repo);
  if (!held) return;
  if (held.timer) clearTimeout(held.timer);
  held.timer = setTimeout(() => dropRecord(repo), KEEP_MS);
  held.timer.unref();
}

/**
 * Whether a write to `repo` may be under way, or may have been under way a moment ago: one of
 * this process's own is running there, or another live process keeps its record there (records
 * stay a moment after a write ends, so this errs towards yes). A record whose process is gone
 * says no: a killed writer writes nothing more. What is kept about a repository (its size, its
 * commit count: repositories/repository-sizes.ts) is stored only when this says no.
 */
export function writeUnderWay(repo: string, recordNames?: readonly string[]): boolean {
  if ((inFlight.get(repo) ?? 0) > 0) return true;
  const me = currentProcess();
  // `recordNames`: the names in WRITERS_DIR as the caller just read them (a size's walk does).
  const records = recordNames ? recordNames.map(parseRecord).filter((r): r is WriterRecord => r !== null) : listRecords(repo);
  return records.some((r) => !(r.pid === me.pid && r.start === me.start) && isAlive({ pid: r.pid, start: r.start }));
}

/**
 * Removes this process's record in `repo` at once, unless a write of its own runs there: for a
 * repository about to be renamed to another path (a staged one put in place), where the record
 * would otherwise stay, keeping other processes from measuring it for as long as this one lives.
 */
export const releaseWriterRecord = dropRecord;

/** Removes this process's records at once (its writes have ended): for tests and shutdown. */
export const releaseWriterRecords = dropAllRecords;

/** Runs a write to `repo` registered as in flight (and after recovering leftovers). */
export async function guardedWrite<T>(repo: string, fn: () => Promise<T>): Promise<T> {
  begin(repo);
  try {
    return await fn();
  } finally {
    end(repo);
  }
}

export function guardedWriteSync<T>(repo: string, fn: () => T): T {
  begin(repo);
  try {
    return fn();
  } finally {
    end(repo);
  }
}
