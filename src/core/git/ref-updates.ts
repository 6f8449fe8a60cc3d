// Moving a repository's refs. A ref moves only from the value it is expected to have, so a
// concurrent change is detected instead of overwritten; failures say why (RefUpdateError) unless
// the disk is at fault. After a batch of writes the refs are packed, as git's housekeeping would
// (in this process: pack-refs.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GitCommandError, runGitSync } from './exec.js';
import { isStorageFailure } from '../http/failures.js';
import { packRefs, type PackOutcome } from './pack-refs.js';
import { RefReads } from './ref-reads.js';

/** Why a ref could not be moved. */
export type RefFailure = 'stale' | 'exists' | 'hierarchy' | 'missing' | 'other';

export class RefUpdateError extends Error {
  /**
   * What went wrong, fit to show a caller: the last clause of git's message (the operating
   * system's reason, such as "File name too long"), never the paths on disk it also names.
   */
  readonly publicReason: string;

  constructor(
    readonly ref: string,
    readonly reason: RefFailure,
    detail: string,
  ) {
    super(`could not update ${ref}: ${detail}`);
    const last = detail.split(': ').pop()?.trim() ?? '';
    this.publicReason = last === '' || last.includes('/') ? 'the reference could not be written' : last;
  }
}

/**
 * How long git waits for a ref's lock file that another writer holds (git's default is 100 ms,
 * which a concurrent writer on a loaded machine can exceed); a lock a dead writer left is removed
 * by guardedWrite before this write starts.
 */
const REF_LOCK_WAIT = ['-c', 'core.filesRefLockTimeout=5000'];

/**
 * Per repository (in this process), since its refs were last packed: how many ref writes, and
 * the objects the written refs name (the commit-graph's next layer starts from them).
 */
const sincePacked = new Map<string, { writes: number; tips: Set<string> }>();
/**
 * Refs are packed after this many writes, or after one write per this many packed refs when
 * that is more (at most MAX_PACK_EVERY). Packing rewrites every packed ref, so in a repository
 * of many refs it runs more rarely: its cost per write stays the same at any size, and the
 * loose refs it leaves between two runs stay few.
 */
const PACK_REFS_EVERY = 32;
const PACKED_PER_WRITE = 64;
const MAX_PACK_EVERY = 512;
/**
 * Why a ref write failed, as the caller's problem (RefUpdateError) — unless the disk is at
 * fault (full, read-only, permission denied): that error goes on as it is and answers 5xx.
 */
function refFailure(ref: string, error: unknown): Error {
  if (isStorageFailure(error)) return error as Error;
  const stderr = error instanceof GitCommandError ? error.stderr : String(error);
  let reason: RefFailure = 'other';
  if (/exists; cannot create|cannot process .* and .* at the same time|is a prefix of|unable to resolve reference.*Not a directory|there are still refs under/i.test(stderr)) reason = 'hierarchy';
  else if (/reference already exists/i.test(stderr)) reason = 'exists';
  else if (/but expected|is at .* but expected/i.test(stderr)) reason = 'stale';
  else if (/unable to resolve reference|does not exist|missing/i.test(stderr)) reason = 'missing';
  return new RefUpdateError(ref, reason, stderr.trim().split('\n')[0] ?? '');
}

export class RefUpdates extends RefReads {
  /**
   * Moves `ref` to `target` only if it currently is `expected` (ZERO_SHA: must not exist).
   * `existingHistory`: the target is history the repository already had (a new branch or tag
   * at an existing commit), so the commit-graph housekeeping has nothing new to start from.
   */
  async updateRef(ref: string, target: string, expected: string, options: { existingHistory?: boolean } = {}): Promise<void> {
    // Registered as a writer (so a crash's stale locks are cleaned before the next write); the
    // usual case is written here, and git handles (and words) everything else.
    await this.writing(async () => {
      if (!this.writeRefInProcess(ref, target, expected)) {
        try {
          await this.run([...REF_LOCK_WAIT, 'update-ref', ref, target, expected]);
        } catch (error) {
          throw refFailure(ref, error);
        }
      }
      await this.afterRefWrites(1, options.existingHistory ? [] : [target]);
    });
  }

  /**
   * The usual case of updateRef, done at once (inside a write turn): true when the ref was
   * written; false when git must do it (nothing was written: call updateRef). The housekeeping
   * that follows ref writes is then the caller's to run, after its turn (housekeepRefs).
   */
  updateRefNow(ref: string, target: string, expected: string): boolean {
    return this.writingSync(() => this.writeRefInProcess(ref, target, expected));
  }

  /** The housekeeping after `count` ref writes made by updateRefNow (see afterRefWrites). */
  async housekeepRefs(count: number, tips: readonly string[] = []): Promise<void> {
    // Counted at once; registered as a writer only when there is housekeeping to do.
    if (!this.countRefWrites(count, tips)) return;
    await this.writing(() => this.afterRefWrites(0));
  }

  /** Writes the usual case of a ref update in-process: true when done, false when git must. */
  private writeRefInProcess(ref: string, target: string, expected: string): boolean {
    const outcome = this.runtime.refs(this.path).write(ref, target, expected);
    if (outcome === 'exists') throw new RefUpdateError(ref, 'exists', `cannot lock ref '${ref}': reference already exists`);
    if (outcome === 'stale') throw new RefUpdateError(ref, 'stale', `cannot lock ref '${ref}': is at another commit but expected ${expected}`);
    return outcome === 'ok';
  }

  /** Counts `count` ref writes (naming `tips`); true when the refs are due to be packed. */
  private countRefWrites(count: number, tips: readonly string[]): boolean {
    let since = sincePacked.get(this.path);
    if (!since) {
      since = { writes: 0, tips: new Set() };
      sincePacked.set(this.path, since);
    }
    since.writes += count;
    for (const tip of tips) since.tips.add(tip);
    // The packed refs are counted (a look at packed-refs) only once the smallest batch is reached.
    if (since.writes < PACK_REFS_EVERY) return false;
    const every = Math.min(MAX_PACK_EVERY, Math.max(PACK_REFS_EVERY, Math.floor(this.runtime.refs(this.path).packedCount() / PACKED_PER_WRITE)));
    return since.writes >= every;
  }

  /**
   * Every ref write leaves a loose ref file, and reading many loose refs is slow; after a batch
   * of writes the refs are packed into one file (as git's own housekeeping would).
   */
  protected async afterRefWrites(count: number, tips: readonly string[] = []): Promise<void> {
    if (!this.countRefWrites(count, tips)) return;
    const since = sincePacked.get(this.path);
    if (!since) return;
    sincePacked.delete(this.path);
    // Packed here rather than by a git process (see pack-refs.ts); git packs what this does not
    // handle. A failure leaves the refs as they were (loose), as a failed `git pack-refs` would.
    let packed: PackOutcome;
    try {
      packed = packRefs(this.path);
    } catch {
      // The disk refused (full, read-only): what was written is undone; git may say why.
      packed = 'fallback';
    }
    if (packed === 'busy') {
      // Another writer is rewriting packed-refs: the next write here tries again.
      sincePacked.set(this.path, since);
      return;
    }
    if (packed === 'fallback') await this.run(['pack-refs', '--all'], { okCodes: [1, 128] });
    // The same housekeeping keeps history walks (logs, counts) cheap: the commits new since the
    // last run join the commit-graph in a small incremental layer. Only the written tips are
    // walked from (what they reach that the graph already holds is not read again); a repository
    // without a graph yet (made or filled by git directly) gets one from all of its refs.
    const info = join(this.path, 'objects', 'info');
    const chained = existsSync(join(info, 'commit-graphs', 'commit-graph-chain')) || existsSync(join(info, 'commit-graph'));
    if (chained && since.tips.size === 0) return;
    const args = ['commit-graph', 'write', chained ? '--stdin-commits' : '--reachable', '--split', '--no-progress'];
    await this.run(args, { okCodes: [1, 128], ...(chained ? { input: [...since.tips].join('\n') + '\n' } : {}) });
  }

  updateRefSync(ref: string, target: string, expected: string): void {
    this.writingSync(() => {
      // As in updateRef: the usual case in-process, everything else (and its wording) by git.
      if (this.writeRefInProcess(ref, target, expected)) return;
      try {
        runGitSync(this.path, ['update-ref', ref, target, expected]);
      } catch (error) {
        throw refFailure(ref, error);
      }
    });
  }

  /** Deletes refs in one all-or-nothing transaction, each only if still at its expected value. */
  async deleteRefs(refs: { ref: string; expected: string }[]): Promise<void> {
    if (refs.length === 0) return;
    const input = refs.map((r) => `delete ${r.ref}\0${r.expected}\0`).join('');
    await this.writing(async () => {
      try {
        await this.run([...REF_LOCK_WAIT, 'update-ref', '-z', '--stdin'], { input });
      } catch (error) {
        throw refFailure(refs[0]?.ref ?? '', error);
      }
      await this.afterRefWrites(refs.length);
    });
  }
}
