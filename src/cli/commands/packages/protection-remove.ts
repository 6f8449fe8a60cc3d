import type { VerbSpec } from '../../kit/verb.js';
import { addProjectOption, numericArg, projectRef, rulesPath, type ProjectOpts } from './paths.js';

export const protectionRemoveVerb: VerbSpec<ProjectOpts> = {
  name: 'remove',
  bulk: true,
  destructive: true,
  args: '<rule-id>',
  summary: 'Remove a package protection rule',
  aliases: ['rm', 'delete'],
  examples: ['hostctl packages protection remove 3 -R acme/web/storefront --yes'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [id], o) {
    const ruleId = numericArg(id, 'RULE-ID');
    await cli.confirm(`Remove package protection rule ${ruleId}?`);
    const api = await cli.client();
    await api.delete(rulesPath(projectRef(o), ruleId));
    cli.info(`removed package protection rule ${ruleId}`);
  },
};
