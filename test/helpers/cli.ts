// Runs the built CLI (bin/hostctl.js → dist/) as a process, with its own temporary config and
// state directories, on the fake clock. The suite's global setup (test/global-setup.ts) first
// rebuilds dist/ when any source is newer, so these tests never run an old bundle.
import { execa, type Result, type ResultPromise } from 'execa';
import { expect } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { copyDemoState } from './demo-fixture.js';
import { copyInitState } from './init-fixture.js';
import { FAKE_NOW } from './instance.js';

export const BIN = resolve(import.meta.dirname, '../../bin/hostctl.js');

export interface CliSandbox {
  dir: string;
  configDir: string;
  stateDir: string;
  env: Record<string, string>;
  /** Runs hostctl with args; never throws on a non-zero exit. */
  run(args: string[], options?: { input?: string; env?: Record<string, string>; timeout?: number }): Promise<Result>;
  /** `hostctl init --state <stateDir>` (plus args): without args a copy of such a state (init-fixture.ts), with `--demo` of the demo; returns the root token. */
  init(args?: string[]): Promise<string>;
  /** Runs with `-o json`, fails the test on a non-zero exit (with its stderr), parses stdout. */
  json<T = Record<string, unknown>>(args: string[], env?: Record<string, string>): Promise<T>;
  cleanup(): void;
}

/**
 * A temporary directory with its own config, state and cache directories, and the environment
 * naming them (fake clock, no colour): nothing a test runs writes under the real home directory
 * (completion values are cached under XDG_CACHE_HOME).
 */
export function sandboxLayout(prefix: string): Pick<CliSandbox, 'dir' | 'configDir' | 'stateDir' | 'env'> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const configDir = join(dir, 'config');
  const env: Record<string, string> = {
    HOSTCTL_CONFIG_DIR: configDir,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CACHE_HOME: join(dir, 'cache'),
    HOSTCTL_FAKE_NOW: FAKE_NOW,
    NO_COLOR: '1',
  };
  return { dir, configDir, stateDir: join(dir, 'state'), env };
}

export function cliSandbox(): CliSandbox {
  const { dir, configDir, stateDir, env } = sandboxLayout('hostctl-e2e-');
  const sandbox: CliSandbox = {
    dir,
    configDir,
    stateDir,
    env,
    run: (args, options = {}) =>
      execa(process.execPath, [BIN, ...args], {
        env: { ...cleanEnv(), ...env, ...(options.env ?? {}) },
        extendEnv: false,
        reject: false,
        timeout: options.timeout ?? 60_000,
        ...(options.input !== undefined ? { input: options.input } : { stdin: 'ignore' }),
      }),
    async init(args = []) {
      // The demo is built once for the suite (demo-fixture.ts); `init --demo` itself is tested by running it.
      if (args.length === 1 && args[0] === '--demo') return copyDemoState(stateDir, configDir);
      // A plain state is copied too (init-fixture.ts); with options, init runs as a command.
      if (args.length === 0) return copyInitState(stateDir, configDir);
      const res = await sandbox.run(['init', '--state', stateDir, ...args]);
      if (res.exitCode !== 0) throw new Error(`init failed (${res.exitCode}): ${String(res.stderr)}`);
      return String(res.stdout).trim();
    },
    async json<T>(args: string[], env?: Record<string, string>): Promise<T> {
      const res = await sandbox.run([...args, '-o', 'json'], env ? { env } : {});
      expect(res.exitCode, `${args.join(' ')}: ${String(res.stderr)}`).toBe(0);
      return JSON.parse(String(res.stdout)) as T;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
  return sandbox;
}

/** The parent environment without hostctl/GitLab/CI/proxy settings that would leak into tests. */
export function cleanEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined) continue;
    if (/^(HOSTCTL_|GITLAB_)/.test(k) || k === 'CI' || k === 'FORCE_COLOR' || k === 'NO_COLOR') continue;
    // The CLI under test talks to 127.0.0.1; a proxy from the parent would intercept that.
    if (/^(https?_proxy|no_proxy|all_proxy)$/i.test(k)) continue;
    out[k] = v;
  }
  return out;
}

export interface ServeProcess {
  proc: ResultPromise;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Everything serve has written to stderr so far (one line per request). */
  log(): string;
}

/** Starts `hostctl serve --port 0` on the sandbox's state and waits for the URL it announces. */
export async function startServe(box: Pick<CliSandbox, 'stateDir' | 'env'>, extraArgs: string[] = []): Promise<ServeProcess> {
  const proc = execa(process.execPath, [BIN, 'serve', '--state', box.stateDir, '--port', '0', ...extraArgs], {
    env: { ...cleanEnv(), ...box.env },
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
  });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${log}`)), 20_000);
    proc.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const m = /at (http:\/\/\S+)\/api\/v4/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] as string);
      }
    });
    void proc.then(() => {
      clearTimeout(timer);
      reject(new Error(`serve exited: ${log}`));
    });
  });
  return { proc, url, log: () => log };
}
