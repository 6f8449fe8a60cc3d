// The sweeps of what killed backups and restores left: a leftover the file system will not let
// go is left for the next sweep and returned with why, never thrown, and nothing else is touched.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchRoot, sweepBeside, sweepScratch } from './scratch.js';
import { asNobody, openToNobody, plantRemovable, plantUnremovable, reachableTempDir } from '../../../test/helpers/refused-removal.js';

// Ids no process has (above any pid_max): their owners are gone.
const GONE = 99_999_999;
const GONE_TOO = 99_999_998;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function workDir(): string {
  const dir = reachableTempDir('hostctl-sweep-');
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('sweepScratch', () => {
  it('removes the scratch of gone processes it can, returns the one it cannot with why, and keeps a live one', () => {
    const state = join(workDir(), 'state');
    const tmp = scratchRoot(state);
    openToNobody(state, tmp);
    const stuck = join(tmp, `backup-${GONE}-0a0b0c0d`);
    const { release } = plantUnremovable(stuck);
    cleanups.unshift(release);
    plantRemovable(join(tmp, `restore-${GONE_TOO}-0e0f1011`));
    // This process's own (a backup running now) is never a leftover.
    const live = join(tmp, `backup-${process.pid}-12131415`);
    plantRemovable(live);

    const result = asNobody(() => sweepScratch(state));
    expect(result).toEqual({ removed: [join(tmp, `restore-${GONE_TOO}-0e0f1011`)], failed: [{ path: stuck, reason: 'EACCES' }] });
    expect(readdirSync(tmp).sort()).toEqual([`backup-${GONE}-0a0b0c0d`, `backup-${process.pid}-12131415`].sort());

    // Once it can be removed, the next sweep finds it again and removes it.
    release();
    expect(sweepScratch(state)).toEqual({ removed: [stuck], failed: [] });
    expect(readdirSync(tmp)).toEqual([`backup-${process.pid}-12131415`]);
  });
});

describe('sweepBeside', () => {
  it("removes a gone restore's scratch beside the target it can, returns the one it cannot, and never touches the target or others' entries", () => {
    const parent = workDir();
    const target = join(parent, 'state');
    mkdirSync(target);
    writeFileSync(join(target, 'state.db'), 'the state itself');
    const stuck = join(parent, `.state.restoring-${GONE}-0a0b0c0d`);
    const { release } = plantUnremovable(stuck);
    cleanups.unshift(release);
    plantRemovable(join(parent, `.state.restoring-${GONE_TOO}-0e0f1011`));
    // The previous state a killed --force set aside, a backup's partial archive and another
    // target's scratch: not this sweep's.
    const others = [`.state.replaced-${GONE}-1c1d1e1f`, `.state.partial-${GONE}-20212223`, `.other.restoring-${GONE}-24252627`];
    for (const name of others) plantRemovable(join(parent, name));

    const result = asNobody(() => sweepBeside(target, 'restoring'));
    expect(result).toEqual({ removed: [join(parent, `.state.restoring-${GONE_TOO}-0e0f1011`)], failed: [{ path: stuck, reason: 'EACCES' }] });
    expect(readdirSync(parent).sort()).toEqual([...others, `.state.restoring-${GONE}-0a0b0c0d`, 'state'].sort());
    expect(existsSync(join(target, 'state.db'))).toBe(true);

    release();
    expect(sweepBeside(target, 'restoring')).toEqual({ removed: [stuck], failed: [] });
    expect(readdirSync(parent).sort()).toEqual([...others, 'state'].sort());
  });
});
