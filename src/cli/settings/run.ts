// What the export, diff and apply commands share: files in, the plan with its context, out.
import type { Cli } from '../kit/verb.js';
import { UsageError } from '../kit/errors.js';
import { loadSettingsFiles, type Declaration } from './load.js';
import { buildPlan, makeContext, SettingsFileErrors, type Plan } from './plan.js';
import { SettingsFileError, type SectionContext } from './section.js';
import { ansiPaint, noPaint, planData, renderPlan } from './render.js';

/** Repeated `-f FILE` values. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export async function loadFiles(files: string[] | undefined): Promise<Declaration[]> {
  if (!files?.length) throw new UsageError('missing -f FILE (a settings file; repeat -f for several, - for stdin)');
  try {
    return await loadSettingsFiles(files);
  } catch (error) {
    if (error instanceof SettingsFileError) throw new SettingsFileErrors([error]);
    throw error;
  }
}

export async function planFiles(cli: Cli, files: string[] | undefined, prune: boolean): Promise<{ plan: Plan; ctx: SectionContext }> {
  const decls = await loadFiles(files);
  const ctx = await makeContext(await cli.client());
  try {
    return { plan: await buildPlan(ctx, decls, { prune }), ctx };
  } catch (error) {
    if (error instanceof SettingsFileError) throw new SettingsFileErrors([error]);
    throw error;
  }
}

/** Prints the plan: text on stdout (coloured on a terminal), or data with -o json|yaml. */
export async function showPlan(cli: Cli, plan: Plan): Promise<void> {
  const format = cli.globals.output;
  if (format === 'json') return cli.print(`${JSON.stringify(planData(plan), null, 2)}\n`);
  if (format === 'yaml') return cli.print(await (await import('../render/yaml.js')).toYaml(planData(plan)));
  if (format !== 'table') throw new UsageError(`-o ${format}: a plan prints as text, json or yaml`);
  cli.print(renderPlan(plan, cli.term.stdoutIsTTY ? cli.term.columns : Math.max(80, cli.term.columns), cli.term.color ? ansiPaint : noPaint));
}
