import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { settingColumns, addScopeOptions, eventOption, levelOption, scopeOf, type ScopeOpts } from './shared.js';

interface SetOpts extends ScopeOpts {
  level?: string;
  on?: string[];
  off?: string[];
  email?: string;
}

export const setVerb: VerbSpec<SetOpts> = {
  name: 'set',
  bulk: true,
  summary: 'Change your notification setting: level, events on or off (they count with --level custom), notification email (global)',
  aliases: ['update'],
  examples: [
    'hostctl notifications set --level watch',
    'hostctl notifications set -R acme/web/storefront --level custom --on new_release,failed_pipeline --off new_note',
    'hostctl notifications set --group acme --level mention',
    'hostctl notifications set --email alice@example.com',
  ],
  options: (cmd) =>
    addScopeOptions(cmd)
      .addOption(levelOption())
      .addOption(eventOption('--on <events>', 'events to be notified of (comma-separated or repeated)'))
      .addOption(eventOption('--off <events>', 'events not to be notified of (comma-separated or repeated)'))
      .option('--email <address>', 'where notifications go (global setting only; one of your verified addresses)'),
  async run(cli, _args, o) {
    const target = scopeOf(o);
    const on = o.on ?? [];
    const off = o.off ?? [];
    const both = on.filter((e) => off.includes(e));
    if (both.length > 0) throw new UsageError(`${both.join(', ')} given to both --on and --off`);
    if (o.email !== undefined && target.scope !== 'global') throw new UsageError('--email applies to the global setting only (no --group or --project)');
    const body: Record<string, unknown> = {};
    if (o.level !== undefined) body.level = o.level;
    if (o.email !== undefined) body.notification_email = o.email;
    for (const e of on) body[e] = true;
    for (const e of off) body[e] = false;
    if (Object.keys(body).length === 0) throw new UsageError('nothing to change: give at least one of --level, --on, --off, --email');
    const api = await cli.client();
    const { data } = await api.put<Record<string, unknown>>(target.path, body);
    if ((on.length > 0 || off.length > 0) && data.level !== 'custom') cli.info(`note: event choices count only with --level custom (the level is ${String(data.level)})`);
    await cli.showItem(data, settingColumns(target.scope, data));
  },
};
