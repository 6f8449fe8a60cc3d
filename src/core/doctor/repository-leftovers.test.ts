// Doctor's fix of repositories left half-written by killed processes: what it cannot remove is
// reported with why, beside what it removed, instead of failing the run.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { removeRepositoryLeftovers } from './orphan-repositories.js';
import { asNobody, plantRemovable, plantUnremovable, reachableTempDir } from '../../../test/helpers/refused-removal.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

describe('removeRepositoryLeftovers', () => {
  it('removes what it can and names each one it could not remove with the reason', () => {
    const storage = reachableTempDir('hostctl-repo-leftovers-');
    cleanups.push(() => rmSync(storage, { recursive: true, force: true }));
    const gone = { label: 'default:@staging/1--0-0-a.tmp', path: join(storage, '1--0-0-a.tmp') };
    const stuck = { label: 'default:@projects/2.git.deleting-0-0-b', path: join(storage, '2.git.deleting-0-0-b') };
    plantRemovable(gone.path);
    const { release } = plantUnremovable(stuck.path);
    cleanups.unshift(release);

    const result = asNobody(() => removeRepositoryLeftovers([gone, stuck]));
    expect(result).toEqual({ removed: [gone], failed: [{ entry: stuck, reason: 'EACCES' }] });
    expect(existsSync(gone.path)).toBe(false);
    expect(existsSync(stuck.path)).toBe(true);
  });
});
