import { UsageError } from '../../kit/errors.js';
import type { VerbSpec } from '../../kit/verb.js';
import { FREEZE_COLUMNS, addProjectOption, checkRule, periodsPath, projectRef, ruleOptions, type ProjectOpts } from './shared.js';

interface CreateOpts extends ProjectOpts {
  start?: string;
  end?: string;
  timezone?: string;
}

export const createVerb: VerbSpec<CreateOpts> = {
  name: 'create',
  bulk: true,
  summary: 'Create a deploy freeze period (Maintainer); on a terminal without --start/--end, a guided setup',
  examples: [
    "hostctl freeze-periods create -R acme/web/storefront --start '0 23 * * fri' --end '0 7 * * mon' --timezone Europe/Berlin",
    "hostctl freeze-periods create -R 5 --start '0 0 23 12 *' --end '0 0 2 1 *'",
    'hostctl freeze-periods create -R acme/web/storefront   # on a terminal: preset, cron, time zone, preview, confirm',
    'hostctl freeze-periods create -R acme/web/storefront --from-file holidays.yaml   # - {start: "0 23 24 12 *", end: "0 7 27 12 *"}',
  ],
  options: (cmd) => ruleOptions(addProjectOption(cmd)),
  async run(cli, _args, o) {
    const project = projectRef(o);
    let rule: { freeze_start: string; freeze_end: string; cron_timezone?: string };
    if (o.start !== undefined && o.end !== undefined) {
      await checkRule(o);
      rule = { freeze_start: o.start, freeze_end: o.end, ...(o.timezone !== undefined ? { cron_timezone: o.timezone } : {}) };
    } else {
      const missing = [o.start === undefined ? '--start' : '', o.end === undefined ? '--end' : ''].filter(Boolean);
      if (!cli.term.canPrompt) throw new UsageError(`missing ${missing.join(' and ')} (cron expressions; prompts are off: no terminal, --no-input or CI)`);
      await checkRule(o);
      const { freezeWizard } = await import('./wizard.js');
      rule = await freezeWizard(cli, project, { start: o.start, end: o.end, timezone: o.timezone });
    }
    const api = await cli.client();
    const { data } = await api.post<Record<string, unknown>>(periodsPath(project), rule);
    await cli.showItem(data, FREEZE_COLUMNS);
  },
};
