// The read-only verb most nouns have: GET one path and show the answer as an item. A noun gives
// the path (resolving names through the client when it must) and the columns; the kit does the
// request, the rendering in every output form, --fields and errors, as for any other verb.
import type { ApiClient } from '../../client/client.js';
import type { Column } from '../render/output.js';
import type { VerbSpec } from './verb.js';

export interface ShowVerbSpec<O> extends Omit<VerbSpec<O>, 'run' | 'list'> {
  /**
   * The API path to read, below /api/v4 and encoded (apiPath and the refs helpers make one).
   * Arguments are checked here first; `client` is for paths that resolve a name to an id.
   */
  path(args: string[], opts: O, client: () => Promise<ApiClient>): string | Promise<string>;
  /** The table's columns, fixed or chosen from the answer and options (default: every field). */
  columns?: Column[] | ((item: Record<string, unknown>, opts: O) => Column[]);
}

export const showVerb = <O>(spec: ShowVerbSpec<O>): VerbSpec<O> => {
  const { path, columns, ...verb } = spec;
  return {
    ...verb,
    async run(cli, args, opts) {
      const target = await path(args, opts, () => cli.client());
      const { data } = await (await cli.client()).get<Record<string, unknown>>(target);
      await cli.showItem(data, typeof columns === 'function' ? columns(data, opts) : columns);
    },
  };
};
