// Runs the git binary. Arguments always travel as an array (never through a shell), and the
// environment is rebuilt from scratch: no user or system configuration, no inherited GIT_*
// variables, no prompts, a fixed locale. Identity and dates are passed explicitly by callers so
// that commits made on a fake clock are reproducible.
import type { ChildProcess } from 'node:child_process';
import { childProcess } from './child-process.js';
import { existsSync } from 'node:fs';

export interface GitRunOptions {
  /** Written to git's stdin. */
  input?: string | Uint8Array;
  /** Extra variables (author and committer identity and dates, GIT_INDEX_FILE). */
  env?: Record<string, string>;
  /** Exit codes that are answers rather than failures (e.g. 1 from `rev-parse --verify --quiet`). */
  okCodes?: number[];
}

export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export class GitCommandError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly code: number,
    readonly stderr: string,
  ) {
    super(`git ${args[0] ?? ''} failed (${code}): ${stderr.trim().split('\n')[0] ?? ''}`);
  }
}

const BASE_ENV_KEYS = ['PATH', 'SYSTEMROOT', 'TMPDIR'];

/** The environment every git process gets: nothing from the caller's git setup leaks in. */
export function gitEnv(gitDir: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of BASE_ENV_KEYS) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return {
    ...env,
    // node:os only when git runs (most local commands never start it).
    HOME: process.getBuiltinModule('node:os').tmpdir(),
    LC_ALL: 'C',
    GIT_DIR: gitDir,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ATTR_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    // Paths given by callers are files, never pathspec patterns.
    GIT_LITERAL_PATHSPECS: '1',
    ...extra,
  };
}

/** Configuration forced on every command, whatever the repository's own config says. */
const FORCED_CONFIG = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', '-c', 'gc.auto=0', '-c', 'core.quotePath=false'];

/**
 * Git children die with their parent: on Linux each runs under `setpriv --pdeathsig KILL`, so
 * the kernel kills it when the process that started it dies, even by SIGKILL (an orphaned git
 * would otherwise go on holding ref locks). Elsewhere the children still running are killed
 * when the process exits.
 */
let launcher: { command: string; prefix: string[] } | undefined;
function gitLauncher(): { command: string; prefix: string[] } {
  if (!launcher) {
    const setpriv = process.platform === 'linux' ? ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p)) : undefined;
    launcher = setpriv ? { command: setpriv, prefix: ['--pdeathsig', 'KILL', '--', 'git'] } : { command: 'git', prefix: [] };
  }
  return launcher;
}

const children = new Set<ChildProcess>();
let exitHook = false;
function track(child: ChildProcess): void {
  children.add(child);
  child.once('close', () => children.delete(child));
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const c of children) c.kill('SIGKILL');
    });
  }
}

const finish = (args: readonly string[], code: number, stdout: Buffer, stderr: string, ok: number[]): GitResult => {
  if (code !== 0 && !ok.includes(code)) throw new GitCommandError(args, code, stderr);
  return { code, stdout, stderr };
};

export function runGit(gitDir: string, args: readonly string[], options: GitRunOptions = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const { command, prefix } = gitLauncher();
    const child = childProcess().spawn(command, [...prefix, ...FORCED_CONFIG, ...args], { env: gitEnv(gitDir, options.env), stdio: ['pipe', 'pipe', 'pipe'], shell: false });
    track(child);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    // A command that exits before reading all of its input closes the pipe; that is its answer.
    child.stdin.on('error', () => undefined);
    child.on('close', (code) => {
      try {
        resolve(finish(args, code ?? 1, Buffer.concat(out), Buffer.concat(err).toString('utf8'), options.okCodes ?? []));
      } catch (error) {
        reject(error);
      }
    });
    if (options.input !== undefined) child.stdin.end(options.input);
    else child.stdin.end();
  });
}

/** The synchronous form, for the few steps that run inside a database transaction. */
export function runGitSync(gitDir: string, args: readonly string[], options: GitRunOptions = {}): GitResult {
  const { command, prefix } = gitLauncher();
  const res = childProcess().spawnSync(command, [...prefix, ...FORCED_CONFIG, ...args], {
    env: gitEnv(gitDir, options.env),
    input: options.input,
    shell: false,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (res.error) throw res.error;
  return finish(args, res.status ?? 1, res.stdout, res.stderr.toString('utf8'), options.okCodes ?? []);
}

export const text = (res: GitResult): string => res.stdout.toString('utf8');

/** Lines of output without the trailing empty one. */
export const lines = (res: GitResult): string[] => {
  const t = text(res);
  return t === '' ? [] : t.replace(/\n$/, '').split('\n');
};
