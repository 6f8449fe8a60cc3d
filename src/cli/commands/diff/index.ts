// hostctl diff -f FILE: the plan that apply would carry out, changing nothing. Exit 0 when the
// target matches the file, 11 when it differs (a scheduled job's drift check).
import type { Command } from 'commander';
import { applyVerb } from '../../kit/verb.js';
import { EXIT } from '../../kit/errors.js';

interface DiffFlags {
  file?: string[];
  prune?: boolean;
}

export function configure(noun: Command): void {
  applyVerb<DiffFlags>(noun, {
    name: 'diff',
    summary: 'Show what apply would change to match settings files (exit 11 when the target differs)',
    examples: [
      'hostctl diff -f acme.yaml',
      'hostctl diff -f acme.yaml -f projects.yaml --prune',
      'hostctl diff -f acme.yaml -o json | jq .summary',
      'hostctl diff -f acme.yaml >/dev/null || echo "drift (exit 11) or error"',
    ],
    options: (cmd) =>
      cmd
        .option('-f, --file <file>', 'a settings file (YAML or JSON; repeat for several, - for stdin)', (v: string, p: string[] = []) => [...p, v])
        .option('--prune', 'also show what would be removed: what the file does not declare, within the sections it declares'),
    async run(cli, _args, o) {
      const { planFiles, showPlan } = await import('../../settings/run.js');
      const { inSync } = await import('../../settings/plan.js');
      const { plan } = await planFiles(cli, o.file, !!o.prune);
      await showPlan(cli, plan);
      if (!inSync(plan)) process.exitCode = EXIT.drift;
    },
  });
}
