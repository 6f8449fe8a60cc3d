import type { VerbSpec } from '../../kit/verb.js';
import { addProjectOption, periodId, periodPath, projectRef, type FreezePeriodJson, type ProjectOpts } from './shared.js';

export const deleteVerb: VerbSpec<ProjectOpts> = {
  name: 'delete',
  bulk: true,
  destructive: true,
  args: '<period>',
  summary: 'Delete a deploy freeze period (Maintainer); refused when it changed since it was read',
  aliases: ['rm'],
  examples: ['hostctl freeze-periods delete 3 -R acme/web/storefront', 'hostctl freeze-periods delete 3 -R 5 --yes'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [id], o) {
    const api = await cli.client();
    const path = periodPath(projectRef(o), await periodId(api, projectRef(o), id));
    const { data } = await api.get<FreezePeriodJson>(path);
    await cli.confirm(`Delete freeze period ${data.id} (${data.freeze_start} → ${data.freeze_end}, ${data.cron_timezone})?`);
    // The period as shown is the one deleted: a change made meanwhile answers 412.
    await api.request('DELETE', path, { headers: { 'if-unmodified-since': new Date(data.updated_at).toUTCString() } });
    cli.info(`deleted freeze period ${data.id}`);
  },
};
