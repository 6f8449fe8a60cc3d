// The launcher (bin/hostctl.js) runs the CLI's chunks from dist/ (most from the two packs, the
// CLI's and the core's) and, for remote commands through a proxy, dist/undici.cjs through V8
// code caches. A cache V8 rejects is rewritten after every command and the code is compiled from
// source each time, which start-up cannot afford; the proxy path sets a V8 flag (undici's
// WebAssembly parser), and V8 checks caches against a hash of its flags. These tests run a copy
// of the launcher and chunks without caches and check that the caches, once written, are
// accepted by the commands that follow, remote and local, direct and through a proxy, in either
// order; that a remote command reads neither the core's pack nor undici, and loads none of the
// Node modules the bundles' stand-ins replace; and that a proxy from the environment is reached
// through the agent loaded only then. And that the build's own caches of the packs for one noun
// are read by the command lines that begin with it, and only by them. And that a command that
// leaves nothing running is ended by the launcher itself, with its exit code and its output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cleanEnv, cliSandbox, startServe, type CliSandbox, type ServeProcess } from '../helpers/cli.js';
import { startForwardProxy } from '../helpers/forward-proxy.js';

const ROOT = resolve(import.meta.dirname, '../..');

let box: CliSandbox;
let serve: ServeProcess;
let token: string;
let install: string;

/** A copy of bin/ and dist/ (chunks, packs and bundles, no caches) that shares the project's node_modules. */
function freshInstall(name: string): string {
  const dir = join(box.dir, name);
  mkdirSync(join(dir, 'bin'), { recursive: true });
  mkdirSync(join(dir, 'dist'));
  for (const f of ['hostctl.js', 'package.json']) copyFileSync(join(ROOT, 'bin', f), join(dir, 'bin', f));
  for (const f of readdirSync(join(ROOT, 'dist'))) if (f.endsWith('.cjs')) copyFileSync(join(ROOT, 'dist', f), join(dir, 'dist', f));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

const caches = (dir: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const f of readdirSync(join(dir, 'dist'))) if (f.endsWith('.cache')) out[f.replace(/\.cjs\..*$/, '.cjs')] = `${statSync(join(dir, 'dist', f)).mtimeMs}:${readFileSync(join(dir, 'dist', f)).length}`;
  return out;
};

function run(dir: string, args: string[], remote: boolean, extra: string[] = [], env: Record<string, string> = {}) {
  return execa(process.execPath, [...extra, join(dir, 'bin/hostctl.js'), ...args], {
    env: { ...cleanEnv(), ...box.env, ...(remote ? { HOSTCTL_URL: serve.url, HOSTCTL_TOKEN: token } : { HOSTCTL_STATE: box.stateDir, HOSTCTL_TOKEN: token }), ...env },
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
  });
}

beforeAll(async () => {
  box = cliSandbox();
  token = await box.init();
  serve = await startServe(box);
  install = freshInstall('install');
}, 60_000);

afterAll(async () => {
  serve?.proc.kill('SIGTERM');
  await serve?.proc;
  box?.cleanup();
});

describe('code caches', () => {
  it("a direct remote command first: the caches are written once and accepted afterwards, and neither the core's pack nor undici is read", async () => {
    const dir = freshInstall('remote-first');
    const first = await run(dir, ['tokens', 'list', '-o', 'json'], true);
    expect(first.exitCode, String(first.stderr)).toBe(0);
    const written = caches(dir);
    expect(Object.keys(written)).toContain('cli-pack.cjs');
    expect(Object.keys(written)).not.toContain('core-pack.cjs');
    expect(Object.keys(written)).not.toContain('undici.cjs');
    for (const remote of [true, true, false, true]) {
      const res = await run(dir, ['tokens', 'list', '-o', 'json'], remote);
      expect(res.exitCode, String(res.stderr)).toBe(0);
    }
    // Rewritten caches would have new times: V8 took every one (the local run added the core's).
    const after = caches(dir);
    for (const [file, cache] of Object.entries(written)) expect(after[file], file).toBe(cache);
    expect(Object.keys(after)).toContain('core-pack.cjs');
    for (const remote of [false, true]) expect((await run(dir, ['tokens', 'list'], remote)).exitCode).toBe(0);
    expect(caches(dir)).toEqual(after);
  }, 60_000);

  it('a local command first: a command through a proxy adds the undici cache and keeps the other', async () => {
    const dir = freshInstall('local-first');
    const proxy = await startForwardProxy();
    try {
      expect((await run(dir, ['tokens', 'list'], false)).exitCode).toBe(0);
      const local = caches(dir);
      expect(Object.keys(local)).toEqual(expect.arrayContaining(['cli-pack.cjs', 'core-pack.cjs']));
      expect(Object.keys(local)).not.toContain('undici.cjs');
      const proxied = await run(dir, ['tokens', 'list'], true, [], { HTTP_PROXY: proxy.url });
      expect(proxied.exitCode, String(proxied.stderr)).toBe(0);
      const both = caches(dir);
      for (const [file, written] of Object.entries(local)) expect(both[file], file).toBe(written);
      expect(both['undici.cjs']).toBeDefined();
      // Through the proxy, local, direct, through the proxy again.
      const runs: [boolean, Record<string, string>][] = [[true, { HTTP_PROXY: proxy.url }], [false, {}], [true, {}], [true, { HTTP_PROXY: proxy.url }]];
      for (const [remote, env] of runs) expect((await run(dir, ['tokens', 'list'], remote, [], env)).exitCode).toBe(0);
      expect(caches(dir)).toEqual(both);
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('a cache from elsewhere (another V8, a corrupt file) is replaced, and the command still works', async () => {
    const dir = freshInstall('corrupt');
    const proxy = await startForwardProxy();
    try {
      expect((await run(dir, ['tokens', 'list'], true, [], { HTTP_PROXY: proxy.url })).exitCode).toBe(0);
      const names = readdirSync(join(dir, 'dist')).filter((f) => f.endsWith('.cache'));
      expect(names).toEqual(expect.arrayContaining([expect.stringMatching(/^cli-pack\.cjs\./), expect.stringMatching(/^undici\.cjs\./)]));
      for (const f of names) writeFileSync(join(dir, 'dist', f), 'not a code cache');
      const res = await run(dir, ['tokens', 'list', '-o', 'json'], true, [], { HTTP_PROXY: proxy.url });
      expect(res.exitCode, String(res.stderr)).toBe(0);
      expect(JSON.parse(String(res.stdout)).length).toBeGreaterThan(0);
      for (const f of names) expect(readFileSync(join(dir, 'dist', f), 'utf8')).not.toBe('not a code cache');
    } finally {
      await proxy.close();
    }
  }, 60_000);
});

describe("a noun's own caches of the packs", () => {
  it('are read first by a command line that begins with that noun; any other reads the general ones', async () => {
    // The build's caches of the packs, the general ones left out: a command that read a noun's
    // cache (and V8 took it) writes none; one that did not writes the general cache it lacked.
    const dir = freshInstall('noun-caches');
    const build = readdirSync(join(ROOT, 'dist')).filter((f) => /^(cli|core)-pack\.cjs\..+\.(tokens|users)\.cache$/.test(f));
    expect(build.length).toBe(4);
    for (const f of build) copyFileSync(join(ROOT, 'dist', f), join(dir, 'dist', f));
    const packCaches = () => readdirSync(join(dir, 'dist')).filter((f) => /^(cli|core)-pack\.cjs\..*cache$/.test(f)).sort();
    const stamps = () => Object.fromEntries(build.map((f) => [f, statSync(join(dir, 'dist', f)).mtimeMs]));
    const before = stamps();
    for (const args of [['tokens', 'list'], ['users', 'list']]) {
      const res = await run(dir, args, false);
      expect(res.exitCode, String(res.stderr)).toBe(0);
    }
    expect(packCaches()).toEqual([...build].sort());
    expect(stamps()).toEqual(before);
    // A flag before the noun: the general caches, written by this first command to need them.
    const flagFirst = await run(dir, ['-o', 'json', 'tokens', 'list'], false);
    expect(flagFirst.exitCode, String(flagFirst.stderr)).toBe(0);
    expect(JSON.parse(String(flagFirst.stdout)).length).toBeGreaterThan(0);
    expect(packCaches().filter((f) => !build.includes(f))).toEqual(['cli-pack.cjs', 'core-pack.cjs'].map((p) => `${p}.${process.versions.v8}.cache`));
    expect(stamps()).toEqual(before);
  }, 60_000);
});

/** The Node modules `hostctl tokens list` loads (remote or local), read by a preloaded probe. */
async function modulesLoaded(remote: boolean, args = ['tokens', 'list']): Promise<string[]> {
  const out = join(box.dir, `modules-${remote ? 'remote' : 'local'}.txt`);
  const probe = join(box.dir, `probe-${remote ? 'remote' : 'local'}.cjs`);
  writeFileSync(probe, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, process.moduleLoadList.join('\\n')));\n`);
  const res = await run(install, args, remote, ['--require', probe]);
  expect(res.exitCode, String(res.stderr)).toBe(0);
  expect(String(res.stdout)).toMatch(/root/);
  expect(existsSync(out)).toBe(true);
  return readFileSync(out, 'utf8').split('\n');
}

/**
 * node:module and the ES module loader it brings: the chunks ask it only for createRequire, which
 * the launcher answers itself.
 */
const MODULE_API = ['module', 'internal/modules/esm/loader'];

describe('what a command loads', () => {
  it("remote: Node's HTTP client, and none of the modules the stand-ins replace", async () => {
    const loaded = await modulesLoaded(true);
    expect(loaded).toContain('NativeModule _http_client');
    for (const m of ['http2', 'assert', 'child_process', 'tty', ...MODULE_API]) expect(loaded, m).not.toContain(`NativeModule ${m}`);
  }, 60_000);

  it('local, starting no git: neither node:child_process nor the HTTP client', async () => {
    const loaded = await modulesLoaded(false);
    expect(loaded).toContain('NativeModule fs');
    for (const m of ['child_process', 'http', 'v8', 'assert', ...MODULE_API]) expect(loaded, m).not.toContain(`NativeModule ${m}`);
  }, 60_000);

  it('a package loaded late that ships CommonJS (-o yaml: js-yaml) comes through require, without the ES module loader', async () => {
    const loaded = await modulesLoaded(false, ['tokens', 'list', '-o', 'yaml']);
    for (const m of MODULE_API) expect(loaded, m).not.toContain(`NativeModule ${m}`);
  }, 60_000);
});

describe('how a command ends', () => {
  // A preload that notes every process.reallyExit (what process.exit calls; a natural exit does
  // not), so the test sees whether the launcher ended the command itself.
  const noteExits = (): { preload: string; notes: string } => {
    const preload = join(box.dir, 'note-exit.cjs');
    const notes = join(box.dir, 'exits.txt');
    writeFileSync(preload, `const fs = require('node:fs'); const real = process.reallyExit; process.reallyExit = (code) => { fs.appendFileSync(${JSON.stringify(notes)}, String(code) + '\\n'); return real.call(process, code); };\n`);
    writeFileSync(notes, '');
    return { preload, notes };
  };

  it('a command that leaves nothing running is ended by the launcher, with its own exit code and all its output', async () => {
    const { preload, notes } = noteExits();
    const list = await run(install, ['tokens', 'list', '-o', 'json'], false, ['-r', preload]);
    expect(list.exitCode, String(list.stderr)).toBe(0);
    expect(JSON.parse(String(list.stdout)).length).toBeGreaterThan(0);
    const missing = await run(install, ['tokens', 'get', '999'], false, ['-r', preload]);
    expect(missing.exitCode).toBe(3);
    expect(String(missing.stderr)).toMatch(/404/);
    expect(readFileSync(notes, 'utf8').trim().split('\n')).toEqual(['0', '3']);
  }, 60_000);
});

describe('through a proxy', () => {
  it('a remote command loads the proxy agent on demand and goes through HTTP_PROXY', async () => {
    const proxy = await startForwardProxy();
    try {
      const res = await run(install, ['tokens', 'list', '-o', 'json'], true, [], { HTTP_PROXY: proxy.url });
      expect(res.exitCode, String(res.stderr)).toBe(0);
      expect(JSON.parse(String(res.stdout)).length).toBeGreaterThan(0);
      expect(proxy.seen.length).toBeGreaterThan(0);
      expect(proxy.seen[0]).toMatch(new RegExp(`^(CONNECT ${serve.url.slice(7)}|GET ${serve.url}/api/v4/personal_access_tokens)`));
    } finally {
      await proxy.close();
    }
  }, 60_000);
});
