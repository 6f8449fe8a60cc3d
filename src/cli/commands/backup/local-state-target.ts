// Backup, restore and doctor work on a state directory's files, so they need a local target:
// --state, HOSTCTL_STATE, or a local context (--context or the current one).
import type { Cli } from '../../kit/verb.js';
import { CliError, EXIT } from '../../kit/errors.js';
import type { StatusText } from '../../io/status-line.js';

export function localStateOf(cli: Cli, verb: string): string {
  const target = cli.target();
  if (target.kind !== 'local' || !target.stateDir) {
    throw new CliError(`${verb} works on a local state directory, and the target is ${target.url ?? 'remote'} (${target.source})`, EXIT.usage, `run it on the machine that holds the state, with --state DIR or a local --context`);
  }
  return target.stateDir;
}

/**
 * The status line of backup and restore (io/status-line.ts): `label: text` on stderr, only on a
 * terminal; end() takes it away for the command's summary or error.
 */
export async function progressReporter(cli: Cli, label: string): Promise<{ update(text: StatusText): void; end(): void }> {
  const { openStatusLine } = await import('../../io/status-line.js');
  const line = openStatusLine({ out: cli.term.stderrIsTTY ? process.stderr : null, columns: cli.term.columns });
  return {
    update: (text) => line.update(typeof text === 'string' ? `${label}: ${text}` : (ms) => `${label}: ${text(ms)}`),
    end: () => line.clear(),
  };
}
