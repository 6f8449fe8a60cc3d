// hostctl apply -f FILE: the plan of diff, confirmed on a terminal (--yes elsewhere), applied in
// dependency order with each step's outcome. It stops at the first failed step and says which
// steps were applied; --keep-going goes on, skipping (and naming) the steps that depend on a failed one.
import type { Command } from 'commander';
import { applyVerb } from '../../kit/verb.js';
import { EXIT } from '../../kit/errors.js';

interface ApplyFlags {
  file?: string[];
  prune?: boolean;
  keepGoing?: boolean;
}

export function configure(noun: Command): void {
  applyVerb<ApplyFlags>(noun, {
    name: 'apply',
    destructive: true,
    summary: 'Change the target to match settings files: show the plan, confirm, apply in dependency order',
    examples: [
      'hostctl apply -f acme.yaml',
      'hostctl apply -f acme.yaml --yes            # in CI: no confirmation',
      'hostctl apply -f acme.yaml --prune          # also remove what the declared sections leave out',
      'hostctl apply -f acme.yaml --dry-run        # the plan only (same as diff)',
    ],
    options: (cmd) =>
      cmd
        .option('-f, --file <file>', 'a settings file (YAML or JSON; repeat for several, - for stdin)', (v: string, p: string[] = []) => [...p, v])
        .option('--prune', 'also remove what the file does not declare, within the sections it declares for each group or project')
        .option('--keep-going', 'after a failed step, go on with the steps that do not depend on it (those that do are skipped)'),
    async run(cli, _args, o) {
      const [{ planFiles, showPlan }, { inSync }, { applyPlan, applyOrder }, { stepName, summaryLine }, { ApiError }, { explainApiError }] = await Promise.all([
        import('../../settings/run.js'),
        import('../../settings/plan.js'),
        import('../../settings/apply.js'),
        import('../../settings/render.js'),
        import('../../../client/api-error.js'),
        import('../../kit/errors.js'),
      ]);
      const { plan, ctx } = await planFiles(cli, o.file, !!o.prune);
      const data = cli.globals.output === 'json' || cli.globals.output === 'yaml';
      if (cli.globals.dryRun) {
        await showPlan(cli, plan);
        if (!inSync(plan)) process.exitCode = EXIT.drift;
        return;
      }
      if (inSync(plan)) {
        if (data) await showPlan(cli, plan);
        else cli.info(`nothing to change: ${summaryLine(plan)}`);
        return;
      }
      if (!data) await showPlan(cli, plan);
      const steps = applyOrder(plan).length;
      await cli.confirm(`Apply ${steps} change${steps === 1 ? '' : 's'} to ${ctx.client.target.startsWith('local:') ? 'the local state' : ctx.client.target}?`);
      const mark = { applied: 'done', failed: 'FAIL', skipped: 'skip' } as const;
      const outcomes = await applyPlan(ctx, plan, {
        keepGoing: !!o.keepGoing,
        onStep: (s) => {
          if (s.status === 'skipped') {
            if (s.after) cli.info(`${mark.skipped}  ${stepName(s.change)}: needs ${stepName(s.after)}, which was not applied`);
            return;
          }
          const why = s.error instanceof ApiError ? explainApiError(s.error.status, s.error.body, s.error.method, s.error.path, s.error.requestBody).message : s.error instanceof Error ? s.error.message : '';
          cli.info(`${mark[s.status]}  ${stepName(s.change)}${why ? `: ${why}` : ''}`);
        },
      });
      const applied = outcomes.filter((s) => s.status === 'applied');
      const failed = outcomes.filter((s) => s.status === 'failed');
      const skipped = outcomes.filter((s) => s.status === 'skipped' && s.after);
      const notRun = outcomes.filter((s) => s.status === 'skipped' && !s.after);
      if (data) {
        const row = (s: (typeof outcomes)[number]) => ({
          op: s.change.op,
          scope: s.change.target.scope,
          target: s.change.target.path,
          section: s.change.section,
          key: s.change.key,
          status: s.status === 'skipped' && !s.after ? 'not_applied' : s.status,
          ...(s.after ? { needs: stepName(s.after) } : {}),
        });
        const result = { applied: applied.length, failed: failed.length, skipped: skipped.length, not_applied: notRun.length, steps: outcomes.map(row) };
        if (cli.globals.output === 'json') cli.print(`${JSON.stringify(result, null, 2)}\n`);
        else cli.print(await (await import('../../render/yaml.js')).toYaml(result));
      }
      const first = failed[0];
      if (!first) {
        cli.info(`applied ${applied.length} change${applied.length === 1 ? '' : 's'}`);
        return;
      }
      if (o.keepGoing) cli.info(`${applied.length} of ${outcomes.length} steps applied, ${failed.length} failed, ${skipped.length} skipped (they depend on a failed step)`);
      else cli.info(`stopped at the first failed step: ${applied.length} of ${outcomes.length} steps applied, ${failed.length} failed, ${notRun.length} not applied${notRun.length ? ` (${notRun.map((s) => stepName(s.change)).join('; ')})` : ''}`);
      // The exit code is the first failed step's (a refusal is 3, a missing name 4, …).
      throw first.error;
    },
  });
}
