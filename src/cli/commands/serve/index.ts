// hostctl serve: the bundled core as an HTTP API v4 instance.
import type { Command } from 'commander';
import { applyVerb } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { CliError, EXIT } from '../../kit/errors.js';
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

interface ServeOptions {
  host: string;
  port: string;
}

export function configure(noun: Command): void {
  applyVerb<ServeOptions>(noun, {
    name: 'serve',
    summary: 'Serve a local state over HTTP as an API v4 instance',
    examples: ['hostctl serve --state ./state --port 8080', 'hostctl serve --host 0.0.0.0 --port 0   # any free port, printed on stderr'],
    options: (cmd) => cmd.option('--host <host>', 'address to listen on', '127.0.0.1').option('--port <port>', 'port to listen on (0: any free port)', '8080'),
    async run(cli, _args, opts) {
      if (!/^\d+$/.test(opts.port) || Number(opts.port) > 65535) throw new UsageError(`--port must be a number from 0 to 65535, got "${opts.port}"`);
      const stateDir = serveDir(cli);
      const [{ openCore }, { startServer }, { clockFromEnv }] = await Promise.all([
        import('../../../core/app.js'),
        import('../../../server/server.js'),
        import('../../../core/clock.js'),
      ]);
      // Signal handlers go in before anything is announced, so a stop request that arrives at
      // any point after start-up finishes in-flight requests and closes the database.
      let requestStop: (signal: string) => void = () => undefined;
      const stopped = new Promise<string>((resolve) => {
        requestStop = resolve;
      });
      process.removeAllListeners('SIGINT');
      process.once('SIGINT', () => requestStop('SIGINT'));
      process.once('SIGTERM', () => requestStop('SIGTERM'));
      const core = openCore({ stateDir, clock: clockFromEnv() });
      const server = await startServer({ core, host: opts.host, port: Number(opts.port) });
      cli.info(`hostctl serving ${stateDir} at ${server.url}/api/v4 (Ctrl-C to stop)`);
      const signal = await stopped;
      cli.info(`${signal}: finishing in-flight requests`);
      await server.close();
      core.close();
    },
  });
}
