import type { VerbSpec } from '../../kit/verb.js';
import { defined, requireChanges } from '../../kit/refs.js';
import { FREEZE_COLUMNS, addProjectOption, checkRule, periodId, periodPath, projectRef, ruleOptions, type ProjectOpts } from './shared.js';

interface UpdateOpts extends ProjectOpts {
  start?: string;
  end?: string;
  timezone?: string;
}

export const updateVerb: VerbSpec<UpdateOpts> = {
  name: 'update',
  bulk: true,
  args: '<period>',
  summary: 'Change a deploy freeze period (Maintainer): any of start, end, time zone',
  aliases: ['edit'],
  examples: ["hostctl freeze-periods update 3 -R acme/web/storefront --end '0 9 * * mon'", 'hostctl freeze-periods update 3 -R 5 --timezone America/New_York'],
  options: (cmd) => ruleOptions(addProjectOption(cmd)),
  async run(cli, [id], o) {
    const body = requireChanges(defined({ freeze_start: o.start, freeze_end: o.end, cron_timezone: o.timezone }), '--start, --end or --timezone');
    await checkRule(o);
    const api = await cli.client();
    const path = periodPath(projectRef(o), await periodId(api, projectRef(o), id));
    const { data } = await api.put<Record<string, unknown>>(path, body);
    await cli.showItem(data, FREEZE_COLUMNS);
  },
};
