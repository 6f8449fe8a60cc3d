// Doctor's temporary-files check: what killed processes left in the state and beside it, and a
// --fix that reports the leftovers it could not remove instead of failing.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import { leftoverChecks, sweepFailureChecks } from './data-checks.js';
import { sweepAbandonedUploads, uploadTempDir } from '../upload-temp.js';
import { scratchRoot } from '../backup/scratch.js';
import { startTimeOf } from '../jobs/owner.js';
import { asNobody, openToNobody, plantRemovable, plantUnremovable, reachableTempDir } from '../../../test/helpers/refused-removal.js';

const GONE = 99_999_999;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function plantedState(): { parent: string; state: string } {
  const parent = reachableTempDir('hostctl-doctor-leftovers-');
  cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
  const state = join(parent, 'state');
  openToNobody(state, scratchRoot(state), uploadTempDir(state));
  writeFileSync(join(state, 'state.db'), 'the state itself');
  return { parent, state };
}

describe('state.temporary-files', () => {
  it("reports a killed restore's scratch state beside the state, and --fix removes it and nothing else", () => {
    const { parent, state } = plantedState();
    const beside = join(parent, `.state.restoring-${GONE}-0a0b0c0d`);
    plantRemovable(beside);

    expect(leftoverChecks(state, false)).toEqual([{ id: 'state.temporary-files', status: 'warn', detail: `1 temporary file left by killed processes, 24 B (${beside}); safe to remove: the process that made each is gone`, fix: 'hostctl doctor --fix' }]);
    expect(leftoverChecks(state, true)).toEqual([{ id: 'state.temporary-files', status: 'ok', detail: 'removed 1 temporary file of killed processes', fixed: 'removed 1 temporary files' }]);
    expect(readdirSync(parent).sort()).toEqual(['state']);
    expect(existsSync(join(state, 'state.db'))).toBe(true);
  });

  it("reports a killed restore --force's previous state, with its size, and --fix removes it; a live restore's is never touched", () => {
    const { parent, state } = plantedState();
    const dead = join(parent, `.state.replaced-${GONE}-123-0e0f1011`);
    mkdirSync(join(dead, 'blobs'), { recursive: true });
    writeFileSync(join(dead, 'blobs', 'one'), 'x'.repeat(2048));
    // A live process (the one that ran this test) with its own start time: a restore still running.
    const live = join(parent, `.state.replaced-${process.ppid}-${startTimeOf(process.ppid)}-01020304`);
    // The pid-only name of before start times were kept: alive while the pid is.
    const oldLive = join(parent, `.state.replaced-${process.ppid}-05060708`);
    for (const p of [live, oldLive]) plantRemovable(p);

    expect(leftoverChecks(state, false)).toEqual([{ id: 'state.temporary-files', status: 'warn', detail: `1 temporary file left by killed processes, 2.0 KiB (${dead}); safe to remove: the process that made each is gone`, fix: 'hostctl doctor --fix' }]);
    expect(leftoverChecks(state, true)[0]).toMatchObject({ status: 'ok', detail: 'removed 1 temporary file of killed processes' });
    expect(readdirSync(parent).sort()).toEqual([live, oldLive].map((p) => p.slice(parent.length + 1)).concat('state').sort());
  });

  it.runIf(process.platform === 'linux')('takes a live pid whose start time differs from the recorded one for a reused pid: its leftover goes', () => {
    const { parent, state } = plantedState();
    const start = startTimeOf(process.ppid);
    const reused = join(parent, `.state.replaced-${process.ppid}-${Number(start) + 1}-0e0f1011`);
    const scratch = join(scratchRoot(state), `backup-${process.ppid}-${Number(start) + 1}-0a0b0c0d`);
    const upload = join(uploadTempDir(state), `${process.ppid}-${Number(start) + 1}-abcdef`);
    for (const p of [reused, scratch, upload]) plantRemovable(p);

    expect(leftoverChecks(state, false)[0]).toMatchObject({ status: 'warn', detail: expect.stringContaining('3 temporary files left by killed processes') });
    expect(leftoverChecks(state, true)[0]).toMatchObject({ status: 'ok', detail: 'removed 3 temporary files of killed processes' });
    expect([reused, scratch, upload].filter(existsSync)).toEqual([]);
  });

  it('--fix removes what it can and reports what it could not remove, with why, instead of failing', () => {
    const { parent, state } = plantedState();
    const stuck = join(scratchRoot(state), `backup-${GONE}-0a0b0c0d`);
    const { release } = plantUnremovable(stuck);
    cleanups.unshift(release);
    const upload = join(uploadTempDir(state), `${GONE}-abcdef`);
    mkdirSync(upload);
    writeFileSync(join(upload, 'part'), 'half an upload');
    openToNobody(upload);
    plantRemovable(join(parent, `.state.restoring-${GONE}-0e0f1011`));

    const [check] = asNobody(() => leftoverChecks(state, true));
    expect(check).toEqual({
      id: 'state.temporary-files',
      status: 'warn',
      detail: `removed 2 temporary files of killed processes; 1 temporary file could not be removed: tmp/backup-${GONE}-0a0b0c0d (EACCES)`,
      fix: 'remove them by hand, or run hostctl doctor --fix again once the cause is gone',
    });
    expect(existsSync(stuck)).toBe(true);
    expect(existsSync(upload)).toBe(false);

    // The next run finds it again.
    release();
    expect(leftoverChecks(state, true)[0]).toMatchObject({ status: 'ok', detail: 'removed 1 temporary file of killed processes' });
    expect(existsSync(stuck)).toBe(false);
  });
});

describe('state.sweep-failures', () => {
  it('reports, with why, what a sweep could not remove (which never failed for it), names it under HOSTCTL_DEBUG, and forgets it once it is gone', () => {
    const { state } = plantedState();
    const stuck = join(uploadTempDir(state), `${GONE}-1-abcdef`);
    const { release } = plantUnremovable(stuck);
    cleanups.unshift(release);
    expect(sweepFailureChecks(state, false)[0]).toMatchObject({ status: 'ok' });

    const lines: string[] = [];
    const previous = process.env.HOSTCTL_DEBUG;
    process.env.HOSTCTL_DEBUG = '1';
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((line) => (lines.push(String(line)), true));
    try {
      expect(asNobody(() => sweepAbandonedUploads(state))).toEqual({ removed: [], failed: [{ path: stuck, reason: 'EACCES' }] });
    } finally {
      spy.mockRestore();
      if (previous === undefined) delete process.env.HOSTCTL_DEBUG;
      else process.env.HOSTCTL_DEBUG = previous;
    }
    expect(lines).toEqual([`[debug] sweep: could not remove ${stuck} (EACCES); left for the next sweep or hostctl doctor --fix\n`]);

    // Doctor, later (another process in use): the leftover with the sweep's reason.
    const [check] = sweepFailureChecks(state, false);
    expect(check).toMatchObject({ id: 'state.sweep-failures', status: 'warn', fix: 'remove them by hand, or run hostctl doctor --fix once the cause is gone' });
    expect(check?.detail).toMatch(new RegExp(`^the sweeps of killed processes' leftovers could not remove 1 leftover: blobs/tmp/${GONE}-1-abcdef \\(EACCES at \\d{4}-\\d\\d-\\d\\dT[\\d:]{8}Z\\)$`));

    // --fix removes it (the temporary-files check), and the record forgets it.
    release();
    expect(leftoverChecks(state, true)[0]).toMatchObject({ status: 'ok', detail: 'removed 1 temporary file of killed processes' });
    expect(sweepFailureChecks(state, true)[0]).toMatchObject({ status: 'ok' });
    expect(readdirSync(scratchRoot(state))).toEqual(['sweep-failures.json']);
  });
});
