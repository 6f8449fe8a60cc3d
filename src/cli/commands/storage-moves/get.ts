import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { checkChoice } from '../../kit/refs.js';
import { MOVE_COLUMNS, MOVE_KINDS, type MoveKind } from './columns.js';
import { findMove } from './find-move.js';

interface GetOpts {
  kind?: string;
}

export const getVerb: VerbSpec<GetOpts> = {
  name: 'get',
  args: '<id>',
  summary: 'Show one repository storage move (move ids are unique across kinds on hostctl instances)',
  aliases: ['view'],
  examples: ['hostctl storage-moves get 12', 'hostctl storage-moves get 12 --kind snippet -o json'],
  options: (cmd) => cmd.option('--kind <kind>', 'project, snippet or group (default: tried in that order)'),
  async run(cli, [id], o) {
    if (!/^\d+$/.test(String(id))) throw new UsageError(`the move id must be a number, got "${String(id)}"`);
    const api = await cli.client();
    const { move } = await findMove(api, Number(id), o.kind !== undefined ? (checkChoice(o.kind, MOVE_KINDS, '--kind') as MoveKind) : undefined);
    await cli.showItem(move, MOVE_COLUMNS);
  },
};
