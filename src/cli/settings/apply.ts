// Applies a plan's changes in dependency order: creates and updates by ascending section order
// (members before the rules that name them), then deletes by descending order (rules before the
// members they name). It stops at the first failure, unless keepGoing, which goes on with the
// steps of other targets and skips the rest of the failed step's target (they may depend on it).
import type { Change, SectionContext } from './section.js';
import type { Plan } from './plan.js';
import { SECTIONS } from './sections/index.js';

export interface StepOutcome {
  change: Change;
  status: 'applied' | 'failed' | 'skipped';
  error?: unknown;
}

const orderOf = (name: string): number => SECTIONS.find((s) => s.name === name)?.order ?? 50;

export function applyOrder(plan: Plan): Change[] {
  const all = plan.items.flatMap((i) => i.changes);
  const writes = all.filter((c) => c.op !== 'delete');
  const deletes = all.filter((c) => c.op === 'delete');
  // Array.prototype.sort is stable: within one order the plan's own order is kept.
  writes.sort((a, b) => orderOf(a.section) - orderOf(b.section));
  deletes.sort((a, b) => orderOf(b.section) - orderOf(a.section));
  return [...writes, ...deletes];
}

const targetId = (c: Change): string => `${c.target.scope}:${c.target.path}`;

export async function applyPlan(ctx: SectionContext, plan: Plan, opts: { keepGoing: boolean; onStep?: (o: StepOutcome) => void }): Promise<StepOutcome[]> {
  const outcomes: StepOutcome[] = [];
  const failedTargets = new Set<string>();
  let stopped = false;
  for (const change of applyOrder(plan)) {
    let outcome: StepOutcome;
    if (stopped || failedTargets.has(targetId(change))) outcome = { change, status: 'skipped' };
    else {
      try {
        const section = SECTIONS.find((s) => s.name === change.section && s.scopes.includes(change.target.scope));
        if (!section) throw new Error(`no section ${change.section} for ${change.target.scope}`);
        await section.apply(ctx, change);
        outcome = { change, status: 'applied' };
      } catch (error) {
        outcome = { change, status: 'failed', error };
        if (opts.keepGoing) failedTargets.add(targetId(change));
        else stopped = true;
      }
    }
    outcomes.push(outcome);
    opts.onStep?.(outcome);
  }
  return outcomes;
}
