// One demo state for the whole suite. `hostctl init --demo` drives a few hundred API calls and git
// writes (seconds of CPU on a busy machine); a dozen test files start from the same demo, so it is
// built once per bundle, kept under the temporary directory, and copied for each sandbox that asks
// for `init(['--demo'])`. A copy is a state like any other: the state holds no absolute paths.
//
// Workers may ask at the same moment: each builds into a directory of its own and renames it into
// place; the first rename wins and the others drop their copy, so no lock is needed.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { updateConfig } from '../../src/cli/config/store.js';
import { BIN, cleanEnv } from './cli.js';
import { FAKE_NOW } from './instance.js';

const root = resolve(import.meta.dirname, '../..');
const FIXTURES = join(tmpdir(), 'hostctl-test-fixtures');

/** The bundle and the fake clock decide what `init --demo` makes. */
function fixtureKey(): string {
  const bundle = statSync(join(root, 'dist/cli.cjs'));
  return `demo-${Math.trunc(bundle.mtimeMs)}-${bundle.size}-${FAKE_NOW.replace(/\W/g, '')}`;
}

/** Fixtures of bundles built more than a day ago (other checkouts may still use newer ones). */
function dropOldFixtures(): void {
  for (const name of readdirSync(FIXTURES)) {
    const path = join(FIXTURES, name);
    if (Date.now() - statSync(path).mtimeMs > 86_400_000) rmSync(path, { recursive: true, force: true });
  }
}

function buildDemo(final: string): void {
  mkdirSync(FIXTURES, { recursive: true, mode: 0o700 });
  dropOldFixtures();
  const work = mkdtempSync(join(FIXTURES, 'building-'));
  try {
    const env = { ...cleanEnv(), HOSTCTL_CONFIG_DIR: join(work, 'config'), XDG_DATA_HOME: join(work, 'data'), HOSTCTL_FAKE_NOW: FAKE_NOW, NO_COLOR: '1' };
    const token = execFileSync(process.execPath, [BIN, 'init', '--state', join(work, 'state'), '--demo'], { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 })
      .toString()
      .trim();
    writeFileSync(join(work, 'token'), token, { mode: 0o600 });
    rmSync(join(work, 'config'), { recursive: true, force: true });
    try {
      renameSync(work, final);
    } catch (error) {
      // Another worker finished first: its fixture is as good as this one.
      if (!existsSync(join(final, 'token'))) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Gives `stateDir` a copy of the demo state and makes it the current context of `configDir`,
 * as `hostctl init --state stateDir --demo` would; returns the root token.
 */
export async function copyDemoState(stateDir: string, configDir: string): Promise<string> {
  const fixture = join(FIXTURES, fixtureKey());
  if (!existsSync(join(fixture, 'token'))) buildDemo(fixture);
  cpSync(join(fixture, 'state'), stateDir, { recursive: true });
  const token = readFileSync(join(fixture, 'token'), 'utf8');
  await updateConfig(
    (data) => {
      data.contexts.local = { type: 'local', state: stateDir, token };
      data.currentContext ??= 'local';
    },
    { HOSTCTL_CONFIG_DIR: configDir },
  );
  return token;
}
