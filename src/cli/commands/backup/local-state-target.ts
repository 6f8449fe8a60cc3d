// Backup, restore and doctor work on a state directory's files, so they need a local target:
// --state, HOSTCTL_STATE, or a local context (--context or the current one).
import type { Cli } from '../../kit/verb.js';
import { CliError, EXIT } from '../../kit/errors.js';
import { monotonicMs } from '../../../shared/elapsed.js';

export function localStateOf(cli: Cli, verb: string): string {
  const target = cli.target();
  if (target.kind !== 'local' || !target.stateDir) {
    throw new CliError(`${verb} works on a local state directory, and the target is ${target.url ?? 'remote'} (${target.source})`, EXIT.usage, `run it on the machine that holds the state, with --state DIR or a local --context`);
  }
  return target.stateDir;
}

/** A throttled one-line progress report on stderr, only on a terminal. */
export function progressReporter(cli: Cli, label: string): { update(text: string): void; end(): void } {
  const out = cli.term.stderrIsTTY ? process.stderr : null;
  let last = 0;
  let drawn = false;
  return {
    update(text) {
      const now = monotonicMs();
      if (!out || now - last < 100) return;
      last = now;
      drawn = true;
      out.write(`\r\x1b[2K${label}: ${text}`);
    },
    end() {
      if (out && drawn) out.write('\r\x1b[2K');
    },
  };
}
