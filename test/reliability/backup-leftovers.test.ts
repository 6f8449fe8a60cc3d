// A backup and a restore that find a killed one's leftover the file system will not let go (its
// scratch in the state, its partial archive or scratch state beside the target) go on and
// succeed: the sweep leaves it for the next run and doctor, which reports and removes it. The
// commands run as processes started as nobody where the tests run as root (root passes over the
// directory modes that refuse the removal: test/helpers/refused-removal.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/cli-in-process.js';
import { giveToNobody, nobodyProcess, openToNobody, plantUnremovable, reachableTempDir } from '../helpers/refused-removal.js';

const GONE = 99_999_999;

describe('leftovers of killed backups and restores that cannot be removed', () => {
  let box: InProcessSandbox;
  let work: string;
  const releases: (() => void)[] = [];

  beforeAll(async () => {
    box = inProcessSandbox();
    await box.init();
    work = reachableTempDir('hostctl-leftovers-');
  });
  afterAll(() => {
    for (const r of releases) r();
    if (work) rmSync(work, { recursive: true, force: true });
    box?.cleanup();
  });

  /** hostctl as a process of nobody's, with its own config and cache directories. */
  const asNobody = (args: string[]) => {
    const home = join(work, 'home');
    openToNobody(home);
    return execa(process.execPath, [BIN, ...args], {
      env: { ...cleanEnv(), ...box.env, HOME: home, HOSTCTL_CONFIG_DIR: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), XDG_CACHE_HOME: join(home, 'cache') },
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
      timeout: 60_000,
      ...nobodyProcess(),
    });
  };

  it('backup and restore succeed and keep them; doctor reports the one beside the restored state and --fix removes it', async () => {
    const state = join(work, 'state');
    cpSync(box.stateDir, state, { recursive: true });
    giveToNobody(state);
    openToNobody(join(state, 'tmp'));
    const scratch = join(state, 'tmp', `backup-${GONE}-0a0b0c0d`);
    releases.push(plantUnremovable(scratch).release);
    const out = join(work, 'out');
    openToNobody(out);
    const partial = join(out, `.state.tar.partial-${GONE}-0e0f1011`);
    releases.push(plantUnremovable(partial).release);

    const backup = await asNobody(['backup', '--state', state, '-O', join(out, 'state.tar')]);
    expect(backup.exitCode, String(backup.stderr)).toBe(0);
    expect(readdirSync(out).sort()).toEqual([`.state.tar.partial-${GONE}-0e0f1011`, 'state.tar']);
    expect(existsSync(scratch)).toBe(true);

    const into = join(work, 'restored');
    openToNobody(into);
    const target = join(into, 'state');
    const stuck = join(into, `.state.restoring-${GONE}-12131415`);
    releases.push(plantUnremovable(stuck).release);
    const restore = await asNobody(['restore', join(out, 'state.tar'), '--state', target]);
    expect(restore.exitCode, String(restore.stderr)).toBe(0);
    expect(readdirSync(into).sort()).toEqual([`.state.restoring-${GONE}-12131415`, 'state']);
    expect(existsSync(join(target, 'state.db'))).toBe(true);

    // Doctor, run by root (whom the modes do not stop), names it beside the state and removes it.
    const check = async (args: string[], dir = target, id = 'state.temporary-files') => {
      const res = await box.run(['doctor', '--state', dir, '--quick', '-o', 'json', ...args]);
      return (JSON.parse(String(res.stdout)) as { checks: { id: string; status: string; detail: string }[] }).checks.find((c) => c.id === id);
    };
    // The backup's sweeps could not remove theirs and did not fail: doctor on its state says what, and why.
    expect(await check([], state, 'state.sweep-failures')).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(new RegExp(`could not remove 2 leftovers: tmp/backup-${GONE}-0a0b0c0d \\(EACCES at .*\\), ${partial.replace(/[.]/g, '\\.')} \\(EACCES at .*\\)$`)),
    });
    expect(await check([])).toMatchObject({ status: 'warn', detail: `1 temporary file left by killed processes, 40 B (${stuck}); safe to remove: the process that made each is gone` });
    expect(await check(['--fix'])).toMatchObject({ status: 'ok', detail: 'removed 1 temporary file of killed processes' });
    expect(readdirSync(into)).toEqual(['state']);
  }, 120_000);
});
