// hostctl error-tracking settings disable: turns a configured error tracking off (settings and
// keys are kept).
import { ApiError } from '../../../client/api-error.js';
import type { VerbSpec } from '../../kit/verb.js';
import { CliError, EXIT } from '../../kit/errors.js';
import { addProjectOption, projectRef, settingsPath, type ProjectOpts } from './shared.js';

export const settingsDisableVerb: VerbSpec<ProjectOpts> = {
  name: 'disable',
  bulk: true,
  summary: 'Turn off error tracking for a project (Maintainer); the settings and keys are kept',
  examples: ['hostctl error-tracking settings disable -R acme/web/storefront'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, _args, o) {
    const api = await cli.client();
    const path = settingsPath(projectRef(o));
    try {
      const { data } = await api.patch<Record<string, unknown>>(path, { active: false });
      await cli.showChanged(data, undefined, `error tracking disabled for project ${projectRef(o)} (settings and keys kept)`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404 && /Error Tracking Setting/.test(error.message)) {
        throw new CliError('error tracking is not configured for this project', EXIT.notFound, 'configure it with: hostctl error-tracking settings enable -R PROJECT');
      }
      throw error;
    }
  },
};
