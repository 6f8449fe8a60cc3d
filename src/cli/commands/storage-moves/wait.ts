import { defineVerb } from '../../kit/verb.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { parseDuration } from '../../kit/duration.js';
import { checkChoice } from '../../kit/refs.js';
import { containerName, MOVE_COLUMNS, MOVE_FIELDS, MOVE_KINDS, type MoveKind } from './columns.js';
import { findMove } from './find-move.js';
import { waitForMoves } from './poll.js';
import { monotonicMs } from '../../../shared/elapsed.js';

interface WaitOpts {
  kind?: string;
  timeout?: string;
  interval?: string;
}

export const waitVerb = defineVerb<WaitOpts>({
  name: 'wait',
  args: '<id...>',
  summary: 'Wait for storage moves already scheduled to finish or fail (after schedule --wait timed out, or from another shell)',
  examples: ['hostctl storage-moves wait 12', 'hostctl storage-moves wait 12 13 14 --timeout 30m', 'hostctl storage-moves wait 9 --kind snippet -o json'],
  options: (cmd) =>
    cmd
      .option('--kind <kind>', 'project, snippet or group (default: found from each id)')
      .option('--timeout <duration>', 'give up waiting after this long (exit 7), e.g. 30s, 10m')
      .option('--interval <duration>', 'time between polls', '1s'),
  async run(cli, ids, o) {
    for (const id of ids) if (!/^\d+$/.test(id)) throw new UsageError(`a move id must be a number, got "${id}"`);
    const timeoutMs = o.timeout !== undefined ? parseDuration(o.timeout, '--timeout') : undefined;
    const intervalMs = parseDuration(o.interval ?? '1s', '--interval');
    if (intervalMs < 100) throw new UsageError(`--interval must be at least 100ms, got "${String(o.interval)}"`);
    const api = await cli.client();
    // Each id's kind: given, or the first kind that has a move of that id (ids are unique across
    // kinds on hostctl instances).
    const byKind = new Map<MoveKind, number[]>();
    const given = o.kind !== undefined ? (checkChoice(o.kind, MOVE_KINDS, '--kind') as MoveKind) : undefined;
    for (const id of ids.map(Number)) {
      const { kind } = await findMove(api, id, given);
      byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
    }
    const started = monotonicMs();
    const done: Record<string, unknown>[] = [];
    const failed: string[] = [];
    for (const [kind, kindIds] of byKind) {
      const left = timeoutMs === undefined ? undefined : Math.max(0, timeoutMs - (monotonicMs() - started));
      const moves = await waitForMoves(cli, kind, kindIds, { intervalMs, ...(left !== undefined ? { timeoutMs: left } : {}) });
      done.push(...moves);
      for (const m of moves) if (m.state !== 'finished') failed.push(`move ${m.id} ${kind} ${containerName(m)} (${m.state}): ${String(m.error_message ?? 'no message')}`);
    }
    await cli.showList(done, MOVE_COLUMNS, MOVE_FIELDS);
    if (failed.length > 0) {
      for (const line of failed) cli.info(`failed: ${line}`);
      throw new CliError(`${failed.length} of ${done.length} storage moves failed`, EXIT.failure);
    }
  },
});
