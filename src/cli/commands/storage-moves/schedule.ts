import type { VerbSpec } from '../../kit/verb.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { parseDuration } from '../../kit/duration.js';
import { checkChoice } from '../../kit/refs.js';
import { containerName, MOVE_COLUMNS, MOVE_FIELDS, MOVE_KINDS, type MoveKind } from './columns.js';
import { addContainerOptions, containerMovesPath, containerOf, kindMovesPath, type ContainerOpts } from './container.js';
import { waitForMoves } from './poll.js';

interface ScheduleOpts extends ContainerOpts {
  from?: string;
  to?: string;
  kind?: string;
  wait?: boolean;
  timeout?: string;
  interval?: string;
}

type Move = Record<string, unknown> & { id: number; state: string };

export const scheduleVerb: VerbSpec<ScheduleOpts> = {
  name: 'schedule',
  bulk: true,
  summary: "Move repositories to another storage: every one of a kind on a storage (--from), or one container's",
  examples: [
    'hostctl storage-moves schedule --from default --to fast --wait',
    'hostctl storage-moves schedule --from default --to fast --kind snippet',
    'hostctl storage-moves schedule --project acme/web/storefront --to fast --wait --timeout 10m',
    'hostctl storage-moves schedule --group acme --to fast',
  ],
  options: (cmd) =>
    addContainerOptions(
      cmd
        .option('--from <storage>', 'move everything of --kind on this storage')
        .option('--to <storage>', 'destination storage (default: picked by storage weight)')
        .option('--kind <kind>', 'with --from: project (default), snippet or group'),
    )
      .option('--wait', 'wait until every move finished or failed (exit 1 when any failed)')
      .option('--timeout <duration>', 'with --wait: give up waiting after this long (exit 7), e.g. 30s, 10m')
      .option('--interval <duration>', 'with --wait: time between polls', '1s'),
  async run(cli, _args, o) {
    const container = containerOf(o);
    const timeoutMs = o.timeout !== undefined ? parseDuration(o.timeout, '--timeout') : undefined;
    const intervalMs = parseDuration(o.interval ?? '1s', '--interval');
    if (intervalMs < 100) throw new UsageError(`--interval must be at least 100ms, got "${String(o.interval)}"`);
    if (!o.wait && o.timeout !== undefined) throw new UsageError('--timeout applies with --wait');
    const api = await cli.client();
    let kind: MoveKind;
    let moves: Move[];
    if (container) {
      if (o.from !== undefined || o.kind !== undefined) throw new UsageError("--from and --kind schedule bulk moves; a single move starts from the container's own storage");
      kind = container.kind;
      const { data } = await api.post<Move>(containerMovesPath(container), o.to !== undefined ? { destination_storage_name: o.to } : {});
      moves = [data];
    } else {
      if (o.from === undefined) throw new UsageError('missing --from (a storage), or one of --project, --snippet, --group');
      kind = checkChoice(o.kind ?? 'project', MOVE_KINDS, '--kind') as MoveKind;
      // The bulk answer carries no ids: the new moves are those after the newest one before.
      const { data: newest } = await api.get<Move[]>(kindMovesPath(kind), { per_page: 1 });
      const before = newest[0]?.id ?? 0;
      await api.post(kindMovesPath(kind), { source_storage_name: o.from, ...(o.to !== undefined ? { destination_storage_name: o.to } : {}) });
      moves = [];
      for await (const m of api.paginate<Move>(kindMovesPath(kind), { per_page: 100 })) {
        if (m.id <= before) break;
        if (m.source_storage_name === o.from) moves.push(m);
      }
      moves.reverse();
      if (moves.length === 0) {
        cli.info(`nothing to move: no writable ${kind} repositories on storage ${o.from}`);
        if (cli.globals.output !== 'table') await cli.showList([], MOVE_COLUMNS, MOVE_FIELDS);
        return;
      }
    }
    if (!o.wait) {
      await cli.showList(moves, MOVE_COLUMNS, MOVE_FIELDS);
      cli.info(`scheduled ${moves.length} ${kind} move${moves.length === 1 ? '' : 's'}; follow with: hostctl storage-moves list --status started, or re-run with --wait`);
      return;
    }
    const done = await waitForMoves(cli, kind, moves.map((m) => m.id), { intervalMs, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
    await cli.showList(done, MOVE_COLUMNS, MOVE_FIELDS);
    const failed = done.filter((m) => m.state !== 'finished');
    if (failed.length > 0) {
      for (const m of failed) cli.info(`failed: move ${m.id} ${kind} ${containerName(m)} (${m.state}): ${String(m.error_message ?? 'no message')}`);
      throw new CliError(`${failed.length} of ${done.length} storage moves failed`, EXIT.failure);
    }
  },
};

