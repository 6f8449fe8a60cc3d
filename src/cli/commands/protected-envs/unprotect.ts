import type { VerbSpec } from '../../kit/verb.js';
import { containerBase, addContainerOptions, envPath, type EnvOpts } from './specs.js';

export const unprotectVerb: VerbSpec<EnvOpts> = {
  name: 'unprotect',
  bulk: true,
  destructive: true,
  args: '<environment>',
  summary: 'Unprotect an environment (anyone who may deploy to it otherwise then may)',
  aliases: ['rm'],
  examples: ['hostctl protected-envs unprotect staging --group acme', 'hostctl protected-envs unprotect review/app -R acme/web/storefront --yes'],
  options: (cmd) => addContainerOptions(cmd),
  async run(cli, [name], o) {
    const path = envPath(o, name);
    const api = await cli.client();
    // Looked up first so that a wrong name fails before the question.
    await api.get(path);
    await cli.confirm(`Unprotect ${String(name)} of ${containerBase(o).label}?`);
    // The specification answers 200 with the environment, the platform 204 without a body.
    await api.delete(path);
    cli.info(`unprotected ${String(name)} of ${containerBase(o).label}`);
  },
};
