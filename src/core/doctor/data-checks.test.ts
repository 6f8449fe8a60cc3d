// Doctor's temporary-files check: what killed processes left in the state and beside it, and a
// --fix that reports the leftovers it could not remove instead of failing.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { leftoverChecks } from './data-checks.js';
import { uploadTempDir } from '../upload-temp.js';
import { scratchRoot } from '../backup/scratch.js';
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
    plantRemovable(join(parent, `.state.replaced-${GONE}-0e0f1011`));

    expect(leftoverChecks(state, false)).toEqual([{ id: 'state.temporary-files', status: 'warn', detail: `1 temporary file left by killed processes (${beside})`, fix: 'hostctl doctor --fix' }]);
    expect(leftoverChecks(state, true)).toEqual([{ id: 'state.temporary-files', status: 'ok', detail: 'removed 1 temporary file of killed processes', fixed: 'removed 1 temporary files' }]);
    expect(readdirSync(parent).sort()).toEqual([`.state.replaced-${GONE}-0e0f1011`, 'state']);
    expect(existsSync(join(state, 'state.db'))).toBe(true);
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
