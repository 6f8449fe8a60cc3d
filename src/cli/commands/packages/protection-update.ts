import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { RULE_COLUMNS } from './columns.js';
import { addProjectOption, numericArg, projectRef, rulesPath, type ProjectOpts } from './paths.js';
import { addRuleOptions, ruleBody, type RuleOpts } from './rule-options.js';

export const protectionUpdateVerb: VerbSpec<ProjectOpts & RuleOpts> = {
  name: 'update',
  bulk: true,
  args: '<rule-id>',
  summary: 'Change a package protection rule',
  aliases: ['edit'],
  examples: ['hostctl packages protection update 3 -R acme/web/storefront --delete admin', 'hostctl packages protection update 3 -R 5 --pattern "rel-*" --push any'],
  options: (cmd) => addRuleOptions(addProjectOption(cmd)),
  async run(cli, [id], o) {
    const body = ruleBody(o);
    if (Object.keys(body).length === 0) throw new UsageError('nothing to change: give --pattern, --type, --push or --delete');
    const api = await cli.client();
    const { data } = await api.patch<Record<string, unknown>>(rulesPath(projectRef(o), numericArg(id, 'RULE-ID')), body);
    await cli.showItem(data, RULE_COLUMNS);
  },
};
