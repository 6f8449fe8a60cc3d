// Leftovers of a writer that was killed mid-write: git's lock files (`refs/**.lock`,
// `packed-refs.lock`, `HEAD.lock`, `config.lock`, and under `objects/info/` those of the
// commit-graph layers written after ref writes), our temporary index files, and object
// quarantine directories. Any of them blocks later writes (or housekeeping) forever.
//
// Each write registers itself in `<repo>/hostctl-writers/` (pid, start time, sequence) before
// git runs, and unregisters after. A record whose process is gone marks a killed writer; the
// next write to the repository then removes the leftovers — but only when no live process has
// a write in flight there (its locks are real), and none of this process's own writes is
// running on it.
import { mkdirSync, readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { currentProcess, isAlive } from '../jobs/owner.js';

const WRITERS_DIR = 'hostctl-writers';
const inFlight = new Map<string, number>();
let seq = 0;

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
  try {
    return readdirSync(join(repo, WRITERS_DIR))
      .map(parseRecord)
      .filter((r): r is WriterRecord => r !== null);
  } catch {
    return [];
  }
}

/** Removes every `*.lock` below `dir` (refs may nest). */
function removeLocksBelow(dir: string): number {
  let removed = 0;
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) removed += removeLocksBelow(p);
    else if (e.name.endsWith('.lock')) {
      rmSync(p, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Removes a dead writer's leftovers when it is safe; returns how many paths were removed. */
export function recoverRepository(repo: string): number {
  const records = listRecords(repo);
  const me = currentProcess();
  const dead = records.filter((r) => !(r.pid === me.pid && r.start === me.start) && !isAlive({ pid: r.pid, start: r.start }));
  if (dead.length === 0) return 0;
  // A live writer elsewhere: its locks are real. Leave everything for a later write.
  if (dead.length < records.length) return 0;
  let removed = removeLocksBelow(join(repo, 'refs')) + removeLocksBelow(join(repo, 'objects', 'info'));
  for (const name of ['packed-refs.lock', 'HEAD.lock', 'config.lock', 'index.lock', 'shallow.lock']) {
    try {
      statSync(join(repo, name));
      rmSync(join(repo, name), { force: true });
      removed++;
    } catch {
      // not there
    }
  }
  for (const name of safeList(repo)) {
    if (name.startsWith('hostctl-index-')) {
      rmSync(join(repo, name), { force: true });
      removed++;
    }
  }
  for (const name of safeList(join(repo, 'objects'))) {
    if (name.startsWith('incoming-') || name.startsWith('tmp_objdir')) {
      rmSync(join(repo, 'objects', name), { recursive: true, force: true });
      removed++;
    }
  }
  for (const r of dead) rmSync(join(repo, WRITERS_DIR, r.name), { force: true });
  return removed;
}

const safeList = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

function begin(repo: string): string | null {
  const running = inFlight.get(repo) ?? 0;
  if (running === 0) recoverRepository(repo);
  inFlight.set(repo, running + 1);
  const me = currentProcess();
  const record = join(repo, WRITERS_DIR, `${me.pid}-${me.start}-${seq++}`);
  try {
    mkdirSync(join(repo, WRITERS_DIR), { recursive: true });
    writeFileSync(record, '');
    return record;
  } catch {
    return null;
  }
}

function end(repo: string, record: string | null): void {
  const running = (inFlight.get(repo) ?? 1) - 1;
  if (running <= 0) inFlight.delete(repo);
  else inFlight.set(repo, running);
  if (record) {
    try {
      unlinkSync(record);
    } catch {
      // already gone
    }
  }
}

/** Runs a write to `repo` registered as in flight (and after recovering leftovers). */
export async function guardedWrite<T>(repo: string, fn: () => Promise<T>): Promise<T> {
  const record = begin(repo);
  try {
    return await fn();
  } finally {
    end(repo, record);
  }
}

export function guardedWriteSync<T>(repo: string, fn: () => T): T {
  const record = begin(repo);
  try {
    return fn();
  } finally {
    end(repo, record);
  }
}
