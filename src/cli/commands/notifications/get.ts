import { showVerb } from '../../kit/show-verb.js';
import { addScopeOptions, scopeOf, settingColumns, type ScopeOpts } from './shared.js';

export const getVerb = showVerb<ScopeOpts>({
  name: 'get',
  summary: 'Show your notification setting: global, or for a group or project',
  aliases: ['view'],
  examples: ['hostctl notifications get', 'hostctl notifications get --group acme', 'hostctl notifications get -R acme/web/storefront -o json'],
  options: (cmd) => addScopeOptions(cmd),
  path: (_args, o) => scopeOf(o).path,
  columns: (data, o) => settingColumns(scopeOf(o).scope, data),
});
