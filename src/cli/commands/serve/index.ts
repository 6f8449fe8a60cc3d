// hostctl serve: the bundled core as an HTTP API v4 instance.
import type { Command } from 'commander';
import { hostname } from 'node:os';
import { applyVerb } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { CliError, EXIT } from '../../kit/errors.js';
import { exitCodeOf, takeOverSignals, type ExitSignal } from '../../io/exit-signals.js';
import type { Cli } from '../../kit/verb.js';

/**
 * The state directory to serve: the target the global flags and environment name (--context,
 * --state, HOSTCTL_CONTEXT, the current context), which must be local: serve cannot serve a
 * remote instance.
 */
function serveDir(cli: Cli): string {
  const target = cli.target();
  if (target.kind === 'remote') {
    const what = target.context ? `context "${target.context}" is a remote instance (${target.url})` : `${target.source} names a remote instance (${target.url})`;
    throw new CliError(`serve serves a local state; ${what}`, EXIT.usage, 'choose a local target: --state DIR or --context NAME of a local context (hostctl context list)');
  }
  return target.stateDir as string;
}

/**
 * How long the database write lock may stay taken with no commit at all before a write request
 * answers 503 + Retry-After. hostctl's own writes hold it for milliseconds (a transaction, or the
 * synchronous start of a request) and commit as they go; only a foreign holder (an open
 * transaction in the sqlite3 shell, a stopped process) keeps it this long.
 */
const SERVE_LOCK_STALL_MS = 10_000;

/** Addresses that mean "every address of this machine": no client reaches the server there. */
const WILDCARD = /^(0\.0\.0\.0|::|\[::\]|)$/;

/**
 * What web URLs (`web_url`, download links, DSNs) the server hands out, and how to change that: the
 * fixed `--external-url`; else the address each request reached — on a wildcard host, the
 * machine's name as clients would type it — and, when it differs, the state's own external URL,
 * which commands that read the state without serve still print (set by `init --external-url`).
 */
export function webUrlNote(o: { host: string; port: number; served: string; explicit?: string | undefined; stored: string; hostname?: string }): string {
  if (o.explicit !== undefined) return `web URLs (web_url, downloads, DSNs) use ${o.explicit.replace(/\/+$/, '')} (--external-url), whatever address a request reached; so do commands run on this state while it serves`;
  const reached = reachedAt(o);
  const stored = o.stored.replace(/\/+$/, '');
  return [
    ...(WILDCARD.test(o.host) ? [`listening on every address of this machine: clients reach it at, e.g., ${reached}`] : []),
    `web URLs (web_url, downloads, DSNs) follow the address each request reached (here ${reached}); --external-url https://HOST fixes them to a public address`,
    ...(stored !== reached ? [`commands run on this state print ${reached} while it serves, and its external URL ${stored} when nothing does (change it: hostctl init --external-url URL)`] : []),
  ].join('\n');
}

/** The address clients reach the server at: on a wildcard host, the machine's name. */
const reachedAt = (o: { host: string; port: number; served: string; hostname?: string }): string => (WILDCARD.test(o.host) ? `http://${o.hostname ?? hostname()}:${o.port}` : o.served);

interface ServeOptions {
  host: string;
  port: string;
  externalUrl?: string;
  trustProxy?: boolean;
}

export function configure(noun: Command): void {
  applyVerb<ServeOptions>(noun, {
    name: 'serve',
    summary: 'Serve a local state over HTTP as an API v4 instance',
    examples: [
      'hostctl serve --state ./state --port 8080',
      'hostctl serve --host 0.0.0.0 --port 0   # any free port, printed on stderr',
      'hostctl serve --host 0.0.0.0 --external-url https://git.example.com',
    ],
    options: (cmd) =>
      cmd
        .option('--host <host>', 'address to listen on', '127.0.0.1')
        .option('--port <port>', 'port to listen on (0: any free port)', '8080')
        .option('--external-url <url>', 'base of every web URL the API answers with (default: the address each request reached)')
        .option('--trust-proxy', 'believe X-Forwarded-Host/-Proto (only behind a reverse proxy that sets them)')
        .addHelpText('after', `\nExit status:\n  ${EXIT.interrupted}  stopped with Ctrl-C (SIGINT)\n  ${exitCodeOf('SIGHUP')}  stopped by a closed terminal (SIGHUP)\n  ${EXIT.ok}    stopped with SIGTERM\n  ${EXIT.unavailable}    the port is in use\n`),
    async run(cli, _args, opts) {
      if (!/^\d+$/.test(opts.port) || Number(opts.port) > 65535) throw new UsageError(`--port must be a number from 0 to 65535, got "${opts.port}"`);
      if (opts.externalUrl !== undefined && !/^https?:\/\/[^/\s]+(\/[^\s]*)?$/.test(opts.externalUrl)) {
        throw new UsageError(`--external-url must be an http(s) URL, got "${opts.externalUrl}"`);
      }
      const stateDir = serveDir(cli);
      const [{ openCore, stateModeWarnings }, { startServer }, { clockFromEnv }] = await Promise.all([
        import('../../../core/app.js'),
        import('../../../server/server.js'),
        import('../../../core/clock.js'),
      ]);
      for (const warning of stateModeWarnings(stateDir)) cli.info(warning);
      // Signal handlers go in before anything is announced, so a stop request that arrives at
      // any point after start-up finishes in-flight requests and closes the database.
      let requestStop: (signal: ExitSignal) => void = () => undefined;
      const stopped = new Promise<ExitSignal>((resolve) => {
        requestStop = resolve;
      });
      // SIGINT, SIGTERM and a closed terminal (SIGHUP) stop it so, instead of the exit every
      // other command makes (io/exit-signals.ts): requests in flight are answered, the state is
      // closed and its record (serve.json) removed, whichever of the three came.
      takeOverSignals(['SIGINT', 'SIGTERM', 'SIGHUP'], requestStop);
      const { writeServeRecord, removeServeRecord, liveServeRecord } = await import('../../../core/serve-record.js');
      // A server answers 503 + Retry-After only for a write lock held with no commit for long.
      const core = openCore({ stateDir, clock: clockFromEnv(), writeLockWaitMs: SERVE_LOCK_STALL_MS, ...(opts.externalUrl ? { externalUrl: opts.externalUrl } : {}) });
      const server = await startServer({ core, host: opts.host, port: Number(opts.port), trustProxy: opts.trustProxy === true }).catch((error: NodeJS.ErrnoException) => {
        core.close();
        if (error.code === 'EADDRINUSE') {
          // The program listening there may be a serve of this very state: say so and where.
          const running = liveServeRecord(stateDir);
          const hint = running && new URL(running.apiUrl).port === opts.port ? `hostctl serve of this state already runs there (pid ${running.pid}, ${running.apiUrl}); use it, or choose another --port` : 'another program listens there; choose another --port, or --port 0 for any free one';
          throw new CliError(`port ${opts.port} on ${opts.host} is in use`, EXIT.unavailable, hint);
        }
        if (error.code === 'EACCES') throw new CliError(`not allowed to listen on port ${opts.port} on ${opts.host}`, EXIT.auth, 'ports below 1024 need privileges; choose a --port above 1023');
        if (error.code === 'EADDRNOTAVAIL') throw new CliError(`${opts.host} is not an address of this machine`, EXIT.usage, 'use --host 127.0.0.1, 0.0.0.0 or an address of this machine');
        throw error;
      });
      // Commands that open this state in-process print web URLs at this server while it runs.
      const webUrl = (opts.externalUrl ?? reachedAt({ host: opts.host, port: server.port, served: server.url })).replace(/\/+$/, '');
      try {
        writeServeRecord(stateDir, { pid: process.pid, webUrl, apiUrl: server.url });
      } catch (error) {
        cli.info(`warning: could not record this server in ${stateDir} (${(error as NodeJS.ErrnoException).code ?? String(error)}); commands on this state keep printing its external URL`);
      }
      // One write: whoever reads the address reads the note with it.
      cli.info(`hostctl serving ${stateDir} at ${server.url}/api/v4 (Ctrl-C to stop)\n${webUrlNote({ host: opts.host, port: server.port, served: server.url, explicit: opts.externalUrl, stored: core.settings.externalUrl })}`);
      const signal = await stopped;
      cli.info(`${signal}: finishing in-flight requests`);
      removeServeRecord(stateDir);
      await server.close();
      core.close();
      // Stopped with Ctrl-C (130) or by a closed terminal (129), as every command ends on those;
      // SIGTERM is a normal stop.
      if (signal !== 'SIGTERM') process.exitCode = exitCodeOf(signal);
    },
  });
}
