import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { checkChoice } from '../../kit/refs.js';
import { MOVE_COLUMNS, MOVE_FIELDS, MOVE_KINDS, MOVE_STATES, type MoveKind } from './columns.js';
import { addContainerOptions, containerMovesPath, containerOf, kindMovesPath, type ContainerOpts } from './container.js';
import { compareText } from '../../../shared/text-order.js';

interface ListOpts extends ContainerOpts {
  kind?: string;
  status?: string;
}

export const listVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: "List repository storage moves, newest first: all kinds, one kind, or one container's",
  aliases: ['ls'],
  list: true,
  examples: [
    'hostctl storage-moves list',
    'hostctl storage-moves list --kind snippet --status failed',
    'hostctl storage-moves list --project acme/web/storefront',
    "hostctl storage-moves list --status 'cleanup failed' -o json",
  ],
  options: (cmd) =>
    addContainerOptions(cmd)
      .option('--kind <kind>', 'project, snippet or group (default: all three)')
      .option('--status <status>', `only moves in this status (${MOVE_STATES.join(', ')}); --state names the state directory`),
  async run(cli, _args, o) {
    if (o.status !== undefined) checkChoice(o.status, MOVE_STATES, '--status');
    const container = containerOf(o);
    let rows: Record<string, unknown>[];
    if (container) {
      if (o.kind !== undefined) throw new UsageError('--kind and --project/--snippet/--group exclude each other');
      rows = await cli.list(containerMovesPath(container));
    } else {
      const kinds = o.kind !== undefined ? [checkChoice(o.kind, MOVE_KINDS, '--kind') as MoveKind] : [...MOVE_KINDS];
      rows = [];
      for (const kind of kinds) {
        try {
          rows.push(...(await cli.list(kindMovesPath(kind))));
        } catch (error) {
          // Group moves exist in paid tiers only: a free instance has none to list.
          if (!(kind === 'group' && kinds.length > 1 && (error as { status?: number }).status === 404)) throw error;
        }
      }
      if (kinds.length > 1) rows.sort((a, b) => compareText(String(b.created_at), String(a.created_at)) || Number(b.id) - Number(a.id));
    }
    // The API has no state filter; this one is applied to the fetched page(s).
    if (o.status !== undefined) rows = rows.filter((r) => r.state === o.status);
    await cli.showList(rows, MOVE_COLUMNS, MOVE_FIELDS);
  },
};
