// Real third-party clients written for the platform (python-gitlab, the Ruby gitlab gem,
// @gitbeaker/rest) driving `hostctl serve` over HTTP. Each area adds a `<area>.test.ts` here that
// starts one served instance, seeds what it needs through the admin client, and runs a short
// script in each client's own object API. A script prints one JSON document on stdout; the test
// asserts on it. Where a client's package is not installed, its tests are skipped with a message
// that says which package to install (CI installs both from Debian's packages).
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startInstance, type Instance } from '../helpers/instance.js';
import type { InitOptions } from '../../src/core/init.js';

/** Debian's python3, where `python3-gitlab` installs (a pyenv python on PATH would not see it). */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const RUBY = existsSync('/usr/bin/ruby') ? '/usr/bin/ruby' : 'ruby';

export interface ServedInstance extends Instance {
  url: string;
}

/** An instance served over HTTP on 127.0.0.1 with a fake clock (see test/helpers/instance.ts). */
export async function startServed(options: Partial<InitOptions> = {}): Promise<ServedInstance> {
  const inst = await startInstance('http', options);
  if (!inst.url) throw new Error('served instance has no URL');
  return inst as ServedInstance;
}

function run(cmd: string, args: string[], env: Record<string, string>, input?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(cmd, args, { env: { ...process.env, ...env }, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? ((err as { code: number }).code) : 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
    if (input !== undefined) child.stdin?.end(input);
  });
}

function probe(cmd: string, args: string[]): boolean {
  try {
    execFileSync(cmd, args, { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

let pythonOk: boolean | undefined;
let rubyOk: boolean | undefined;

/** Whether python-gitlab can be imported; prints why not once. */
export function hasPythonGitlab(): boolean {
  if (pythonOk === undefined) {
    pythonOk = probe(PYTHON, ['-c', 'import gitlab']);
    if (!pythonOk) process.stderr.write('SKIP real-client tests for python-gitlab: install Debian package python3-gitlab\n');
  }
  return pythonOk;
}

/** Whether the Ruby gitlab gem can be required; prints why not once. */
export function hasRubyGitlab(): boolean {
  if (rubyOk === undefined) {
    rubyOk = probe(RUBY, ['-e', 'require "gitlab"']);
    if (!rubyOk) process.stderr.write('SKIP real-client tests for the Ruby gitlab gem: install Debian package ruby-gitlab\n');
  }
  return rubyOk;
}

/**
 * Runs a python-gitlab script. The script sees `gl` (a `gitlab.Gitlab` on the served URL with
 * the given token), `json` and `gitlab`, and must print one JSON document as its last stdout line.
 */
export async function runPython<T = unknown>(inst: ServedInstance, token: string, body: string): Promise<T> {
  const prelude = [
    'import json, sys, gitlab',
    'gl = gitlab.Gitlab(__import__("os").environ["GL_URL"], private_token=__import__("os").environ["GL_TOKEN"] or None)',
  ].join('\n');
  const res = await run(PYTHON, ['-c', `${prelude}\n${body}`], { GL_URL: inst.url, GL_TOKEN: token });
  return parseLast<T>('python-gitlab', res);
}

/**
 * Runs a script with the Ruby gitlab gem. The script sees `gl` (a `Gitlab.client` on the served
 * API endpoint with the given token) and `JSON`, and must print one JSON document last.
 */
export async function runRuby<T = unknown>(inst: ServedInstance, token: string, body: string): Promise<T> {
  const prelude = [
    'require "gitlab"',
    'require "json"',
    'gl = Gitlab.client(endpoint: ENV["GL_URL"] + "/api/v4", private_token: ENV["GL_TOKEN"])',
  ].join('\n');
  const res = await run(RUBY, ['-e', `${prelude}\n${body}`], { GL_URL: inst.url, GL_TOKEN: token });
  return parseLast<T>('ruby gitlab', res);
}

/** @gitbeaker/rest, bound to the served instance and a token. Loaded on first use. */
export async function gitbeaker(inst: ServedInstance, token: string) {
  const { Gitlab } = await import('@gitbeaker/rest');
  return new Gitlab({ host: inst.url, token });
}

function parseLast<T>(client: string, res: { code: number; stdout: string; stderr: string }): T {
  const lines = res.stdout.trim().split('\n');
  const last = lines[lines.length - 1] ?? '';
  if (res.code !== 0 || !last) throw new Error(`${client} exited ${res.code}\nstdout:\n${res.stdout}\nstderr:\n${res.stderr}`);
  try {
    return JSON.parse(last) as T;
  } catch {
    throw new Error(`${client} printed no JSON last\nstdout:\n${res.stdout}\nstderr:\n${res.stderr}`);
  }
}
