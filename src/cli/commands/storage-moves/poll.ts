// --wait for storage moves: polls until every move is finished or failed. On a terminal a
// spinner (the CLI's status line, io/status-line.ts) shows live counts; otherwise one status
// line per state change goes to stderr. The moves run in a worker (serve, or the detached local
// worker), so interrupting the wait leaves them running.
import type { ApiClient } from '../../../client/client.js';
import type { Cli } from '../../kit/verb.js';
import { WaitTimeoutError } from '../../kit/errors.js';
import { containerName, DONE_STATES, type MoveKind } from './columns.js';
import { kindMovesPath } from './container.js';
import { monotonicMs } from '../../../shared/elapsed.js';

type Move = Record<string, unknown> & { id: number; state: string };

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs: number;
}

/** Current records of the given moves of one kind (the list is newest first). */
export async function fetchMoves(api: ApiClient, kind: MoveKind, ids: readonly number[]): Promise<Map<number, Move>> {
  const found = new Map<number, Move>();
  if (ids.length === 1) {
    const { data } = await api.get<Move>(`${kindMovesPath(kind)}/${ids[0]}`);
    found.set(data.id, data);
    return found;
  }
  const wanted = new Set(ids);
  const oldest = Math.min(...ids);
  for await (const move of api.paginate<Move>(kindMovesPath(kind), { per_page: 100 })) {
    if (wanted.has(move.id)) found.set(move.id, move);
    if (found.size === wanted.size || move.id < oldest) break;
  }
  return found;
}

const summary = (moves: Move[]): string => {
  const finished = moves.filter((m) => m.state === 'finished').length;
  const failed = moves.filter((m) => m.state === 'failed' || m.state === 'cleanup failed').length;
  return `${finished}/${moves.length} finished, ${failed} failed`;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitForMoves(cli: Cli, kind: MoveKind, ids: readonly number[], opts: WaitOptions): Promise<Move[]> {
  const api = await cli.client();
  const started = monotonicMs();
  const seen = new Map<number, string>();
  const spinner = cli.term.stderrIsTTY ? (await import('../../io/status-line.js')).openStatusLine({ out: process.stderr, columns: cli.term.columns, spinner: true }) : null;
  spinner?.update('waiting for moves');
  try {
    for (;;) {
      const current = await fetchMoves(api, kind, ids);
      const moves = ids.map((id) => current.get(id)).filter((m): m is Move => m !== undefined);
      for (const m of moves) {
        if (seen.get(m.id) === m.state) continue;
        seen.set(m.id, m.state);
        if (!spinner) cli.info(`move ${m.id} ${kind} ${containerName(m)}: ${m.state}${m.error_message ? ` (${String(m.error_message)})` : ''}`);
      }
      spinner?.update(summary(moves));
      if (moves.every((m) => DONE_STATES.has(m.state))) {
        spinner?.clear();
        if (!spinner || cli.globals.output === 'table') cli.info(summary(moves));
        return moves;
      }
      const elapsed = monotonicMs() - started;
      if (opts.timeoutMs !== undefined && elapsed >= opts.timeoutMs) {
        spinner?.clear();
        throw new WaitTimeoutError(`timed out waiting for storage moves (${summary(moves)}); they go on in the background: wait again with hostctl storage-moves wait ${ids.join(' ')}`);
      }
      await sleep(opts.timeoutMs === undefined ? opts.intervalMs : Math.min(opts.intervalMs, Math.max(0, opts.timeoutMs - elapsed)));
    }
  } finally {
    spinner?.clear();
  }
}
