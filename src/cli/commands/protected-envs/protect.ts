import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { addContainerOptions, addSpecOptions, containerBase, ENV_COLUMNS, parseSpecs, withSpecColumns, type EnvOpts } from './specs.js';

interface ProtectOpts extends EnvOpts {
  deploy?: string[];
  approval?: string[];
}

export const protectVerb: VerbSpec<ProtectOpts> = {
  name: 'protect',
  bulk: true,
  args: '<environment>',
  summary: 'Protect an environment: who may deploy (--deploy) and who must approve (--approval)',
  examples: [
    'hostctl protected-envs protect production --group acme --deploy maintainer --deploy group:acme/platform --approval developer*2',
    'hostctl protected-envs protect staging --group acme --deploy user:alice --deploy group:acme/web+inherited',
    'hostctl protected-envs protect review/app -R acme/web/storefront --deploy developer',
  ],
  options: (cmd) => addSpecOptions(addContainerOptions(cmd), 'protect'),
  async run(cli, [name], o) {
    if (!name?.trim()) throw new UsageError('missing ENVIRONMENT');
    if (!o.deploy?.length) throw new UsageError('missing --deploy: who may deploy (maintainer, developer, admin, user:NAME or group:PATH)');
    const api = await cli.client();
    const body = {
      name,
      deploy_access_levels: await parseSpecs(api, o.deploy, '--deploy', false),
      ...(o.approval?.length ? { approval_rules: await parseSpecs(api, o.approval, '--approval', true) } : {}),
    };
    const { data } = await api.post<Record<string, unknown>>(containerBase(o).base, body);
    const table = cli.globals.output === 'table' && !cli.globals.fields;
    await cli.showItem(table ? ((await withSpecColumns(api, [data]))[0] as Record<string, unknown>) : data, ENV_COLUMNS);
  },
};
