import type { VerbSpec } from '../../kit/verb.js';
import { addScopeOptions, scopeOf, settingColumns, type ScopeOpts } from './shared.js';

export const getVerb: VerbSpec<ScopeOpts> = {
  name: 'get',
  summary: 'Show your notification setting: global, or for a group or project',
  aliases: ['view'],
  examples: ['hostctl notifications get', 'hostctl notifications get --group acme', 'hostctl notifications get -R acme/web/storefront -o json'],
  options: (cmd) => addScopeOptions(cmd),
  async run(cli, _args, o) {
    const target = scopeOf(o);
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(target.path);
    await cli.showItem(data, settingColumns(target.scope, data));
  },
};
