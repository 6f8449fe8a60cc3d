// One storage move by its id, for the verbs that take move ids (get, wait).
import type { ApiClient } from '../../../client/client.js';
import { ApiError } from '../../../client/api-error.js';
import { CliError, EXIT } from '../../kit/errors.js';
import { MOVE_KINDS, type MoveKind } from './columns.js';
import { kindMovesPath } from './container.js';

/**
 * The move and its kind: of the kind given, else of the first kind that has a move of that id
 * (ids are unique across kinds on hostctl instances). None is not found (exit 3), said of the
 * move rather than of the last kind's path asked.
 */
export async function findMove(api: ApiClient, id: number, kind?: MoveKind): Promise<{ kind: MoveKind; move: Record<string, unknown> }> {
  for (const k of kind !== undefined ? [kind] : MOVE_KINDS) {
    try {
      const { data } = await api.get<Record<string, unknown>>(`${kindMovesPath(k)}/${id}`);
      return { kind: k, move: data };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
    }
  }
  throw new CliError(`no ${kind !== undefined ? `${kind} ` : ''}storage move ${id}`, EXIT.notFound, 'list them with: hostctl storage-moves list');
}
