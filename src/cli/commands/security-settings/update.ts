import { CliOption } from '../../kit/cli-command.js';
import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath } from '../../kit/refs.js';
import { addProjectOption, projectRef, type ProjectOpts } from '../../kit/project-option.js';

interface UpdateOpts extends ProjectOpts {
  secretPushProtection?: 'on' | 'off';
}

export const updateVerb: VerbSpec<UpdateOpts> = {
  name: 'update',
  bulk: true,
  summary: 'Turn secret push protection on or off (Ultimate; Maintainer)',
  aliases: ['set'],
  examples: ['hostctl security-settings update -R acme/web/storefront --secret-push-protection on', 'hostctl security-settings update -R 5 --secret-push-protection off -o json'],
  options: (cmd) => addProjectOption(cmd).addOption(new CliOption('--secret-push-protection <state>', 'block pushes that contain secrets').choices(['on', 'off'])),
  async run(cli, _args, o) {
    const project = projectRef(o);
    if (o.secretPushProtection === undefined) throw new UsageError('missing --secret-push-protection (on or off)');
    const api = await cli.client();
    const { data } = await api.put<Record<string, unknown>>(apiPath('/projects/:id/security_settings', { id: project }), {
      secret_push_protection_enabled: o.secretPushProtection === 'on',
    });
    await cli.showItem(data);
  },
};
