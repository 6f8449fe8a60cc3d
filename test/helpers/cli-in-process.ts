// Runs hostctl's entry point (src/cli/main.ts) inside the test process instead of starting the
// built CLI: the same argv parsing, verbs, renderers, error mapping and exit codes, talking to
// the local state through the in-process transport, in milliseconds instead of a process start
// per command. Standard output, standard error and the exit code are captured; the terminal is
// fake (a width, whether it is a TTY) and standard input is given text. See docs/testing.md.
//
// It drives process-wide things (process.env, argv, stdout/stderr writes, exitCode, stdin), so
// runs are serialised; vitest runs each test file in its own process, so files never share them.
// What needs a real process stays with test/helpers/cli.ts: start-up and the launcher, signals,
// pipes closed early, pseudo-terminals (prompts), serve.
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PassThrough, Readable } from 'node:stream';
import { expect } from 'vitest';
import { BIN, cleanEnv, sandboxLayout } from './cli.js';
import { copyDemoState } from './demo-fixture.js';
import { copyInitState } from './init-fixture.js';

/** What a run leaves behind, in the shape execa gives the process tests (final newline stripped). */
export interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface FakeTerminal {
  /** Standard output and standard error are terminals (tables, colour rules, spinners). */
  tty?: boolean;
  /** The terminal's width (COLUMNS). */
  columns?: number;
}

/** One exchange with a prompt: wait until the output shows `expect`, then type `send`. */
export interface PromptStep {
  /** A regular expression over everything shown since the previous step, ANSI codes removed. */
  expect: string;
  /** Keys as a terminal sends them (test/e2e/terminal.ts KEY has the special ones). */
  send: string[];
}

/** What `drive` shows: the shape drivePty gives for a command on a pseudo-terminal. */
export interface DriveResult {
  code: number;
  /** Everything shown on standard output and error, in order, ANSI codes removed. */
  output: string;
  /** Why the steps stopped early ('did not see: …'), or null when every step ran. */
  error: string | null;
}

export interface RunOptions {
  /** Text on standard input (default: an empty, non-terminal standard input). */
  input?: string;
  env?: Record<string, string>;
  terminal?: FakeTerminal;
  /** Accepted for the process tests' signature; an in-process run is bounded by the test's own timeout. */
  timeout?: number;
  /**
   * Answers prompts: standard input, output and error become a terminal (prompts on), and each
   * step's keys are typed once the output shows what it expects. See `drive`.
   */
  steps?: PromptStep[];
}

export interface InProcessSandbox {
  dir: string;
  configDir: string;
  stateDir: string;
  env: Record<string, string>;
  /** Runs `hostctl ...args`; never throws on a non-zero exit. */
  run(args: string[], options?: RunOptions): Promise<CliRun>;
  /** `hostctl init --state <stateDir>` (plus args): without args a copy of such a state (init-fixture.ts), with `--demo` of the demo; returns the root token. */
  init(args?: string[]): Promise<string>;
  /**
   * Runs `hostctl ...args` on a fake terminal of `columns` width (default 80) with prompts on,
   * typing each step's keys when the output shows its `expect`: what a pseudo-terminal test does
   * (drivePty), without a process.
   */
  drive(args: string[], steps: PromptStep[], options?: { columns?: number; env?: Record<string, string> }): Promise<DriveResult>;
  /** Runs with `-o json`, fails the test on a non-zero exit (with its stderr), parses stdout. */
  json<T = Record<string, unknown>>(args: string[], env?: Record<string, string>): Promise<T>;
  cleanup(): void;
}

const tty_ = createRequire(import.meta.url)('node:tty') as typeof import('node:tty');
const realIsatty = tty_.isatty;

/** `process.exit()` inside a run ends the run, not the test process. */
class ExitCalled extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code})`);
  }
}

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\r/g;
/** With no new output for this long while a step waits, the run is ended with Ctrl-C. */
const STALL_MS = 20_000;

/**
 * A standard input that is a terminal and types the steps' keys as the output asks for them.
 * `shown` is called with everything written so far; keys go in once the next step's pattern
 * appears after where the previous step matched. A prompt that never appears ends the run with
 * Ctrl-C (as a user would), so a failing test reports what it saw instead of hanging.
 */
class TypingTerminal extends PassThrough {
  readonly isTTY = true;
  isRaw = false;
  error: string | null = null;
  private seen = 0;
  private step = 0;
  private stall: NodeJS.Timeout | undefined;

  constructor(private readonly steps: PromptStep[]) {
    super();
  }

  setRawMode(mode: boolean): this {
    this.isRaw = mode;
    return this;
  }

  /** Why the steps did not all run, or null when they did. */
  get failure(): string | null {
    const next = this.steps[this.step];
    return this.error ?? (next ? `did not see: ${next.expect}` : null);
  }

  shown(output: string): void {
    clearTimeout(this.stall);
    const next = this.steps[this.step];
    if (!next) return;
    const text = output.replace(ANSI, '');
    const m = new RegExp(next.expect).exec(text.slice(this.seen));
    if (!m) {
      this.stall = setTimeout(() => {
        this.error = `did not see: ${next.expect}`;
        this.write('\u0003');
      }, STALL_MS);
      return;
    }
    this.seen += m.index + m[0].length;
    this.step++;
    // Typed after the prompt has drawn itself, as on a terminal.
    setImmediate(() => {
      for (const key of next.send) this.write(key);
      this.shown(output);
    });
  }

  stop(): void {
    clearTimeout(this.stall);
  }
}

let queue: Promise<unknown> = Promise.resolve();
let loaded: Promise<typeof import('../../src/cli/main.js')> | undefined;

const stripFinalNewline = (s: string): string => s.replace(/\r?\n$/, '');

/** Replaces a property of an object for one run; returns the function that puts it back. */
function swap<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): () => void {
  const own = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { value, configurable: true, writable: true, enumerable: own?.enumerable ?? true });
  return () => {
    if (own) Object.defineProperty(target, key, own);
    else delete target[key];
  };
}

async function runOnce(args: string[], env: Record<string, string>, options: RunOptions): Promise<CliRun & { drive?: DriveResult }> {
  const { main } = await (loaded ??= import('../../src/cli/main.js'));
  let stdout = '';
  let stderr = '';
  let shown = '';
  const typing = options.steps ? new TypingTerminal(options.steps) : undefined;
  const collect = (into: 'out' | 'err') =>
    function write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
      if (into === 'out') stdout += text;
      else stderr += text;
      shown += text;
      typing?.shown(shown);
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
      return true;
    };
  const tty = typing !== undefined || (options.terminal?.tty ?? false);
  const savedEnv = process.env;
  const savedArgv = process.argv;
  const savedExitCode = process.exitCode;
  // main listens for these (src/cli/io/exit-signals.ts); a run's listeners go with it.
  const signals = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((s) => [s, process.listeners(s)] as const);
  const stdoutErrors = process.stdout.listeners('error');
  const restore = [
    swap(process.stdout, 'write', collect('out') as typeof process.stdout.write),
    swap(process.stderr, 'write', collect('err') as typeof process.stderr.write),
    swap(process.stdout, 'isTTY', tty),
    swap(process.stderr, 'isTTY', tty),
    // A terminal's streams know its width; prompts wrap at it.
    swap(process.stdout, 'columns', (tty ? (options.terminal?.columns ?? 80) : undefined) as number),
    swap(process.stderr, 'columns', (tty ? (options.terminal?.columns ?? 80) : undefined) as number),
    swap(process, 'stdin', (typing ?? Object.assign(Readable.from(options.input === undefined ? [] : [Buffer.from(options.input)]), { isTTY: false })) as typeof process.stdin),
    // The terminal check asks descriptor 0 (src/cli/io/terminal.ts), not the stream.
    swap(tty_, 'isatty', ((fd: number) => (fd === 0 ? typing !== undefined : realIsatty(fd))) as typeof tty_.isatty),
    swap(process, 'exit', ((code?: number) => {
      throw new ExitCalled(code ?? 0);
    }) as typeof process.exit),
  ];
  process.env = {
    ...env,
    // A fake terminal prompts only when the run types answers (steps).
    ...(typing ? {} : { HOSTCTL_NO_PROMPT: '1' }),
    ...(options.terminal?.columns !== undefined ? { COLUMNS: String(options.terminal.columns) } : {}),
    ...(options.env ?? {}),
  };
  // The path a verb re-runs itself with (a detached worker for queued jobs) is the real CLI.
  process.argv = [process.execPath, BIN, ...args];
  process.exitCode = undefined;
  let exitCode: number;
  try {
    await main(args);
    exitCode = Number(process.exitCode ?? 0);
  } catch (error) {
    if (!(error instanceof ExitCalled)) throw error;
    exitCode = error.code;
  } finally {
    typing?.stop();
    for (const undo of restore.reverse()) undo();
    process.env = savedEnv;
    process.argv = savedArgv;
    process.exitCode = savedExitCode;
    for (const [s, before] of signals) for (const l of process.listeners(s)) if (!before.includes(l)) process.removeListener(s, l);
    for (const l of process.stdout.listeners('error')) if (!stdoutErrors.includes(l)) process.stdout.removeListener('error', l as (e: Error) => void);
  }
  return {
    exitCode,
    stdout: stripFinalNewline(stdout),
    stderr: stripFinalNewline(stderr),
    ...(typing ? { drive: { code: exitCode, output: shown.replace(ANSI, ''), error: typing.failure } } : {}),
  };
}

/** A sandbox like cliSandbox() (own config and state directories, the fake clock), run in-process. */
export function inProcessSandbox(): InProcessSandbox {
  const { dir, configDir, stateDir, env } = sandboxLayout('hostctl-inproc-');
  /** Runs are serialised: they share the process's streams, environment and argv. */
  const enqueue = (args: string[], options: RunOptions) => {
    const result = queue.then(() => runOnce(args, { ...cleanEnv(), ...env }, options));
    queue = result.catch(() => undefined);
    return result;
  };
  const sandbox: InProcessSandbox = {
    dir,
    configDir,
    stateDir,
    env,
    run: (args, options = {}) => enqueue(args, options),
    async init(args = []) {
      // The demo is built once for the suite (demo-fixture.ts); `init --demo` itself is tested by running it.
      if (args.length === 1 && args[0] === '--demo') return copyDemoState(stateDir, configDir);
      // A plain state is copied too (init-fixture.ts); with options, init runs as a command.
      if (args.length === 0) return copyInitState(stateDir, configDir);
      const res = await sandbox.run(['init', '--state', stateDir, ...args]);
      if (res.exitCode !== 0) throw new Error(`init failed (${res.exitCode}): ${res.stderr}`);
      return res.stdout.trim();
    },
    async drive(args, steps, options = {}) {
      const res = await enqueue(args, { steps, terminal: { tty: true, columns: options.columns ?? 80 }, ...(options.env ? { env: options.env } : {}) });
      return res.drive as DriveResult;
    },
    async json<T>(args: string[], extraEnv?: Record<string, string>): Promise<T> {
      const res = await sandbox.run([...args, '-o', 'json'], extraEnv ? { env: extraEnv } : {});
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(0);
      return JSON.parse(res.stdout) as T;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
  return sandbox;
}
