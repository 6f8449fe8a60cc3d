// Builds the API client for a target. Local targets open the bundled core in this process
// (loaded only then); remote ones load the HTTP transport. Work a local command queues (jobs)
// is handed to a detached worker process so the command itself returns at once.
import { createRequire } from 'node:module';
import { ApiClient, type DryRunRequest } from '../../client/client.js';
import { LocalTransport } from '../../client/local-transport.js';
import type { Transport } from '../../client/transport.js';
import type { Target } from '../config/target.js';
import { runTokenCommand } from '../config/token-command.js';
import { CliError, EXIT } from './errors.js';

export interface ClientSetup {
  sudo?: string;
  debug?: (line: string) => void;
  /** Stderr notices (retries). */
  notice?: (line: string) => void;
  /** --dry-run: shows requests that would change something instead of sending them. */
  dryRun?: (request: DryRunRequest) => void;
  /** hostctl may prompt (a terminal, no --no-input, no CI): a token command may ask too. */
  interactive?: boolean;
}

export async function createTransport(target: Target, setup: ClientSetup = {}): Promise<Transport> {
  if (target.kind === 'remote') {
    const { HttpTransport } = await import('../../client/http-transport.js');
    return new HttpTransport({
      baseUrl: target.url as string,
      timeoutMs: Number(process.env.HOSTCTL_TIMEOUT_MS ?? 30_000),
      onRetry: (attempt, waitMs, status) => setup.notice?.(`got ${status}; retry ${attempt} in ${(waitMs / 1000).toFixed(1)}s`),
    });
  }
  const stateDir = target.stateDir as string;
  const [{ openCore, StateNotFoundError }, { clockFromEnv }, { liveServeRecord }] = await Promise.all([import('../../core/app.js'), import('../../core/clock.js'), import('../../core/serve-record.js')]);
  // While a `hostctl serve` of this state runs, the web URLs printed here are its own.
  const served = liveServeRecord(stateDir);
  let core;
  try {
    // A one-shot command serves no one else: its writes may wait for the lock synchronously.
    core = openCore({ stateDir, clock: clockFromEnv(), writeBusyMs: 10_000, log: localCoreLog, ...(served ? { externalUrl: served.webUrl } : {}) });
  } catch (error) {
    if (error instanceof StateNotFoundError) throw new CliError(error.message, EXIT.failure, 'or choose another target: hostctl context list');
    throw error;
  }
  const opened = core;
  return new LocalTransport(
    `local:${stateDir}`,
    async (request) => {
      const before = opened.jobs.enqueuedCount;
      const response = await opened.handle(request);
      if (opened.jobs.enqueuedCount !== before) startDetachedWorker(stateDir);
      return response;
    },
    () => opened.close(),
    // This process is the connection's only user, so one read transaction may span requests.
    (fn) => opened.readSnapshot(fn),
    { base: opened.settings.externalUrl, served: served !== undefined },
  );
}

export async function createClient(target: Target, setup: ClientSetup = {}): Promise<ApiClient> {
  // A context that keeps a command instead of its token: the command runs once, here, and the
  // target holds the token from then on (rotate and revoke compare it with the saved contexts).
  if (!target.token && target.tokenCommand) target.token = runTokenCommand(target.tokenCommand, target.context ? `context "${target.context}"` : 'the target', { interactive: setup.interactive === true });
  const transport = await createTransport(target, setup);
  return new ApiClient(transport, {
    ...(target.token ? { token: target.token } : {}),
    ...(setup.sudo ? { sudo: setup.sudo } : {}),
    ...(setup.debug ? { debug: setup.debug } : {}),
    ...(setup.notice ? { onMoved: (from: string, to: string) => setup.notice?.(`note: ${from} has moved to ${to}; following it (use the new path from now on)`) } : {}),
    ...(setup.dryRun ? { dryRun: setup.dryRun } : {}),
    userAgent: 'hostctl',
  });
}

/**
 * The log of a core opened for one command: its line for a failed request names the cause (a
 * read-only state, a full disk) beside the command's own error, but a stack trace is for
 * HOSTCTL_DEBUG=stack only, as for the CLI's own unexpected errors (serve's log keeps it whole).
 */
export function localCoreLog(message: string): void {
  const lines = message.split('\n');
  const shown = process.env.HOSTCTL_DEBUG === 'stack' ? lines : lines.filter((line) => !/^\s+at /.test(line));
  process.stderr.write(`${shown.join('\n')}\n`);
}

/** Runs `hostctl worker` in the background, detached from this process. */
export function startDetachedWorker(stateDir: string): void {
  const script = process.argv[1];
  if (!script) return;
  // Loaded here, not at the top: most commands never start a worker.
  const { spawn } = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
  const child = spawn(process.execPath, [script, 'worker', '--state', stateDir], { detached: true, stdio: 'ignore', env: process.env });
  child.unref();
}
