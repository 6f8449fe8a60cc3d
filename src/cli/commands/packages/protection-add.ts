import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { RULE_COLUMNS } from './columns.js';
import { addProjectOption, projectRef, rulesPath, type ProjectOpts } from './paths.js';
import { addRuleOptions, ruleBody, type RuleOpts } from './rule-options.js';

export const protectionAddVerb: VerbSpec<ProjectOpts & RuleOpts> = {
  name: 'add',
  bulk: true,
  summary: 'Protect packages whose name matches a pattern: who may publish and who may delete them',
  aliases: ['create'],
  examples: [
    'hostctl packages protection add -R acme/web/storefront --pattern "release-*" --type generic --push maintainer --delete owner',
    'hostctl packages protection add -R 5 --pattern "@acme/*" --type npm --push owner',
  ],
  options: (cmd) => addRuleOptions(addProjectOption(cmd)),
  async run(cli, _args, o) {
    if (!o.pattern) throw new UsageError('missing --pattern (the package name pattern)');
    if (!o.type) throw new UsageError('missing --type (the package type)');
    if (o.push === undefined && o.delete === undefined) throw new UsageError('give --push or --delete (or both)');
    const api = await cli.client();
    const { data } = await api.post<Record<string, unknown>>(rulesPath(projectRef(o)), ruleBody(o));
    await cli.showItem(data, RULE_COLUMNS);
  },
};
