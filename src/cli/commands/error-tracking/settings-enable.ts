// hostctl error-tracking settings enable: configures integrated error tracking (creating the
// settings when there are none).
import type { VerbSpec } from '../../kit/verb.js';
import { addProjectOption, projectRef, settingsPath, type ProjectOpts } from './shared.js';

export const settingsEnableVerb: VerbSpec<ProjectOpts> = {
  name: 'enable',
  bulk: true,
  summary: 'Turn on integrated error tracking for a project (Maintainer); creates the settings',
  examples: ['hostctl error-tracking settings enable -R acme/web/storefront', 'hostctl error-tracking keys create -R acme/web/storefront   # then a key for the application'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, _args, o) {
    const api = await cli.client();
    const { data } = await api.put<Record<string, unknown>>(settingsPath(projectRef(o)), { active: true, integrated: true });
    await cli.showChanged(data, undefined, `error tracking enabled for project ${projectRef(o)}`);
  },
};
