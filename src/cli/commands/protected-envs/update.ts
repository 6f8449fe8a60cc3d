import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { addContainerOptions, addSpecOptions, ENV_COLUMNS, envPath, matches, parseSpecs, withSpecColumns, type EnvOpts, type RuleJson } from './specs.js';

interface UpdateOpts extends EnvOpts {
  deploy?: string[];
  approval?: string[];
  removeDeploy?: string[];
  removeApproval?: string[];
  requiredApprovals?: string;
}

export const updateVerb: VerbSpec<UpdateOpts> = {
  name: 'update',
  bulk: true,
  args: '<environment>',
  summary: 'Add or remove who may deploy and who must approve, or set the approvals required',
  aliases: ['edit'],
  examples: [
    'hostctl protected-envs update production --group acme --deploy user:bob --remove-deploy developer',
    'hostctl protected-envs update production --group acme --approval group:acme/security*1 --remove-approval developer',
    'hostctl protected-envs update production --group acme --required-approvals 2',
  ],
  options: (cmd) => addSpecOptions(addContainerOptions(cmd), 'update').option('--required-approvals <n>', 'approvals required to deploy (required_approval_count, 0 to 5)'),
  async run(cli, [name], o) {
    const path = envPath(o, name);
    const count = o.requiredApprovals;
    if (count !== undefined && (!/^\d+$/.test(count) || Number(count) > 5)) throw new UsageError(`--required-approvals must be a whole number from 0 to 5, got "${count}"`);
    if (![o.deploy, o.approval, o.removeDeploy, o.removeApproval].some((l) => l?.length) && count === undefined) {
      throw new UsageError('nothing to change: give at least one of --deploy, --approval, --remove-deploy, --remove-approval, --required-approvals');
    }
    const api = await cli.client();
    const { data: current } = await api.get<{ deploy_access_levels: RuleJson[]; approval_rules: RuleJson[] }>(path);
    const removals = async (specs: string[] | undefined, flag: string, entries: RuleJson[], approval: boolean) => {
      const out: { id: number; _destroy: true }[] = [];
      for (const want of await parseSpecs(api, specs, flag, approval)) {
        const hit = entries.filter((r) => matches(r, want));
        if (hit.length === 0) throw new UsageError(`${flag}: no entry of ${String(name)} matches`);
        out.push(...hit.map((r) => ({ id: r.id, _destroy: true as const })));
      }
      return out;
    };
    const deploy = [...(await removals(o.removeDeploy, '--remove-deploy', current.deploy_access_levels, false)), ...(await parseSpecs(api, o.deploy, '--deploy', false))];
    const approval = [...(await removals(o.removeApproval, '--remove-approval', current.approval_rules, true)), ...(await parseSpecs(api, o.approval, '--approval', true))];
    await api.put(path, {
      ...(deploy.length ? { deploy_access_levels: deploy } : {}),
      ...(approval.length ? { approval_rules: approval } : {}),
      ...(count !== undefined ? { required_approval_count: Number(count) } : {}),
    });
    // The update answer shows only the side that changed; show the whole environment.
    const { data } = await api.get<Record<string, unknown>>(path);
    const table = cli.globals.output === 'table' && !cli.globals.fields;
    await cli.showItem(table ? ((await withSpecColumns(api, [data]))[0] as Record<string, unknown>) : data, ENV_COLUMNS);
  },
};
